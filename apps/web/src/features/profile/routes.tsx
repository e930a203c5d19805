import type { RouteObject } from 'react-router';
import { ProfileChangePasswordPage } from './change-password-page';
import { ProfilePage } from './profile-page';
import { ProfileUpdatePage } from './update-page';

export const routes: RouteObject[] = [
  { path: 'hrm/profile', element: <ProfilePage /> },
  { path: 'hrm/profile/update', element: <ProfileUpdatePage /> },
  { path: 'hrm/profile/change-password', element: <ProfileChangePasswordPage /> },
];
