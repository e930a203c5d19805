import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { lazyPage, preloadElement } from './lazy-page';
import { NotFoundPage, RouteErrorPage } from './pages/error-pages';
import { PageSkeleton, ShellSkeleton } from './pages/page-skeleton';
import { RequireAuth } from './require-auth';

type FeatureRoutes = { routes?: RouteObject[]; publicRoutes?: RouteObject[] };

/**
 * Every feature's `routes.tsx` is picked up here: `routes` live inside the guarded shell, `publicRoutes`
 * (sign-in) stand alone. A new record type adds its own features/<name>/routes.tsx and touches nothing
 * else: the shell checks the route-permission table from packages/domain, the menus already list every
 * area, and the coming-soon pages are splat routes that any real route outranks.
 *
 * The route files are small and eager; each names its pages with `lazyPage`, so every page is its own
 * chunk, and the shell is one too: the sign-in page loads neither the shell nor the list kit.
 */
const features = Object.values(import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true }));
const shellRoutes = features.flatMap((f) => f.routes ?? []);
const publicRoutes = features.flatMap((f) => f.publicRoutes ?? []);

// The shell with the providers only signed-in pages use (see signed-in-frame.tsx).
const shell = lazyPage(() => import('./signed-in-frame'), 'SignedInFrame');

const routes: RouteObject[] = [
  {
    // Outside the shell (sign-in): a spinner while the page's chunk loads, and the same error pages.
    element: (
      <Suspense
        fallback={
          <Center h="100dvh">
            <Loader role="status" aria-label="Loading" />
          </Center>
        }
      >
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
    children: publicRoutes,
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Suspense fallback={<ShellSkeleton />}>{shell}</Suspense>
      </RequireAuth>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Inside the shell: a page's chunk loading shows a skeleton, and a failure (or a crash) stays in the
        // page area with the menus still there.
        element: (
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        ),
        errorElement: <RouteErrorPage inShell />,
        children: [
          { index: true, element: <Navigate to="/hrm" replace /> },
          ...shellRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The window the router sees: the real one, except that its sessionStorage (where React Router keeps the
 * view transitions to restore, which this app does not use) is a stub. The router reads it as it is
 * created, and a page's first storage access is a synchronous call to the browser process, slow while the
 * page is still loading (up to 40 ms of the sign-in page's start-up on a busy machine).
 */
const routerWindow =
  typeof window === 'undefined'
    ? undefined
    : ({
        document: window.document,
        location: window.location,
        history: window.history,
        addEventListener: window.addEventListener.bind(window),
        removeEventListener: window.removeEventListener.bind(window),
        sessionStorage: { getItem: () => null, setItem: () => undefined },
      } as unknown as Window);

export const router = createBrowserRouter(routes, { window: routerWindow });

// The first page's chunks (the shell and the page, or the sign-in page) start downloading now, beside the
// session check, rather than one after the other as each renders: on a slow link that is a round trip each.
if (typeof window !== 'undefined') {
  const matches = matchRoutes(routes, window.location) ?? [];
  if (!matches.some((m) => m.route.path === '/login')) preloadElement(shell);
  for (const m of matches) preloadElement(m.route.element);
}
