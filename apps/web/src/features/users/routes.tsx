import type { RouteObject } from 'react-router';
import { UserChangePasswordPage } from './change-password-page';
import { UserDetailPage } from './detail-page';
import { UserCreatePage, UserUpdatePage } from './form-pages';
import { UsersListPage } from './list-page';

export const routes: RouteObject[] = [
  { path: 'admin/users', element: <UsersListPage /> },
  { path: 'admin/users/create', element: <UserCreatePage /> },
  { path: 'admin/users/:id', element: <UserDetailPage /> },
  { path: 'admin/users/:id/update', element: <UserUpdatePage /> },
  { path: 'admin/users/:id/change-password', element: <UserChangePasswordPage /> },
];
