import { STOCK_LEDGER_MESSAGES as M } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { checkAdjustment, newAdjustValues, toAdjustBody } from './adjust-rules';

const TODAY = '2026-11-25';

describe('stock adjustment rules', () => {
  it('asks for type, quantity and reason; the date defaults to today', () => {
    const v = newAdjustValues(TODAY);
    expect(v.date).toBe(TODAY);
    expect(checkAdjustment(v, TODAY)).toEqual({
      type: M.typeRequired,
      quantity: M.quantityRequired,
      reason: M.reasonRequired,
    });
  });

  it('wants a positive whole quantity and no date after today', () => {
    const base = { ...newAdjustValues(TODAY), type: 'Damaged' as const, reason: 'Broken' };
    expect(checkAdjustment({ ...base, quantity: '1.5' }, TODAY).quantity).toBe(M.quantityInteger);
    expect(checkAdjustment({ ...base, quantity: '0' }, TODAY).quantity).toBe(M.quantityPositive);
    expect(checkAdjustment({ ...base, quantity: '-2' }, TODAY).quantity).toBe(M.quantityPositive);
    expect(checkAdjustment({ ...base, quantity: 'x' }, TODAY).quantity).toBe(M.quantityInteger);
    expect(checkAdjustment({ ...base, quantity: '3', date: '2026-11-26' }, TODAY)).toEqual({
      date: M.dateFuture,
    });
    expect(checkAdjustment({ ...base, quantity: '3', date: '' }, TODAY)).toEqual({ date: M.dateRequired });
    expect(checkAdjustment({ ...base, quantity: '3', date: '2026-11-24' }, TODAY)).toEqual({});
  });

  it('keeps the initial price only for Initial Stock', () => {
    const base = { ...newAdjustValues(TODAY), quantity: '4', reason: 'Opening', initialPrice: '12.5' };
    expect(toAdjustBody({ ...base, type: 'Initial Stock' })).toEqual({
      type: 'Initial Stock',
      quantity: 4,
      reason: 'Opening',
      date: TODAY,
      initialPrice: 12.5,
    });
    expect(toAdjustBody({ ...base, type: 'Found' })).not.toHaveProperty('initialPrice');
    expect(
      checkAdjustment({ ...base, type: 'Initial Stock', initialPrice: '1.234' }, TODAY).initialPrice,
    ).toBe(M.initialPriceDecimals);
    // Not checked when the type does not carry it.
    expect(checkAdjustment({ ...base, type: 'Found', initialPrice: 'abc' }, TODAY)).toEqual({});
  });
});
