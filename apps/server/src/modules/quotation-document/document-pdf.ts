import type { PrintedDocument } from '@karya/domain';
import { drawLine, loadFontEngine, registerFonts, type Style, wrap } from './pdf-text.ts';

/**
 * A printed document as a PDF (issues 25 and 27: a quotation, a sale's tax invoice): its model
 * (PrintedDocument in packages/domain) laid out on A4 with 1 cm margins; the items table's header row on
 * every page it runs onto, a row never split, the band on every page when there is one, and "Page n of m"
 * at the foot. Fonts embedded (Noto: Latin and ₹, Oriya, Devanagari).
 */

const CM = 72 / 2.54;
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = CM;
const FOOTER = 14;
const LEFT = MARGIN;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - FOOTER;

const BODY: Style = { size: 9 };
const SMALL: Style = { size: 7.5 };
const SMALL_BOLD: Style = { size: 7.5, weight: 'bold' };
const HEADING: Style = { size: 8.5, weight: 'bold', color: '#495057' };
const RED = '#c92a2a';

/** Relative widths scaled to the page's width. */
const scaled = (weights: readonly number[]) => {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / sum) * WIDTH);
};

type Table = { columns: readonly string[]; widths: readonly number[]; numeric: (i: number) => boolean };

export type PdfInput = { doc: PrintedDocument; logo: Buffer | null };

export const renderDocumentPdf = async ({ doc: q, logo }: PdfInput): Promise<Buffer> => {
  // pdfkit and fontkit are loaded by the first document, not at start-up: with exceljs (xlsx-stream.ts) they
  // take 0.4 s and 42 MiB to load, for what only printing and exports use. Loaded late, the production server
  // answers its health check in 1.9 s where it took 2.3 s (a restart on PGlite), and every test file that
  // builds the app imports less.
  const [{ default: PDFDocument }] = await Promise.all([import('pdfkit'), loadFontEngine()]);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: `${q.heading} ${q.number}`, Author: q.company.name || 'Karya', Subject: q.title },
  });
  registerFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let y = 0;
  const lineHeight = (s: Style) => s.size * 1.35;

  const newPage = () => {
    pdf.addPage();
    y = MARGIN;
    if (q.band) {
      pdf.save().lineWidth(1.5).strokeColor(RED).rect(LEFT, y, WIDTH, 20).stroke().restore();
      drawLine(
        pdf,
        q.band.toUpperCase(),
        LEFT,
        y + 5,
        { size: 10, weight: 'bold', color: RED },
        {
          width: WIDTH,
          align: 'center',
        },
      );
      y += 28;
    }
  };
  /** A new page when `height` does not fit below y. */
  const room = (height: number) => {
    if (y + height > BOTTOM) newPage();
  };
  const text = (lines: readonly string[], x: number, width: number, style: Style) => {
    for (const line of lines.flatMap((l) => wrap(pdf, l, width, style))) {
      room(lineHeight(style));
      drawLine(pdf, line, x, y, style);
      y += lineHeight(style);
    }
  };
  const heading = (title: string) => {
    room(lineHeight(HEADING) + lineHeight(BODY) * 2);
    y += 6;
    drawLine(pdf, title.toUpperCase(), LEFT, y, HEADING);
    y += lineHeight(HEADING);
  };

  const cellLines = (t: Table, row: readonly string[], style: Style) =>
    row.map((cell, i) => wrap(pdf, cell, (t.widths[i] ?? 0) - 6, style));
  const drawRow = (t: Table, lines: string[][], style: Style, fill?: string) => {
    const height = Math.max(1, ...lines.map((l) => l.length)) * lineHeight(style) + 5;
    let x = LEFT;
    if (fill) pdf.save().rect(LEFT, y, WIDTH, height).fill(fill).restore();
    lines.forEach((cellText, i) => {
      const w = t.widths[i] ?? 0;
      pdf.save().lineWidth(0.5).strokeColor('#868e96').rect(x, y, w, height).stroke().restore();
      for (const [n, l] of cellText.entries())
        drawLine(pdf, l, x + 3, y + 3 + n * lineHeight(style), style, {
          width: w - 6,
          align: t.numeric(i) ? 'right' : 'left',
        });
      x += w;
    });
    y += height;
  };
  /** A table: its header row again on every page it runs onto; a row never split across pages. */
  const table = (t: Table, rows: readonly (readonly string[])[], foot?: readonly string[]) => {
    const header = cellLines(t, t.columns, SMALL_BOLD);
    const headerHeight = Math.max(...header.map((l) => l.length)) * lineHeight(SMALL_BOLD) + 5;
    const drawHeader = () => drawRow(t, header, SMALL_BOLD, '#f1f3f5');
    const first = rows[0] ? cellLines(t, rows[0], SMALL) : [];
    room(headerHeight + Math.max(1, ...first.map((l) => l.length)) * lineHeight(SMALL) + 5);
    drawHeader();
    for (const row of [...rows, ...(foot ? [foot] : [])]) {
      const lines = cellLines(t, row, row === foot ? SMALL_BOLD : SMALL);
      const height = Math.max(1, ...lines.map((l) => l.length)) * lineHeight(SMALL) + 5;
      if (y + height > BOTTOM) {
        newPage();
        drawHeader();
      }
      drawRow(t, lines, row === foot ? SMALL_BOLD : SMALL);
    }
  };

  // Header: logo, the company, and the document's number and dates.
  newPage();
  const top = y;
  let left = LEFT;
  if (logo) {
    try {
      pdf.image(logo, LEFT, y, { fit: [90, 50] });
      left = LEFT + 100;
    } catch {
      // A logo pdfkit cannot read is left out; the rest of the document stands.
    }
  }
  const rightWidth = 160;
  const companyWidth = LEFT + WIDTH - rightWidth - left - 10;
  if (q.companyMissing) {
    drawLine(pdf, q.companyMissing, left, y, { size: 10, weight: 'bold', color: RED });
    y += 16;
  } else {
    for (const l of wrap(pdf, q.company.name, companyWidth, { size: 15, weight: 'bold' })) {
      drawLine(pdf, l, left, y, { size: 15, weight: 'bold' });
      y += 19;
    }
    for (const l of q.company.lines.flatMap((line) => wrap(pdf, line, companyWidth, BODY))) {
      drawLine(pdf, l, left, y, BODY);
      y += lineHeight(BODY);
    }
  }
  const leftBottom = Math.max(y, logo ? top + 52 : y);
  y = top;
  const rightX = LEFT + WIDTH - rightWidth;
  drawLine(pdf, q.heading, rightX, y, { size: 15, weight: 'bold' }, { width: rightWidth, align: 'right' });
  y += 20;
  for (const l of q.meta) {
    drawLine(pdf, l, rightX, y, BODY, { width: rightWidth, align: 'right' });
    y += lineHeight(BODY);
  }
  y = Math.max(y, leftBottom) + 4;
  pdf
    .save()
    .lineWidth(1.5)
    .strokeColor('#111111')
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke()
    .restore();
  y += 8;

  // The party on the left; beside it the subject, the place of supply and what else the document says.
  const half = WIDTH / 2 - 6;
  const partiesTop = y;
  drawLine(pdf, q.party.heading, LEFT, y, HEADING);
  y += lineHeight(HEADING);
  text([q.party.name], LEFT, half, { size: 10.5, weight: 'bold' });
  text(q.party.lines, LEFT, half, BODY);
  const customerBottom = y;
  y = partiesTop;
  const midX = LEFT + WIDTH / 2 + 6;
  q.aside.forEach((block, i) => {
    if (i > 0) y += 3;
    drawLine(pdf, block.heading, midX, y, HEADING);
    y += lineHeight(HEADING);
    text(block.lines.length ? block.lines : ['—'], midX, half, BODY);
  });
  y = Math.max(y, customerBottom) + 8;

  // The items.
  const numeric = new Set(q.items.numeric);
  table(
    { columns: q.items.columns, widths: scaled(q.items.widths), numeric: (i) => numeric.has(i) },
    q.items.rows,
  );
  y += 6;

  // Totals, right-aligned, and the total in words.
  const totalsX = LEFT + WIDTH / 2;
  const totalsWidth = WIDTH / 2;
  const totalsLines = [...q.totals, q.grandTotal];
  room(totalsLines.length * lineHeight(BODY) + 10);
  for (const t of totalsLines) {
    const grand = t === q.grandTotal;
    const style: Style = grand ? { size: 10.5, weight: 'bold' } : BODY;
    if (grand) {
      pdf
        .save()
        .lineWidth(1)
        .strokeColor('#111111')
        .moveTo(totalsX, y)
        .lineTo(LEFT + WIDTH, y)
        .stroke()
        .restore();
      y += 2;
    }
    drawLine(pdf, t.label, totalsX, y, style);
    drawLine(pdf, t.value, totalsX, y, style, { width: totalsWidth, align: 'right' });
    y += lineHeight(style);
  }
  y += 4;
  text([`Amount in words: ${q.amountInWords}`], LEFT, WIDTH, { size: 9, weight: 'bold' });

  // The HSN-wise summary.
  heading('HSN/SAC Summary');
  const hsnWidths = q.hsn.columns.map((_, i) => (i === 0 ? 80 : (WIDTH - 80) / (q.hsn.columns.length - 1)));
  table({ columns: q.hsn.columns, widths: hsnWidths, numeric: (i) => i > 0 }, q.hsn.rows, q.hsn.total);

  if (q.notes) {
    heading('Notes');
    text([q.notes], LEFT, WIDTH, BODY);
  }
  if (q.terms.length) {
    heading('Terms and Conditions');
    text(
      q.terms.map((t, i) => `${i + 1}. ${t}`),
      LEFT,
      WIDTH,
      BODY,
    );
  }
  heading('Bank Details');
  if (q.accountMissing) text([q.accountMissing], LEFT, WIDTH, { ...BODY, weight: 'bold', color: RED });
  else
    text(
      q.bank.map((b) => `${b.label}: ${b.value}`),
      LEFT,
      WIDTH,
      BODY,
    );
  if (q.declaration) {
    heading('Declaration');
    text([q.declaration], LEFT, WIDTH, BODY);
  }
  // The signature block.
  room(70);
  y += 16;
  const sigWidth = 200;
  const sigX = LEFT + WIDTH - sigWidth;
  drawLine(
    pdf,
    `For ${q.signatureFor || '—'}`,
    sigX,
    y,
    { ...BODY, weight: 'bold' },
    { width: sigWidth, align: 'right' },
  );
  y += 40;
  drawLine(pdf, 'Authorised Signatory', sigX, y, BODY, { width: sigWidth, align: 'right' });

  // Page n of m, in the foot of every page.
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const footY = PAGE.height - MARGIN - 8;
    drawLine(pdf, `${q.number}`, LEFT, footY, { size: 7.5, color: '#495057' });
    drawLine(
      pdf,
      `Page ${i + 1} of ${range.count}`,
      LEFT,
      footY,
      { size: 7.5, color: '#495057' },
      {
        width: WIDTH,
        align: 'right',
      },
    );
  }
  pdf.end();
  return done;
};
