import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { create } from 'fontkit';

/**
 * Text for the server's PDFs (issue 25): Noto Sans from npm (@fontsource, WOFF: fontkit reads it, and
 * subsets it cleanly, which it does not for WOFF2 composite glyphs), nothing fetched at run time. The
 * @fontsource files are split by script, so each text is cut into runs, each in the first face that has its
 * characters: Latin, Latin Extended (₹), Odia, Devanagari. pdfkit lays each run out with fontkit, which shapes
 * Indic scripts (conjuncts, reordered vowel signs).
 */

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');

export const FACES = ['latin', 'latinExt', 'odia', 'devanagari'] as const;
export type Face = (typeof FACES)[number];
export type Weight = 'regular' | 'bold';

const FILES: Record<Face, [pkg: string, stem: string]> = {
  latin: ['@fontsource/noto-sans', 'noto-sans-latin'],
  latinExt: ['@fontsource/noto-sans', 'noto-sans-latin-ext'],
  odia: ['@fontsource/noto-sans-oriya', 'noto-sans-oriya-oriya'],
  devanagari: ['@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari'],
};

/** A parsed face, shared by every document of the process (pdfkit keeps each document's subset apart). */
type LoadedFace = { font: ReturnType<typeof create> };
let loaded: Record<string, LoadedFace> | null = null;
let createFont: typeof create | null = null;

/** fontkit, loaded the first time a document is drawn (renderDocumentPdf awaits it before fontFaces). */
export const loadFontEngine = async () => {
  createFont ??= (await import('fontkit')).create;
};

/** The font files, read once per process (a few hundred KB), parsed once. */
export const fontFaces = (): Record<string, LoadedFace> => {
  if (loaded) return loaded;
  const parse = createFont;
  if (!parse) throw new Error('fontFaces: call loadFontEngine() first');
  const out: Record<string, LoadedFace> = {};
  for (const face of FACES)
    for (const weight of ['regular', 'bold'] as const) {
      const [pkg, stem] = FILES[face];
      const file = path.join(filesOf(pkg), `${stem}-${weight === 'bold' ? 700 : 400}-normal.woff`);
      out[fontName(face, weight)] = { font: parse(readFileSync(file)) };
    }
  loaded = out;
  return out;
};

/** The characters of the Latin and Latin Extended files, as @fontsource's unicode.json states them. */
const coverage = (() => {
  const ranges = JSON.parse(
    readFileSync(path.join(path.dirname(filesOf('@fontsource/noto-sans')), 'unicode.json'), 'utf8'),
  ) as Record<string, string>;
  const parse = (list = '') =>
    list.split(',').map((r) => {
      const [a, b] = r.replace(/U\+/g, '').split('-');
      return [Number.parseInt(a ?? '0', 16), Number.parseInt(b ?? a ?? '0', 16)] as const;
    });
  const inRanges = (rs: ReturnType<typeof parse>) => (cp: number) => rs.some(([a, b]) => cp >= a && cp <= b);
  return { latin: inRanges(parse(ranges.latin)), latinExt: inRanges(parse(ranges['latin-ext'])) };
})();

export const fontName = (face: Face, weight: Weight) => `${face}-${weight}`;

/** Register every face on a document (pdfkit embeds only those used, subset). */
export const registerFonts = (doc: PDFKit.PDFDocument) => {
  // pdfkit takes a parsed fontkit face as well as a file (PDFFontFactory.open: anything with layout()).
  for (const [name, face] of Object.entries(fontFaces()))
    doc.registerFont(name, face.font as unknown as PDFKit.Mixins.PDFFontSource);
};

const isOdia = (cp: number) => cp >= 0x0b00 && cp <= 0x0b7f;
const isDevanagari = (cp: number) => (cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff);
/** Joiners, variation selectors and combining marks stay in the run they follow. */
const isJoining = (cp: number) =>
  cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x0300 && cp <= 0x036f);

const faceFor = (cp: number): Face => {
  if (isOdia(cp)) return 'odia';
  if (isDevanagari(cp) || cp === 0x0964 || cp === 0x0965) return 'devanagari';
  if (coverage.latin(cp)) return 'latin';
  if (coverage.latinExt(cp)) return 'latinExt';
  return 'latin';
};

export type Run = { text: string; font: string };

/** A text cut into runs of one face each. */
export const runsOf = (text: string, weight: Weight = 'regular'): Run[] => {
  const runs: Run[] = [];
  let current: Run | null = null;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const font: string = current && isJoining(cp) ? current.font : fontName(faceFor(cp), weight);
    if (current && current.font === font) current.text += ch;
    else {
      current = { text: ch, font };
      runs.push(current);
    }
  }
  return runs;
};

export type Style = { size: number; weight?: Weight; color?: string };

/** Widths by face, size and text: shaping the same cell text again costs as much as the first time. */
const widths = new Map<string, number>();
const WIDTHS_MAX = 50_000;
const runWidth = (doc: PDFKit.PDFDocument, r: Run, size: number) => {
  const key = `${r.font}|${size}|${r.text}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = doc.font(r.font).fontSize(size).widthOfString(r.text);
    if (widths.size >= WIDTHS_MAX) widths.clear();
    widths.set(key, w);
  }
  return w;
};

/** The width of a text in a style, each run measured in its own face (shaped). */
export const widthOf = (doc: PDFKit.PDFDocument, text: string, style: Style) =>
  runsOf(text, style.weight).reduce((w, r) => w + runWidth(doc, r, style.size), 0);

/** One line of text at (x, y), no wrapping; `align` within `width` when given. */
export const drawLine = (
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  style: Style,
  box?: { width: number; align: 'left' | 'right' | 'center' },
) => {
  let at = x;
  if (box && box.align !== 'left') {
    const w = widthOf(doc, text, style);
    at = box.align === 'right' ? x + box.width - w : x + (box.width - w) / 2;
  }
  doc.fillColor(style.color ?? '#111111');
  // On one baseline, whatever each face's ascent: Odia and Devanagari sit on the Latin text's line.
  const baseline = y + style.size * 1.07;
  for (const r of runsOf(text, style.weight)) {
    doc.font(r.font).fontSize(style.size);
    doc.text(r.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
    at += runWidth(doc, r, style.size);
  }
};

/**
 * A text wrapped to a width: at spaces, and a word longer than the width cut where it must. New lines in the
 * text start new lines.
 */
export const wrap = (doc: PDFKit.PDFDocument, text: string, width: number, style: Style): string[] => {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(doc, candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      line = '';
      let rest = word;
      while (widthOf(doc, rest, style) > width) {
        // Cut the longest head that fits, at a character boundary (grapheme clusters are kept whole).
        const chars = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(rest)].map(
          (s) => s.segment,
        );
        let n = chars.length - 1;
        while (n > 1 && widthOf(doc, chars.slice(0, n).join(''), style) > width) n--;
        out.push(chars.slice(0, n).join(''));
        rest = chars.slice(n).join('');
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
};
