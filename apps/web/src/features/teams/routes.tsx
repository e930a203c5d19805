import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'admin/teams', element: lazyPage(() => import('./list-page'), 'TeamsListPage') },
  { path: 'admin/teams/create', element: lazyPage(() => import('./form-pages'), 'TeamCreatePage') },
  { path: 'admin/teams/:id', element: lazyPage(() => import('./detail-page'), 'TeamDetailPage') },
  { path: 'admin/teams/:id/update', element: lazyPage(() => import('./form-pages'), 'TeamUpdatePage') },
];
