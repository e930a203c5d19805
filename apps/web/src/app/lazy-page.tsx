import { type ComponentType, lazy } from 'react';

/**
 * A route's page as its own chunk: `lazyPage(() => import('./list-page'), 'TasksListPage')`. Pages keep
 * their named exports; the chunk is fetched when the route first renders, and the router's Suspense
 * boundary (app/router.tsx) shows a skeleton meanwhile. A chunk that fails to load throws into the route's
 * errorElement, which offers a reload (app/pages/error-pages.tsx).
 */
export const lazyPage = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
};
