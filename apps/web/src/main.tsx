import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient, Providers } from './app/providers';
import { router } from './app/router';
import { registerServiceWorker } from './app/service-worker';

const client = createQueryClient();

// The first render as a transition: React renders in slices and lets the browser breathe between them, so
// a slow phone is not frozen while the page mounts (the loading screen in index.html stays until it is done).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

// Only the production build has a worker: in development it would serve stale modules.
if (import.meta.env.PROD) void registerServiceWorker().catch(() => undefined);
