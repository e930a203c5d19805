// Tests only: a PDF's text, page by page and line by line (pdfjs-dist, no system tool needed).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Item = { str: string; transform: number[]; width: number };

/** Each page's lines, top to bottom; the pieces of a line (one per font run) joined without spaces lost. */
export const pdfPages = async (pdf: Buffer): Promise<string[][]> => {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const rows = new Map<number, { x: number; w: number; s: string }[]>();
    for (const raw of content.items) {
      const item = raw as Item;
      if (!('str' in item) || !item.str) continue;
      const y = Math.round(item.transform[5]! / 2) * 2;
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4]!, w: item.width, s: item.str });
      rows.set(y, row);
    }
    pages.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            // Runs drawn edge to edge (₹ and its digits are two faces) are one word; a gap is a space.
            .map((p, i, all) => {
              const before = all[i - 1];
              return before && p.x - (before.x + before.w) < 0.5 ? p.s : ` ${p.s}`;
            })
            .join('')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
    );
  }
  await doc.destroy();
  return pages;
};
