import { createBrowserRouter, Navigate } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { comingSoonRoutes } from '../features/coming-soon/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { profileRoutes } from '../features/profile/routes';
import { rolesRoutes } from '../features/roles/routes';
import { usersRoutes } from '../features/users/routes';
import { CrashPage, NotFoundPage } from './pages/error-pages';
import { RequireAuth } from './require-auth';
import { Shell } from './shell/shell';

/**
 * Public routes (sign-in) stand alone; everything else lives inside the guarded shell, which also checks
 * the route-permission table from packages/domain for the current path. Adding a record type adds its
 * routes array here.
 */
export const router = createBrowserRouter([
  ...authRoutes,
  {
    path: '/',
    element: (
      <RequireAuth>
        <Shell />
      </RequireAuth>
    ),
    errorElement: <CrashPage />,
    children: [
      { index: true, element: <Navigate to="/hrm" replace /> },
      ...dashboardRoutes,
      ...profileRoutes,
      ...usersRoutes,
      ...rolesRoutes,
      ...comingSoonRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
