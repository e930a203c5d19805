import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Purchases (spec 3 §2): list, create, detail and update under /admin/products/purchases. */
export const routes: RouteObject[] = [
  { path: 'admin/products/purchases', element: lazyPage(() => import('./list-page'), 'PurchasesListPage') },
  {
    path: 'admin/products/purchases/create',
    element: lazyPage(() => import('./form-pages'), 'PurchaseCreatePage'),
  },
  {
    path: 'admin/products/purchases/:id',
    element: lazyPage(() => import('./detail-page'), 'PurchaseDetailPage'),
  },
  {
    path: 'admin/products/purchases/:id/update',
    element: lazyPage(() => import('./form-pages'), 'PurchaseUpdatePage'),
  },
];
