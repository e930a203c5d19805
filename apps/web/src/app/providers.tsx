import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api';
import '../lib/dayjs-setup';
import { LIST_STALE_MS } from '../lib/query-keys';
import { AuthProvider } from './auth';
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

export const Providers = ({ children, client }: { children: ReactNode; client: QueryClient }) => (
  <QueryClientProvider client={client}>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ firstDayOfWeek: 1, locale: 'en' }}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <Notifications position="top-center" limit={4} />
          <AuthProvider>{children}</AuthProvider>
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  </QueryClientProvider>
);
