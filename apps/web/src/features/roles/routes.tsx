import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'admin/roles', element: lazyPage(() => import('./list-page'), 'RolesListPage') },
  { path: 'admin/roles/create', element: lazyPage(() => import('./form-pages'), 'RoleCreatePage') },
  { path: 'admin/roles/:id/update', element: lazyPage(() => import('./form-pages'), 'RoleUpdatePage') },
];
