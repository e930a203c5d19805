import { SALE_MESSAGES } from '@karya/domain';
import { tradeFormPages } from '../purchases/trade-form-pages';
import { SALES_PAGE, sales } from './api';

/** /admin/products/sales/create and /admin/products/sales/:id/update ('Sale not found' when missing). */
export const [SaleCreatePage, SaleUpdatePage] = tradeFormPages(
  'sale',
  SALES_PAGE,
  sales,
  SALE_MESSAGES.notFound,
);
