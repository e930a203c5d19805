import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm/profile', element: lazyPage(() => import('./profile-page'), 'ProfilePage') },
  { path: 'hrm/profile/update', element: lazyPage(() => import('./update-page'), 'ProfileUpdatePage') },
  {
    path: 'hrm/profile/change-password',
    element: lazyPage(() => import('./change-password-page'), 'ProfileChangePasswordPage'),
  },
];
