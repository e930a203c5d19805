/**
 * The server's first paint (issue 9: fast on a phone). apps/server/src/platform/first-paint.ts imports this
 * module from the SSR build (apps/web/dist-ssr) and, for a signed-in visit to a page that shows records
 * (platform/first-paint.ts says which), asks it for that page drawn as HTML: the same components, routes and
 * queries as the browser, whose calls reach the server's own routes in-process with the visitor's cookie
 * (the same session, permission and row-scope checks as any call). The browser shows that markup at once
 * and its app replaces it once loaded (main.tsx, lib/first-paint.ts).
 *
 * The page is rendered twice: the first pass finds the queries the page asks for (and loads its chunks),
 * their answers are fetched, and the second pass draws them; a query that only a drawn answer reveals gets
 * one more round. Only successful answers are handed to the browser; it asks again for the rest.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { sessionQuery } from './app/auth';
import { createQueryClient, Providers } from './app/providers';
import { PAGES, routes } from './app/router';
import { shellRoutes } from './app/signed-in-frame';
import { setServerWideGuess } from './components/list/layout';
import { setApiTransport } from './lib/api';
import { APP_NAME, setServerTitleSink } from './lib/document-title';
import type { FirstPaintState } from './lib/first-paint';

export type ServerFetch = (path: string, init: RequestInit) => Promise<Response>;
export type FirstPaint = { html: string; state: FirstPaintState; title: string };

type Visit = { fetch: ServerFetch; wide: boolean; title: string };
const visits = new AsyncLocalStorage<Visit>();
const visit = () => {
  const current = visits.getStore();
  if (!current) throw new Error('A call outside a first paint.');
  return current;
};
// Each render runs in its visit's context: concurrent renders never share a cookie.
setApiTransport((path, init) => visit().fetch(path, init));
setServerWideGuess(() => visit().wide);
// The page's tab title, as its header would set it in the browser (the last one drawn wins).
setServerTitleSink((title) => {
  visit().title = title;
});

/** The router's full table: the public routes and, under the shell, every feature's pages. */
const withPages = (list: RouteObject[]): RouteObject[] =>
  list.map((route) =>
    route.id === PAGES
      ? ({ ...route, children: [...shellRoutes, ...(route.children ?? [])] } as RouteObject)
      : route.children
        ? ({ ...route, children: withPages(route.children) } as RouteObject)
        : route,
  );
const handler = createStaticHandler(withPages(routes));

const MAX_ROUNDS = 2;

/** Waits for every lazy chunk, unlike renderToString, which would draw the Suspense fallbacks. */
const prerender = async (node: ReactNode) => {
  const { prelude } = await prerenderToNodeStream(node);
  for await (const _ of prelude) {
    // The markup of this pass is not used: it finds the queries and loads the chunks.
  }
};

/**
 * The page at `url` (path and query string) drawn for the visitor whose calls `fetch` makes, or null when
 * it is not one to paint: nobody signed in, a password to change first, or a redirect. `wide` guesses the screen (list or grid layout); the sidebar is left to the stylesheet.
 */
export const renderFirstPaint = (
  url: string,
  fetch: ServerFetch,
  wide: boolean,
): Promise<FirstPaint | null> =>
  visits.run({ fetch, wide, title: APP_NAME }, async () => {
    const client = createQueryClient();
    const me = await client.fetchQuery(sessionQuery).catch(() => null);
    if (!me || me.mustChangePassword) return null;
    const context = await handler.query(new Request(new URL(url, 'http://karya.local')));
    if (context instanceof Response) return null;
    const page = () => (
      <Providers client={client}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>
    );
    await prerender(page());
    let html = '';
    for (let round = 0; round <= MAX_ROUNDS; round++) {
      const waiting = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle');
      if (round > 0 && waiting.length === 0) break;
      await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
      html = renderToString(page());
    }
    const queries = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'success')
      .map((q) => ({ key: q.queryKey, data: q.state.data, at: q.state.dataUpdatedAt }));
    return { html, state: { queries }, title: visit().title };
  });
