import {
  derivedMarginPercentage,
  fromPaise,
  GST_RATES,
  lineAmounts,
  matchMarginTier,
  minimumUnitPrice,
  quotationTierPrice,
  toPaise,
  versionTotals,
} from '@karya/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The domain's quotation pricing, for any lines (issue 25): a version's totals are the sums of its lines in
// paise, and the GST split (CGST + SGST within the state, IGST between states) adds up to the GST. The
// server stores these figures as rupees with two decimals: read back, they are the same paise.

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 1_000_000 }),
  unitPaise: fc.integer({ min: 1, max: 100_000_000 }),
  gst: fc.constantFrom(...GST_RATES),
});

describe('quotation pricing (property)', () => {
  it('totals are the sums of the lines, and the split adds up to the GST', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 100 }), fc.boolean(), (lines, interState) => {
        const t = versionTotals(lines, interState);
        const sum = (k: 'taxable' | 'gst' | 'total') => t.lines.reduce((s, l) => s + l[k], 0);
        expect(t.totals).toEqual({ taxable: sum('taxable'), gst: sum('gst'), total: sum('total') });
        expect(t.totals.total).toBe(t.totals.taxable + t.totals.gst);
        lines.forEach((l, i) => {
          expect(t.lines[i]).toMatchObject(lineAmounts(l.quantity, l.unitPaise, l.gst));
          expect(Number.isInteger(t.lines[i]!.gst)).toBe(true);
        });
        expect(t.split.cgst + t.split.sgst + t.split.igst).toBe(t.totals.gst);
        if (interState) expect(t.split).toMatchObject({ cgst: 0, sgst: 0, igst: t.totals.gst });
        else {
          expect(t.split.igst).toBe(0);
          expect(Math.abs(t.split.sgst - t.split.cgst)).toBeLessThanOrEqual(1);
        }
        // Stored as rupees, read back as the same paise.
        for (const v of [t.totals.taxable, t.totals.gst, t.totals.total, t.split.cgst, t.split.sgst])
          expect(toPaise(fromPaise(v))).toBe(v);
      }),
      { numRuns: 300 },
    );
  });

  it('a tier price is never below the minimum, and its derived margin matches the tier', () => {
    const percent = fc.integer({ min: 0, max: 9999 }).map((n) => n / 100);
    fc.assert(
      fc.property(
        // From ₹50: half a paisa of rounding is at most a hundredth of a percent.
        fc.integer({ min: 5000, max: 10_000_000 }),
        fc.record({ t1: percent, t2: percent, t3: percent, pt1: percent, pt2: percent, pt3: percent }),
        fc.constantFrom('t1', 't2', 't3', 'pt1', 'pt2', 'pt3' as const),
        (base, margins, tier) => {
          const price = quotationTierPrice(base, margins, tier)!;
          expect(price).toBeGreaterThanOrEqual(minimumUnitPrice(base, margins)!);
          const derived = derivedMarginPercentage(price, base);
          // Rounding the price to the paisa, then the percentage down to hundredths: two hundredths at most.
          expect(Math.abs(derived - margins[tier])).toBeLessThanOrEqual(0.02 + 1e-9);
          if (derived === margins[tier]) expect(matchMarginTier(derived, margins)).not.toBe('custom');
        },
      ),
      { numRuns: 300 },
    );
  });
});
