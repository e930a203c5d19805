import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { publicRoutes } from '../features/auth/routes';
import { lazyPage, preloadElement } from './lazy-page';
import { NotFoundPage, RouteErrorPage } from './pages/error-pages';
import { PageSkeleton, ShellSkeleton } from './pages/page-skeleton';
import { RequireAuth } from './require-auth';

/**
 * The router starts with the public routes (sign-in, features/auth/routes.tsx) and an empty shell; every
 * other feature's `routes.tsx` is collected by the signed-in frame's chunk (signed-in-frame.tsx), which
 * `patchRoutesOnNavigation` adds under the shell on the first navigation inside it. A new record type adds
 * its own features/<name>/routes.tsx and touches nothing else: the shell checks the route-permission table
 * from packages/domain and the menus already list every area (every one has its screens since issue 28).
 *
 * Every page is its own chunk, and the shell with the route table is one too: the sign-in page loads
 * neither the shell, nor the list kit, nor the routes of the twenty record types.
 */
const loadFrame = () => import('./signed-in-frame');

// The shell with the providers only signed-in pages use (see signed-in-frame.tsx).
const shell = lazyPage(loadFrame, 'SignedInFrame');

/** The id of the route the features' routes join (beside the index redirect and the not-found page). */
export const PAGES = 'pages';

export const routes: RouteObject[] = [
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
    // Until the route table has arrived (the first visit to a signed-in page): the shell's skeleton.
    hydrateFallbackElement: <ShellSkeleton />,
    children: [
      {
        id: PAGES,
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

let shellRoutesAdded: Promise<void> | undefined;

const createRouter = () =>
  createBrowserRouter(routes, {
    window: routerWindow,
    // Any path under the shell first matches the not-found splat, which has a parameter, so the router asks
    // here before it settles; the features' routes are added once (a later call finds them there).
    patchRoutesOnNavigation: ({ patch }) => {
      shellRoutesAdded ??= loadFrame().then(({ shellRoutes }) => patch(PAGES, shellRoutes));
      return shellRoutesAdded.catch((error: unknown) => {
        // A chunk that failed to load (a dropped connection, a new release) may be tried again; meanwhile
        // the not-found splat renders, whose error page offers the reload.
        shellRoutesAdded = undefined;
        throw error;
      });
    },
  });

// The server renders the same routes with a static router (entry-server.tsx), and has no browser router.
export const router = import.meta.env.SSR
  ? (undefined as never as ReturnType<typeof createRouter>)
  : createRouter();

/**
 * The first page's chunks (the shell with the route table, then the page, or the sign-in page): fetched
 * from start-up, beside the session check, rather than one after the other as each renders. Settles when
 * they are in (main.tsx waits for it before replacing the server's first paint).
 */
const preloadFirstPage = () => {
  const matches = matchRoutes(routes, window.location) ?? [];
  return Promise.all([
    ...matches.map((m) => preloadElement(m.route.element)),
    matches.some((m) => m.route.path === '/login') ||
      loadFrame().then(({ shellRoutes }) =>
        Promise.all(
          [shell, ...(matchRoutes(shellRoutes, window.location) ?? []).map((m) => m.route.element)].map(
            preloadElement,
          ),
        ),
      ),
  ]);
};

export const firstPageLoaded = import.meta.env.SSR
  ? Promise.resolve()
  : preloadFirstPage().catch(() => undefined);

/**
 * Settles once the router has its routes for the address bar (the shell's table is added on the way). The
 * router may call a new subscriber at once, inside `subscribe` (an update it made while nobody listened),
 * so the unsubscribe is a placeholder until `subscribe` has returned it.
 */
export const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    let stop = () => {};
    stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
