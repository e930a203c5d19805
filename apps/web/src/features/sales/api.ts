import { SALE_LIST_KEY, type SaleDto } from '@karya/domain';
import { tradeApi } from '../purchases/trade-api';

export const sales = tradeApi<typeof SALE_LIST_KEY, SaleDto>('sales', SALE_LIST_KEY, 'sale');
export const saleKeys = sales.keys;
export const SALES_PAGE = sales.PAGE;
