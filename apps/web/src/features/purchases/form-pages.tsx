import { PURCHASE_MESSAGES } from '@karya/domain';
import { PURCHASES_PAGE, purchases } from './api';
import { tradeFormPages } from './trade-form-pages';

/** /admin/products/purchases/create, and /admin/products/purchases/:id/update once it has loaded. */
export const [PurchaseCreatePage, PurchaseUpdatePage] = tradeFormPages(
  'purchase',
  PURCHASES_PAGE,
  purchases,
  PURCHASE_MESSAGES.notFound,
);
