import { can, canAll, type MeDto, type PermissionSet, permissionSetFromList } from '@karya/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

type AuthState = {
  user: MeDto | null;
  status: 'idle' | 'success' | 'error';
  isAuthenticated: boolean;
  permissions: PermissionSet;
  /** Spec 1 §3: both default true; the verification dialog opens when e-mail is not verified. */
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  refresh: () => Promise<unknown>;
  setUser: (user: MeDto | null) => void;
};

const isMeKey = (key: readonly unknown[]) => JSON.stringify(key) === JSON.stringify(queryKeys.me);

/**
 * Forget every cached record and the user (the sign-in page calls it after a sign-out; here rather than
 * beside the log-out hook so that the sign-in page does not load the modals manager that hook uses).
 */
export const clearSession = async (client: QueryClient) => {
  await client.cancelQueries();
  client.removeQueries({ predicate: (q) => !isMeKey(q.queryKey) });
  client.setQueryData(queryKeys.me, null);
};

/** The session's query: the user, or null when nobody is signed in (the server's first paint asks it too). */
export const sessionQuery = {
  queryKey: queryKeys.me,
  queryFn: async () => (await api.get<MeDto | null>('/auth/session')).data,
  retry: false,
  staleTime: 60_000,
} as const;

const AuthContext = createContext<AuthState | null>(null);

/**
 * The session: one GET /auth/session shared by the whole app; it answers the user or null (not a 401, so
 * the sign-in page logs no error). /auth/me stays as the spec defines it.
 */
export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const client = useQueryClient();
  const me = useQuery(sessionQuery);
  // The first answer shows the page (the sign-in form or the shell) in a transition: a query's update
  // renders synchronously, and the whole first page rendered in one go blocks a slow phone for a long
  // moment; in a transition React renders it in slices. Later changes (sign-in, sign-out) are immediate.
  // A session already known (the server's first paint handed it over, main.tsx) starts at once.
  const [started, setStarted] = useState(() => !me.isPending);
  useEffect(() => {
    if (!me.isPending && !started) startTransition(() => setStarted(true));
  }, [me.isPending, started]);
  const pending = me.isPending || !started;
  // Stable, so that a component given them (the sign-in card, memoised) does not re-render on each answer.
  const { refetch } = me;
  const refresh = useCallback(() => refetch(), [refetch]);
  const setUser = useCallback((u: MeDto | null) => client.setQueryData(queryKeys.me, u), [client]);
  const user = me.data ?? null;
  const value = useMemo<AuthState>(
    () => ({
      user,
      status: pending ? 'idle' : me.isError ? 'error' : 'success',
      isAuthenticated: Boolean(user),
      permissions: permissionSetFromList(user?.permissions ?? []),
      isEmailVerified: user?.isEmailVerified ?? true,
      isPhoneVerified: user?.isPhoneVerified ?? true,
      refresh,
      setUser,
    }),
    [user, pending, me.isError, refresh, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

/** The signed-in user's permissions, or null outside the provider (a header drawn on its own, in a test). */
export const usePermissionsIfKnown = (): PermissionSet | null => useContext(AuthContext)?.permissions ?? null;

export const useAuth = () => {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
};

/**
 * can('user', 'create'), or canAll('user', ['read', 'update']). Whether an action can be finished (what it
 * needs besides) is useCanFinish, in components/permissions, outside the sign-in page's first load.
 */
export const useCan = () => {
  const { permissions } = useAuth();
  return useMemo(
    () => ({
      can: (resource: string, action: string) => can(permissions, resource, action),
      canAll: (resource: string, actions: readonly string[]) => canAll(permissions, resource, actions),
    }),
    [permissions],
  );
};

/** Render children only when the user holds the permission. */
export const Can = ({
  resource,
  action,
  children,
}: {
  resource: string;
  action: string;
  children: ReactNode;
}) => {
  const { can: allowed } = useCan();
  return allowed(resource, action) ? children : null;
};
