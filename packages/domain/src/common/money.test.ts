import { describe, expect, it } from 'vitest';
import {
  documentTotals,
  formatRupees,
  fromPaise,
  gstinCheckCharacter,
  gstStateCode,
  HSN_RE,
  isGstRate,
  isValidGstin,
  lineAmounts,
  percentOf,
  splitGst,
  tierPrice,
  toPaise,
} from './money.ts';

describe('money in paise', () => {
  it('reads rupee amounts from their decimal text, rounding half up once', () => {
    expect(toPaise('1234.5')).toBe(123_450);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise('1,23,456.50')).toBe(12_345_650);
    expect(toPaise('2.005')).toBe(201);
    expect(toPaise('-2.005')).toBe(-201);
    expect(toPaise(19.999)).toBe(2000);
    expect(toPaise(1e-7)).toBe(0);
    for (const bad of ['', 'abc', '1.2.3', '₹10', Number.NaN, Number.POSITIVE_INFINITY])
      expect(toPaise(bad)).toBeNull();
    expect(fromPaise(123_450)).toBe(1234.5);
  });

  it('formats rupees the Indian way', () => {
    expect(formatRupees(12_345_650)).toBe('₹1,23,456.50');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('takes a percentage of an amount, rounded half up to the paisa', () => {
    expect(percentOf(333, 18)).toBe(60); // 59.94
    expect(percentOf(10_000, 12.5)).toBe(1250);
    expect(percentOf(1, 50)).toBe(1); // 0.5 paise rounds up
    expect(percentOf(-1, 50)).toBe(-1);
  });
});

describe('tier prices (spec 3 §6, §9)', () => {
  it('adds the tier margin to the price to show, and has no price without one', () => {
    expect(tierPrice(100_000, 10)).toBe(110_000);
    expect(tierPrice(99_999, 7.5)).toBe(107_499); // 1074.989... rounds to 1074.99
    expect(tierPrice(0, 10)).toBeNull();
    expect(tierPrice(-5, 10)).toBeNull();
  });
});

describe('GST', () => {
  it('knows every rate some period allowed (spec 3 §9, then 22 September 2025)', () => {
    expect([40, 28, 18, 12, 5, 0].every(isGstRate)).toBe(true);
    expect(isGstRate(7)).toBe(false);
    expect(isGstRate('18')).toBe(false);
  });

  it('computes a line once and a document as the sum of its lines', () => {
    const a = lineAmounts(3, 33_333, 18); // 999.99 taxable
    expect(a).toEqual({ taxable: 99_999, gst: 18_000, total: 117_999 });
    const b = lineAmounts(1, 50_000, 5);
    expect(documentTotals([a, b])).toEqual({ taxable: 149_999, gst: 20_500, total: 170_499 });
    expect(documentTotals([])).toEqual({ taxable: 0, gst: 0, total: 0 });
  });

  it('splits GST into CGST and SGST within a state, IGST between states', () => {
    expect(splitGst(18_001, true)).toEqual({ cgst: 9000, sgst: 9001, igst: 0 });
    expect(splitGst(18_001, false)).toEqual({ cgst: 0, sgst: 0, igst: 18_001 });
  });

  it('accepts HSN/SAC codes of 4, 6 or 8 digits', () => {
    for (const ok of ['8471', '847130', '84713010']) expect(HSN_RE.test(ok)).toBe(true);
    for (const bad of ['847', '84713', '8471301', '847130101', '84a1']) expect(HSN_RE.test(bad)).toBe(false);
  });

  it('validates a GSTIN by its state code, shape and check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 29aagcb7383j1z4 ')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false); // wrong check character
    expect(isValidGstin('99AAPFU0939F1ZV')).toBe(false); // no such state
    expect(isValidGstin('27AAPFU0939F1XV')).toBe(false); // 14th is not Z
    expect(isValidGstin('27AAPFU0939F')).toBe(false);
    const body = '21AABCK1234M1Z';
    expect(isValidGstin(body + gstinCheckCharacter(body))).toBe(true);
  });

  it("finds a state's GST code by its name", () => {
    expect(gstStateCode('Odisha')).toBe('21');
    expect(gstStateCode('  tamil   nadu ')).toBe('33');
    expect(gstStateCode('Andaman & Nicobar Islands')).toBe('35');
    expect(gstStateCode('Atlantis')).toBeNull();
    expect(gstStateCode(null)).toBeNull();
  });
});
