/**
 * Query keys come from here only, one factory per record type, so a change can invalidate exactly the
 * lists and details that show it.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  users: {
    all: ['users'] as const,
    lists: () => ['users', 'list'] as const,
    list: (params: unknown) => ['users', 'list', params] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    activities: (id: string) => ['users', 'activities', id] as const,
    suggestion: (name: string, selected: string) => ['users', 'suggestion', name, selected] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
    detail: (id: string) => ['roles', 'detail', id] as const,
    suggestion: (name: string) => ['roles', 'suggestion', name] as const,
  },
  resources: ['resources'] as const,
  dashboards: {
    admin: ['dashboard', 'admin'] as const,
    crm: ['dashboard', 'crm'] as const,
    hrm: ['dashboard', 'hrm'] as const,
  },
};

/**
 * The keys of one record type, so a new type needs no edit here: `recordKeys('tasks').list(query)`.
 * Every key starts with `root`, so invalidating `all` refreshes its lists, details and suggestions.
 */
export const recordKeys = <R extends string>(root: R) => ({
  all: [root] as const,
  lists: () => [root, 'list'] as const,
  list: (params: unknown) => [root, 'list', params] as const,
  detail: (id: string) => [root, 'detail', id] as const,
  suggestion: <A extends unknown[]>(...args: A) => [root, 'suggestion', ...args] as const,
});
export type RecordKeys<R extends string = string> = ReturnType<typeof recordKeys<R>>;

/** Lists are kept 300 s (spec 1 §9); every change invalidates them. */
export const LIST_STALE_MS = 300_000;
export const DASHBOARD_POLL_MS = 60_000;
