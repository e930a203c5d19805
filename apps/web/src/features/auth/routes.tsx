import type { RouteObject } from 'react-router';
import { CrashPage } from '../../app/pages/error-pages';
import { LoginPage } from './login-page';

/** Public routes, outside the guarded shell. */
export const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <CrashPage /> },
];
