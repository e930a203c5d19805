import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'admin/products/margins', element: lazyPage(() => import('./list-page'), 'MarginsListPage') },
];
