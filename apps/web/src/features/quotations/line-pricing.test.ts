import { QUOTATION_MESSAGES as M, quotationItemWarning } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import {
  addingItemWarnings,
  checkLine,
  committedLine,
  emptyLine,
  formTotals,
  hasUnsavedLine,
  lineMargin,
  type QuotationLineState,
  quotableTiers,
  startingTier,
  tierUnitPaise,
} from './line-pricing';

const MARGINS = { t1: 10, t2: 20, t3: 30, pt1: 5, pt2: 15, pt3: 25 };
const ITEM = `${'0'.repeat(23)}1`;
const kit = (over: Partial<QuotationLineState> = {}): QuotationLineState => ({
  item: ITEM,
  name: 'Robotics kit',
  quantity: '2',
  marginTier: 't2',
  unitPrice: '1200.00',
  gst: 18,
  pricing: { priceToShow: 100_000, margins: MARGINS },
  ...over,
});

describe('quotation lines', () => {
  it('says every "adding an item" problem of a picked item', () => {
    const ok = {
      name: 'Kit',
      state: 'Verified',
      margin: { _id: 'm', name: 'M' },
      stock: { _id: 's', currentStock: 1, priceToShow: 10 },
      gst: 18,
    } as const;
    expect(addingItemWarnings(ok)).toEqual([]);
    expect(addingItemWarnings({ ...ok, state: 'Unverified', margin: null, stock: null, gst: null })).toEqual([
      quotationItemWarning.notVerified('Kit'),
      quotationItemWarning.margin('Kit'),
      quotationItemWarning.stock('Kit'),
      quotationItemWarning.gst('Kit'),
    ]);
    // A stock without a price to show counts as none; a price the user may not see is not judged.
    expect(addingItemWarnings({ ...ok, stock: { _id: 's', currentStock: 3, priceToShow: 0 } })).toEqual([
      quotationItemWarning.stock('Kit'),
    ]);
    expect(addingItemWarnings({ ...ok, stock: { _id: 's', currentStock: 3 } })).toEqual([]);
  });

  it('offers the readable tiers and Custom, starting from the customer’s when it may be used', () => {
    const tiers = quotableTiers((t) => t === 't1' || t === 't3');
    expect(tiers).toEqual(['t1', 't3', 'custom']);
    expect(startingTier(tiers, 't3')).toBe('t3');
    expect(startingTier(tiers, 't2')).toBe('t1');
    expect(startingTier(tiers, null)).toBe('t1');
  });

  it('prices a tier from the item’s listed price, else from the price to show and the margin', () => {
    expect(tierUnitPaise({ tierPrices: { t1: 99_00 } }, 't1')).toBe(99_00);
    expect(tierUnitPaise({ priceToShow: 1000_00, margins: MARGINS }, 't3')).toBe(1300_00);
    expect(tierUnitPaise({ priceToShow: 1000_00, margins: MARGINS }, 'custom')).toBeNull();
    expect(tierUnitPaise({}, 't1')).toBeNull();
  });

  it('checks the entry with the spec’s messages', () => {
    expect(checkLine(emptyLine(''), [], null)).toEqual({
      item: M.itemRequired,
      marginTier: M.marginTierRequired,
    });
    expect(checkLine(kit({ quantity: '1.5' }), [], null).quantity).toBe(M.quantityInteger);
    expect(checkLine(kit({ quantity: '0' }), [], null).quantity).toBe(M.quantityPositive);
    expect(checkLine(kit({ quantity: '' }), [], null).quantity).toBe(M.quantityRequired);
    expect(checkLine(kit(), [kit()], null).item).toBe(M.itemDuplicate);
    // The line being edited is not a duplicate of itself.
    expect(checkLine(kit(), [kit()], 0)).toEqual({});
    expect(checkLine(kit({ gst: null }), [], null).gst).toBe(M.gstRequired);
    expect(checkLine(kit({ marginTier: 'custom', unitPrice: '' }), [], null).unitPrice).toBe(
      M.unitPriceRequired,
    );
    expect(checkLine(kit({ marginTier: 'custom', unitPrice: '10.123' }), [], null).unitPrice).toBe(
      M.unitPriceDecimals,
    );
    // The minimum is 1000 + 5% (the lowest tier).
    expect(checkLine(kit({ marginTier: 'custom', unitPrice: '1049.99' }), [], null).unitPrice).toBe(
      M.unitPriceBelowMinimum,
    );
    expect(checkLine(kit({ marginTier: 'custom', unitPrice: '1050' }), [], null)).toEqual({});
  });

  it('derives the margin of a price and lists a custom price at the tier it matches', () => {
    expect(lineMargin(kit({ marginTier: 'custom', unitPrice: '1234.56' }))).toEqual({
      percentage: 23.45,
      tier: 'custom',
    });
    const tiers = quotableTiers(() => true);
    expect(
      committedLine(kit({ marginTier: 'custom', unitPrice: '1300', quantity: '03' }), tiers),
    ).toMatchObject({
      marginTier: 't3',
      unitPrice: '1300.00',
      quantity: '3',
    });
    // A tier the user may not quote at stays Custom.
    expect(committedLine(kit({ marginTier: 'custom', unitPrice: '1300' }), ['t1', 'custom']).marginTier).toBe(
      'custom',
    );
  });

  it('totals the priced lines in paise, with the GST split by the place of supply', () => {
    const lines = [
      kit(),
      kit({ item: 'b', quantity: '1', unitPrice: '99.99', gst: 5 }),
      kit({ item: 'c', unitPrice: '' }),
    ];
    const within = formTotals(lines, false);
    // 2 × 1200 = 2400 + 18% = 432; 99.99 + 5% = 5.00 (4.9995 rounded once).
    expect(within.totals).toEqual({ taxable: 2499_99, gst: 437_00, total: 2936_99 });
    expect(within.split).toEqual({ cgst: 218_50, sgst: 218_50, igst: 0 });
    expect(within.complete).toBe(false);
    expect(within.lines[2]).toBeNull();
    expect(formTotals(lines, true).split).toEqual({ cgst: 0, sgst: 0, igst: 437_00 });
  });

  it('knows when the entry holds unsaved input', () => {
    expect(hasUnsavedLine({ line: emptyLine('t1'), editing: null })).toBe(false);
    expect(hasUnsavedLine({ line: kit(), editing: null })).toBe(true);
    expect(hasUnsavedLine({ line: { ...emptyLine('custom'), unitPrice: '5' }, editing: null })).toBe(true);
  });
});
