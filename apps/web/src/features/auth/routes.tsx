import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Public routes, outside the guarded shell (app/router.tsx gives them a loading state and error page). */
export const publicRoutes: RouteObject[] = [
  { path: '/login', element: lazyPage(() => import('./login-page'), 'LoginPage') },
];
