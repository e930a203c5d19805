import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'admin/products/vendors', element: lazyPage(() => import('./list-page'), 'VendorsListPage') },
  {
    path: 'admin/products/vendors/:id',
    element: lazyPage(() => import('./detail-page'), 'VendorDetailPage'),
  },
];
