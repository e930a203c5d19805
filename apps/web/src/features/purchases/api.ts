import { PURCHASE_LIST_KEY, type PurchaseDto } from '@karya/domain';
import { tradeApi } from './trade-api';

export const purchases = tradeApi<typeof PURCHASE_LIST_KEY, PurchaseDto>(
  'purchases',
  PURCHASE_LIST_KEY,
  'purchase',
);
export const purchaseKeys = purchases.keys;
export const PURCHASES_PAGE = purchases.PAGE;
