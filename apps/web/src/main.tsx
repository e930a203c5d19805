import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient, Providers } from './app/providers';
import { firstPageLoaded, router, routerReady } from './app/router';
import { takeFirstPaint } from './lib/first-paint';

const client = createQueryClient();

// A page the server painted first (lib/first-paint.ts) comes with the answers it was drawn from.
const firstPaint = takeFirstPaint(client);

// The first render as a transition: React renders in slices and lets the browser breathe between them, so
// a slow phone is not frozen while the page mounts (the loading screen in index.html stays until it is done).
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers client={client}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
// The app renders once its stylesheet is in (see first-paint-styles.ts), or without it if it failed. Over
// the server's first paint it waits for the page's chunks and the router too, so that its first render is
// the page itself: React replaces the server's markup in one commit, never with a skeleton in between.
const ready = firstPaint ? () => Promise.all([firstPageLoaded, routerReady()]).then(render, render) : render;
void import('./app/first-paint-styles').then(ready, ready);

// Only the production build has a worker: in development it would serve stale modules. Registered once the
// page has loaded, from its own chunk: the first paint does not wait for it.
if (import.meta.env.PROD)
  window.addEventListener('load', () => {
    void import('./app/service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  });
