import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { RouteErrorPage } from '../../app/pages/error-pages';

const loading = (
  <Center h="100dvh">
    <Loader aria-label="Loading" />
  </Center>
);

/** Public routes, outside the guarded shell. */
export const publicRoutes: RouteObject[] = [
  {
    path: '/login',
    element: <Suspense fallback={loading}>{lazyPage(() => import('./login-page'), 'LoginPage')}</Suspense>,
    errorElement: <RouteErrorPage />,
  },
];
