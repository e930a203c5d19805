import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Sales (spec 3 §2): list, create, detail, update and the tax invoice (issue 27) under /admin/products/sales. */
export const routes: RouteObject[] = [
  { path: 'admin/products/sales', element: lazyPage(() => import('./list-page'), 'SalesListPage') },
  { path: 'admin/products/sales/create', element: lazyPage(() => import('./form-pages'), 'SaleCreatePage') },
  { path: 'admin/products/sales/:id', element: lazyPage(() => import('./detail-page'), 'SaleDetailPage') },
  {
    path: 'admin/products/sales/:id/invoice',
    element: lazyPage(() => import('./invoice-page'), 'SaleInvoicePage'),
  },
  {
    path: 'admin/products/sales/:id/update',
    element: lazyPage(() => import('./form-pages'), 'SaleUpdatePage'),
  },
];
