import {
  INITIAL_STOCK,
  STOCK_LEDGER_MESSAGES as M,
  STOCK_ADJUSTMENT_QUANTITY_MAX,
  STOCK_ADJUSTMENT_REASON_MAX,
  STOCK_ADJUSTMENT_TYPES,
  type StockAdjustmentType,
} from '@karya/domain';
import type { StockAdjustBody } from './api';

/** The adjustment form as typed (spec 3 §5 "Stock adjustment"). */
export type AdjustValues = {
  type: StockAdjustmentType | '';
  quantity: string;
  reason: string;
  date: string;
  initialPrice: string;
};
export type AdjustErrors = Partial<Record<keyof AdjustValues, string>>;

export const newAdjustValues = (today: string): AdjustValues => ({
  type: '',
  quantity: '',
  reason: '',
  date: today,
  initialPrice: '',
});

/**
 * The spec's rules, checked on change: type required; quantity a positive integer; reason required; date
 * required and not after today; the initial price (only for Initial Stock) a number of rupees.
 */
export const checkAdjustment = (v: AdjustValues, today: string): AdjustErrors => {
  const e: AdjustErrors = {};
  if (!(STOCK_ADJUSTMENT_TYPES as readonly string[]).includes(v.type)) e.type = M.typeRequired;
  const q = v.quantity.trim();
  if (q === '') e.quantity = M.quantityRequired;
  else if (!/^-?\d+(\.\d+)?$/.test(q)) e.quantity = M.quantityInteger;
  else if (!Number.isInteger(Number(q))) e.quantity = M.quantityInteger;
  else if (Number(q) <= 0) e.quantity = M.quantityPositive;
  else if (Number(q) > STOCK_ADJUSTMENT_QUANTITY_MAX) e.quantity = M.quantityMax;
  const reason = v.reason.trim();
  if (reason === '') e.reason = M.reasonRequired;
  else if (reason.length > STOCK_ADJUSTMENT_REASON_MAX) e.reason = M.reasonMax;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) e.date = M.dateRequired;
  else if (v.date > today) e.date = M.dateFuture;
  if (v.type === INITIAL_STOCK && v.initialPrice.trim() !== '') {
    const p = v.initialPrice.trim().replaceAll(',', '');
    if (!/^\d+(\.\d+)?$/.test(p))
      e.initialPrice = /^-/.test(p) ? M.initialPriceNegative : M.initialPriceInvalid;
    else if (!/^\d+(\.\d{1,2})?$/.test(p)) e.initialPrice = M.initialPriceDecimals;
  }
  return e;
};

/** The request body: the initial price only for Initial Stock. */
export const toAdjustBody = (v: AdjustValues): StockAdjustBody => ({
  type: v.type,
  quantity: Number(v.quantity.trim()),
  reason: v.reason.trim(),
  date: v.date,
  ...(v.type === INITIAL_STOCK && v.initialPrice.trim() !== ''
    ? { initialPrice: Number(v.initialPrice.trim().replaceAll(',', '')) }
    : {}),
});
