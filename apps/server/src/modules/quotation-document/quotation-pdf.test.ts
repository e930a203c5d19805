// The renderer alone: a quotation's document model (packages/domain) drawn as a PDF and read back. The routes
// that serve and send it, on real quotations, are quotation-document.test.ts's.
import { type QuotationDto, quotationDocument } from '@karya/domain';
import { sampleCompany, sampleQuotation, sampleVersion } from '@karya/domain/quotation-test-kit';
import { describe, expect, it } from 'vitest';
import { pdfPages } from './pdf-test-kit.ts';
import { renderQuotationPdf } from './quotation-pdf.ts';

const lines = [
  {
    name: 'Robotics Kit',
    hsn: '9023',
    brand: 'Arrow',
    description: 'Arduino based',
    gst: 18,
    quantity: 2,
    unitPaise: 6_000_000,
  },
  { name: 'ଓଡ଼ିଆ ପୁସ୍ତକ', hsn: '4901', brand: null, gst: 5, quantity: 1, unitPaise: 5_025 },
  { name: 'हिन्दी किताब', hsn: '4901', brand: null, gst: 5, quantity: 3, unitPaise: 12_000 },
];
const original = { ...sampleVersion(lines), _id: 'a1'.repeat(12) };
const pending = {
  ...sampleVersion(lines, {
    versionNumber: 1,
    review: { status: 'Pending' as const, reason: null, reviewedBy: null, reviewedAt: null },
  }),
  _id: 'a2'.repeat(12),
};
const quotation: QuotationDto = { ...sampleQuotation(pending), versions: [pending, original] };
const long = sampleQuotation(
  sampleVersion(
    Array.from({ length: 60 }, (_, i) => ({
      name: `Item ${i + 1}`,
      hsn: '9023',
      gst: 18,
      quantity: 1,
      unitPaise: 10_000,
    })),
  ),
  2,
);

const render = async (q: QuotationDto, version = q.activeVersion) => {
  const pdf = await renderQuotationPdf({ doc: quotationDocument(q, sampleCompany(), version), logo: null });
  return { pdf, pages: await pdfPages(pdf) };
};

describe('the quotation PDF', () => {
  it('draws every line, the HSN summary, the totals in words, the terms and the band, with the fonts inside', async () => {
    const { pdf, pages } = await render(quotation);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The fonts travel inside: Noto Sans for Latin and ₹, Noto Sans Oriya and Devanagari, shaped.
    const text = pdf.toString('latin1');
    expect(text).toMatch(/NotoSansOriya/);
    expect(text).toMatch(/NotoSansDevanagari/);
    const all = pages.flat().join('\n');
    expect(all).toContain('AWAITING REVIEW: NOT FOR SENDING');
    expect(all).toContain('Arrow Robotics');
    expect(all).toContain('No: ARR/0001/R1');
    expect(all).toContain('Sri Aurobindo School');
    expect(all).toContain('Odisha (21)');
    expect(all).toMatch(
      /SL Item Name Description Brand HSN\/SAC Qty Unit Price GST GST Per Unit Total Price/,
    );
    expect(all).toContain('1 Robotics Kit Arduino based Arrow 9023 2 ₹60,000.00 18% ₹10,800.00 ₹1,41,600.00');
    expect(all).toMatch(/2 .*[\u0B00-\u0B7F].* 4901 1 ₹50.25 5% ₹2.51 ₹52.76/);
    expect(all).toMatch(/3 .*[\u0900-\u097F].* 4901 3 ₹120.00 5% ₹6.00 ₹378.00/);
    const doc = quotationDocument(quotation, null);
    expect(all).toContain(`Grand Total ${doc.grandTotal.value}`);
    expect(all).toContain(`Amount in words: ${doc.amountInWords}`);
    expect(all).toContain('HSN/SAC SUMMARY');
    for (const row of doc.hsn.rows) expect(all).toContain(row.join(' ').replace(/\s+/g, ' '));
    expect(all).toContain(doc.hsn.total.filter(Boolean).join(' '));
    expect(all).toContain('3. 50% advance payment along with the order.');
    expect(all).toContain('IFSC: SBIN0001234');
    expect(all).toContain('Authorised Signatory');
    expect(pages.at(-1)!.at(-1)).toMatch(new RegExp(`Page ${pages.length} of ${pages.length}$`));
  });

  it('draws no band on a version that needs no review', async () => {
    const all = (await render(quotation, original)).pages.flat().join('\n');
    expect(all).not.toContain('AWAITING REVIEW');
    expect(all).toContain('No: ARR/0001');
  });

  it('repeats the items header on every page of a 60-line quotation and numbers the pages', async () => {
    const { pages } = await render(long);
    expect(pages.length).toBeGreaterThan(1);
    const itemPages = pages.filter((p) => p.some((l) => /^\d+ Item \d+ /.test(l)));
    expect(itemPages.length).toBeGreaterThan(1);
    for (const p of itemPages) expect(p.some((l) => l.startsWith('SL Item Name Description'))).toBe(true);
    // Every line, in order, each on one page (a row is never split).
    const rows = pages.flat().filter((l) => /^\d+ Item \d+ /.test(l));
    expect(rows.map((l) => Number(l.split(' ')[0]))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    for (const [i, p] of pages.entries())
      expect(p.at(-1)).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}$`));
  });
});
