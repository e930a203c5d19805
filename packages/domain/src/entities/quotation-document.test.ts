import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromPaise, splitGst } from '../common/money.ts';
import {
  accountDetailsMissing,
  companyDetailsMissing,
  DEFAULT_QUOTATION_TERMS,
  hsnSummary,
  placeOfSupplyText,
} from './quotation-document.ts';
import { quotationDocument } from './quotation-document-model.ts';
import type { QuotationLineDto } from './quotation-list.ts';
import { versionTotals } from './quotation-pricing.ts';
import { sampleCompany, sampleQuotation, sampleVersion } from './quotation-test-kit.ts';

type Spec = { hsn: string | null; gst: number; quantity: number; unitPaise: number };

/** A version's lines and totals as the server makes them (versionTotals), in the DTO's rupees. */
const version = (specs: Spec[], interState: boolean) => {
  const t = versionTotals(
    specs.map((s) => ({ quantity: s.quantity, unitPaise: s.unitPaise, gst: s.gst })),
    interState,
  );
  const items = specs.map(
    (s, i): QuotationLineDto => ({
      item: null,
      name: `Item ${i}`,
      sku: null,
      modalNo: null,
      hsn: s.hsn,
      brand: null,
      description: null,
      quantity: s.quantity,
      marginTier: 'custom',
      marginPercentage: 0,
      gst: s.gst,
      unitPrice: fromPaise(s.unitPaise),
      gstPerUnit: fromPaise(t.lines[i]!.gstPerUnit),
      taxableAmount: fromPaise(t.lines[i]!.taxable),
      gstAmount: fromPaise(t.lines[i]!.gst),
      totalPrice: fromPaise(t.lines[i]!.total),
    }),
  );
  return { items, placeOfSupply: { code: '21', state: 'Odisha', interState }, totals: t };
};

describe('the HSN-wise summary', () => {
  it('groups by HSN and rate, halving the GST within the state', () => {
    const v = version(
      [
        { hsn: '9403', gst: 18, quantity: 2, unitPaise: 100_000 },
        { hsn: '9403', gst: 18, quantity: 1, unitPaise: 50_000 },
        { hsn: '9403', gst: 12, quantity: 1, unitPaise: 10_000 },
        { hsn: '8471', gst: 28, quantity: 3, unitPaise: 333 },
      ],
      false,
    );
    const s = hsnSummary(v);
    expect(s.rows.map((r) => [r.hsn, r.gstRate, r.taxable, r.cgstRate, r.sgstRate, r.igst])).toEqual([
      ['9403', 18, 250_000, 9, 9, 0],
      ['9403', 12, 10_000, 6, 6, 0],
      ['8471', 28, 999, 14, 14, 0],
    ]);
    expect(s.rows[0]).toMatchObject({ cgst: 22_500, sgst: 22_500, gst: 45_000 });
    expect(s.totals.gst).toBe(v.totals.totals.gst);
    expect(s.totals.cgst).toBe(v.totals.split.cgst);
  });
  it('levies IGST between states', () => {
    const s = hsnSummary(version([{ hsn: '9403', gst: 18, quantity: 1, unitPaise: 1001 }], true));
    expect(s.rows[0]).toMatchObject({ igstRate: 18, igst: 180, cgst: 0, sgst: 0, cgstRate: 0 });
  });
  it('for any lines, sums to the version’s totals and its GST split, to the paisa', () => {
    const line = fc.record({
      hsn: fc.constantFrom('9403', '8471', '94036000', null),
      gst: fc.constantFrom(28, 18, 12, 5),
      quantity: fc.integer({ min: 1, max: 1000 }),
      unitPaise: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.boolean(), (specs, inter) => {
        const v = version(specs, inter);
        const s = hsnSummary(v);
        const want = splitGst(v.totals.totals.gst, !inter);
        expect(s.totals.taxable).toBe(v.totals.totals.taxable);
        expect(s.totals.gst).toBe(v.totals.totals.gst);
        expect({ cgst: s.totals.cgst, sgst: s.totals.sgst, igst: s.totals.igst }).toEqual(want);
        for (const r of s.rows) expect(r.cgst + r.sgst + r.igst).toBe(r.gst);
      }),
    );
  });
});

describe('the document’s texts', () => {
  it('has the spec’s terms by default', () => {
    expect(DEFAULT_QUOTATION_TERMS).toMatch(/inclusive of all taxes/);
    expect(DEFAULT_QUOTATION_TERMS).toMatch(/50% advance/);
    expect(DEFAULT_QUOTATION_TERMS).toMatch(/within 10 days of payment/);
  });
  it('knows when the company or the account details are missing', () => {
    expect(companyDetailsMissing(null)).toBe(true);
    expect(companyDetailsMissing({ name: 'Arrow', address: ' ' })).toBe(true);
    expect(companyDetailsMissing({ name: 'Arrow', address: 'Cuttack' })).toBe(false);
    expect(accountDetailsMissing({ bankAccountName: 'A', bankAccountNumber: '', ifsc: 'SBIN0001234' })).toBe(
      true,
    );
    expect(placeOfSupplyText({ code: '21', state: 'Odisha', interState: false })).toBe('Odisha (21)');
    expect(placeOfSupplyText({ code: null, state: null, interState: false })).toBe('');
  });
});

describe('the document model', () => {
  const v = sampleVersion(
    [
      { name: 'Robotics Kit', hsn: '9023', brand: 'Arrow', gst: 18, quantity: 2, unitPaise: 6_000_000 },
      { name: 'ओडिआ ବହି', hsn: '4901', gst: 5, quantity: 1, unitPaise: 5_025 },
    ],
    { versionNumber: 1, review: { status: 'Pending', reason: null, reviewedBy: null, reviewedAt: null } },
  );
  const doc = quotationDocument(sampleQuotation(v), sampleCompany());
  it('numbers, dates and lists every line in the spec’s columns', () => {
    expect(doc.number).toBe('ARR/0001/R1');
    expect(doc.date).toBe('20/11/2026');
    expect(doc.validUntil).toBe('05/12/2026');
    expect(doc.rows[0]).toEqual([
      '1',
      'Robotics Kit',
      '',
      'Arrow',
      '9023',
      '2',
      '₹60,000.00',
      '18%',
      '₹10,800.00',
      '₹1,41,600.00',
    ]);
    expect(doc.rows[1]![1]).toBe('ओडिआ ବହି');
    expect(doc.customer.lines).toContain('CI0007');
    expect(doc.placeOfSupply).toBe('Odisha (21)');
  });
  it('prints a 0% line as the item said when the version was saved: Nil rated or Exempt (issue 27 §1)', () => {
    const zero = sampleVersion([
      { name: 'Science Textbook', hsn: '4901', gst: 0, quantity: 1, unitPaise: 25_000 },
      { name: 'Old line', hsn: '4901', gst: 0, quantity: 1, unitPaise: 25_000 },
    ]);
    zero.items[0] = { ...zero.items[0]!, gstZeroKind: 'Exempt' };
    const rows = quotationDocument(sampleQuotation(zero), sampleCompany()).rows;
    expect(rows[0]![7]).toBe('Exempt');
    // A version saved before the kind was frozen reads as before.
    expect(rows[1]![7]).toBe('0%');
  });
  it('sums with CGST and SGST, in words, behind the review band', () => {
    expect(doc.band).toBe('Awaiting review: not for sending');
    expect(doc.totals.map((t) => t.label)).toEqual(['Taxable Amount', 'CGST', 'SGST', 'Total GST']);
    expect(doc.grandTotal.value).toBe('₹1,41,652.76');
    expect(doc.amountInWords).toBe(
      'Rupees One Lakh Forty One Thousand Six Hundred Fifty Two and Paise Seventy Six Only',
    );
    expect(doc.hsn.rows).toHaveLength(2);
    expect(doc.terms).toHaveLength(5);
    expect(doc.accountMissing).toBe(false);
  });
  it('says what is missing', () => {
    const bare = quotationDocument(sampleQuotation(v), sampleCompany({ name: '', ifsc: '' }));
    expect(bare.companyMissing).toBe(true);
    expect(bare.accountMissing).toBe(true);
    expect(quotationDocument(sampleQuotation(sampleVersion([])), null).companyMissing).toBe(true);
  });
});
