import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseCreateSchema, purchaseUpdateSchema } from '../entities/purchase.ts';
import { saleCreateSchema } from '../entities/sale.ts';
import {
  ALL_GST_RATES,
  GST_SLAB_PERIODS,
  gstRateMessageOn,
  gstRatesOn,
  isGstRateOn,
  retiredGstRateMessage,
  retiredGstRatesOn,
} from './gst-slabs.ts';

const ID = 'a'.repeat(24);
const OLD = [28, 18, 12, 5];
const NEW = [40, 18, 5, 0];
const CHANGE = '2025-09-22';

/** A 'YYYY-MM-DD' day between 1 July 2017 and the end of 2035. */
const dayArb = fc
  .date({ min: new Date('2017-07-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('GST slabs by date (issue 27 §1)', () => {
  it('changes on 22 September 2025, India days', () => {
    expect(gstRatesOn('2025-09-21')).toEqual(OLD);
    expect(gstRatesOn(CHANGE)).toEqual(NEW);
    expect(gstRatesOn('2026-11-29')).toEqual(NEW);
    // 21 September 2025 at 19:00 UTC is already 22 September in India.
    expect(gstRatesOn(new Date('2025-09-21T18:29:59Z'))).toEqual(OLD);
    expect(gstRatesOn(new Date('2025-09-21T18:30:00Z'))).toEqual(NEW);
    // Before GST existed, the first period's slabs (no document of Karya is older).
    expect(gstRatesOn('2017-01-01')).toEqual(OLD);
    expect(() => gstRatesOn('someday')).toThrow();
  });

  it('on either side of the change, a rate is allowed exactly when the slabs of its date list it', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom(...ALL_GST_RATES, 1, 3, 7, 12.5, 28.5), (day, rate) => {
        const expected = day < CHANGE ? OLD.includes(rate) : NEW.includes(rate);
        expect(isGstRateOn(rate, day)).toBe(expected);
        const issues = purchaseCreateSchema.safeParse({
          vendor: ID,
          invoiceNo: 'PB-1',
          invoiceDate: day,
          items: [{ item: ID, quantity: 1, pricePerUnit: 10, gst: rate }],
        });
        expect(issues.success).toBe(expected);
        if (!expected)
          expect(issues.error?.issues.map((i) => i.message)).toContain(
            ALL_GST_RATES.includes(rate) ? gstRateMessageOn(day) : gstRateMessageOn(new Date()),
          );
      }),
      { numRuns: 500 },
    );
  });

  it("names the slabs of the document's date in its message", () => {
    expect(gstRateMessageOn('2025-08-14')).toBe('GST must be one of (28, 18, 12, 5)');
    expect(gstRateMessageOn('2025-10-01')).toBe(
      'GST must be one of (40, 18, 5, 0) for a document dated from 22/09/2025',
    );
    expect(retiredGstRatesOn('2026-01-01')).toEqual([28, 12]);
    expect(retiredGstRatesOn('2025-01-01')).toEqual([40, 0]);
    expect(retiredGstRateMessage('Servo', 28, '2026-01-01')).toBe(
      'Servo: GST 28% is not in force on this date (since 22/09/2025 the slabs are 40, 18, 5, 0). Set a current GST rate on the item first',
    );
  });

  it('a purchase invoice of August 2025 at 12% is recorded as it was; the same in October is refused', () => {
    const doc = (invoiceDate: string) => ({
      vendor: ID,
      invoiceNo: 'PB-1',
      invoiceDate,
      items: [
        { item: ID, quantity: 1, pricePerUnit: 10, gst: 18 },
        { item: 'b'.repeat(24), quantity: 1, pricePerUnit: 10, gst: 12 },
      ],
    });
    expect(purchaseCreateSchema.safeParse(doc('2025-08-14')).success).toBe(true);
    const sale = doc('2025-10-01');
    const refused = saleCreateSchema.safeParse({
      ...sale,
      vendor: undefined,
      customer: ID,
      items: sale.items.map((l) => ({ ...l, marginTier: 'custom' })),
    });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['items', 1, 'gst'],
        message: 'GST must be one of (40, 18, 5, 0) for a document dated from 22/09/2025',
      }),
    ]);
    // A PATCH without its date is checked by the server against the stored date.
    expect(purchaseUpdateSchema.safeParse({ items: doc('2025-10-01').items }).success).toBe(true);
  });

  it('every period lists its source and starts after the one before', () => {
    GST_SLAB_PERIODS.forEach((p, i) => {
      expect(p.source.length).toBeGreaterThan(20);
      if (i > 0) expect(p.from > GST_SLAB_PERIODS[i - 1]!.from).toBe(true);
    });
  });
});
