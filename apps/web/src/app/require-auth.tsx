import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth';

/** A visitor who is not signed in goes to /login?redirect={path} (spec 1 §2). */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const { status, isAuthenticated } = useAuth();
  const location = useLocation();
  if (status === 'idle')
    return (
      <Center h="100dvh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  if (!isAuthenticated) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
};
