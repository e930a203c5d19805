import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** The accountant's hand-off (issue 27 §3; decision 0019): one page, its own chunk. */
export const routes: RouteObject[] = [
  { path: 'admin/accounts', element: lazyPage(() => import('./accounts-page'), 'AccountsPage') },
];
