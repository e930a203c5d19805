import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api';
import { LIST_STALE_MS } from '../lib/query-keys';
import { AuthProvider } from './auth';
import { NotificationsHost } from './notifications-host';
import { cssVariablesResolver, theme } from './theme';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIST_STALE_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // A refused call (4xx) is not retried; a dropped connection is.
        retry: (count, error) =>
          count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });

/**
 * The app is light only (no switch anywhere). Mantine's default manager reads and watches localStorage to
 * remember a choice, and that first storage access is a synchronous call to the browser process, slow
 * while the page is still loading (15 ms and more of the sign-in page's start-up on a busy machine).
 */
const lightOnly: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/**
 * What every route needs. The dates settings and the modals manager live with the signed-in shell
 * (app/signed-in-frame.tsx) and the toasts load when the first one is shown, so the sign-in page's entry
 * carries none of them.
 */
export const Providers = ({ children, client }: { children: ReactNode; client: QueryClient }) => (
  <QueryClientProvider client={client}>
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={lightOnly}
      cssVariablesResolver={cssVariablesResolver}
    >
      <NotificationsHost />
      <AuthProvider>{children}</AuthProvider>
    </MantineProvider>
  </QueryClientProvider>
);
