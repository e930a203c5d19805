import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CrashPage, NotFoundPage } from './pages/error-pages';
import { RequireAuth } from './require-auth';
import { Shell } from './shell/shell';

type FeatureRoutes = { routes?: RouteObject[]; publicRoutes?: RouteObject[] };

/**
 * Every feature's `routes.tsx` is picked up here: `routes` live inside the guarded shell, `publicRoutes`
 * (sign-in) stand alone. A new record type adds its own features/<name>/routes.tsx and touches nothing
 * else: the shell checks the route-permission table from packages/domain, the menus already list every
 * area, and the coming-soon pages are splat routes that any real route outranks.
 */
const features = Object.values(import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true }));
const shellRoutes = features.flatMap((f) => f.routes ?? []);
const publicRoutes = features.flatMap((f) => f.publicRoutes ?? []);

export const router = createBrowserRouter([
  ...publicRoutes,
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
      ...shellRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
