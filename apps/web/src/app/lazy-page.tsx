import { type ComponentType, lazy, type ReactElement } from 'react';

const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A route's page as its own chunk: `lazyPage(() => import('./list-page'), 'TasksListPage')`. Pages keep
 * their named exports; the chunk is fetched when the route first renders (or earlier, see
 * `preloadElement`), and the router's Suspense boundary (app/router.tsx) shows a skeleton meanwhile. A chunk
 * that fails to load throws into the route's errorElement, which offers a reload (app/pages/error-pages.tsx).
 */
export const lazyPage = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  const element = <Page />;
  loaders.set(element, load);
  return element;
};

/**
 * Starts fetching a lazy page's chunk now (the browser keeps the module, so the later render finds it
 * loaded). Used at start-up for the page in the address bar, so its chunk downloads while the session is
 * being checked instead of after.
 */
export const preloadElement = (element: unknown) => {
  const load = loaders.get(element as ReactElement);
  if (load) void load().catch(() => undefined);
};
