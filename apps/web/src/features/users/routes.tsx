import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'admin/users', element: lazyPage(() => import('./list-page'), 'UsersListPage') },
  { path: 'admin/users/create', element: lazyPage(() => import('./form-pages'), 'UserCreatePage') },
  { path: 'admin/users/:id', element: lazyPage(() => import('./detail-page'), 'UserDetailPage') },
  { path: 'admin/users/:id/update', element: lazyPage(() => import('./form-pages'), 'UserUpdatePage') },
  {
    path: 'admin/users/:id/change-password',
    element: lazyPage(() => import('./change-password-page'), 'UserChangePasswordPage'),
  },
];
