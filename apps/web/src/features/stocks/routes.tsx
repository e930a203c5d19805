import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Stocks (spec 3 §2): the list and a stock's page under /admin/products/stocks. */
export const routes: RouteObject[] = [
  { path: 'admin/products/stocks', element: lazyPage(() => import('./list-page'), 'StocksListPage') },
  { path: 'admin/products/stocks/:id', element: lazyPage(() => import('./detail-page'), 'StockDetailPage') },
];
