import type { RouteObject } from 'react-router';
import { RoleCreatePage, RoleUpdatePage } from './form-pages';
import { RolesListPage } from './list-page';

export const routes: RouteObject[] = [
  { path: 'admin/roles', element: <RolesListPage /> },
  { path: 'admin/roles/create', element: <RoleCreatePage /> },
  { path: 'admin/roles/:id/update', element: <RoleUpdatePage /> },
];
