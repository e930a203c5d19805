import { type ComponentType, lazy, type ReactElement, useState } from 'react';

const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A route's page as its own chunk: `lazyPage(() => import('./list-page'), 'TasksListPage')`. Pages keep
 * their named exports; the chunk is fetched when the route first renders (or earlier, see
 * `preloadElement`), and the router's Suspense boundary (app/router.tsx) shows a skeleton meanwhile. A chunk
 * that fails to load throws into the route's errorElement, which offers a reload (app/pages/error-pages.tsx).
 *
 * A page whose chunk is already in when it mounts renders at once, without suspending: after the server's
 * first paint (main.tsx), the first render must show the page itself, never a skeleton in its place. Each
 * mounted page decides once, so a page that started suspended is not remounted when its chunk arrives.
 */
export const lazyPage = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => {
  let loaded: ComponentType | undefined;
  const fetchPage = () => load().then((m) => (loaded = m[name] as ComponentType));
  const Suspended = lazy(() => fetchPage().then((page) => ({ default: page })));
  const Page = () => {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Suspended />;
  };
  const element = <Page />;
  loaders.set(element, fetchPage);
  return element;
};

/**
 * Starts fetching a lazy page's chunk now (the browser keeps the module, so the later render finds it
 * loaded). Used at start-up for the page in the address bar, so its chunk downloads while the session is
 * being checked instead of after. The promise settles when the page can render without suspending.
 */
export const preloadElement = (element: unknown): Promise<unknown> => {
  const load = loaders.get(element as ReactElement);
  return load ? load().catch(() => undefined) : Promise.resolve();
};
