import type { MeDto } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthProvider, useAuth } from '../app/auth';
import { theme } from '../app/theme';

/** Shared by the screen tests: the app's providers and router around a screen, and a stand-in for the network. */

/** A call the screen made; JSON bodies are parsed, others (e.g. FormData) kept as sent. */
export type Call = { method: string; url: string; body: unknown };

/** Answers a call, or leaves it to the default (404). */
export type Answer = (method: string, url: string, body: unknown) => Response | undefined;

/** The server's envelope around `data`. */
export const envelope = (data: unknown, status = 200, message = 'OK') =>
  new Response(JSON.stringify({ success: status < 400, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const ME_ID = 'a'.repeat(24);

/** The audit fields of a record built for a test: created 1 March 2026, updated the day after, not deleted. */
export const recordStamps = {
  createdAt: '2026-03-01T04:30:00.000Z',
  updatedAt: '2026-03-02T04:30:00.000Z',
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
};

/** A signed-in user holding `permissions` (resource → actions); `more` sets other fields (name, phone...). */
export const meWith = (permissions: Record<string, string[]>, more: Record<string, unknown> = {}): MeDto =>
  ({
    _id: ME_ID,
    name: 'Asha Admin',
    email: 'asha@example.com',
    roles: [],
    expiredRoles: [],
    mustChangePassword: false,
    companyState: 'Odisha',
    ...more,
    permissions: Object.entries(permissions).map(([resource, actions]) => ({ resource, actions })),
  }) as unknown as MeDto;

/**
 * Stubs fetch for every test of the file (the network is the edge of the unit under test): the session is
 * `me()`, `answer` gives the rest, suggestion lists it leaves answer empty, anything else is a 404. Returns
 * the calls made, emptied before each test; storage and toasts are cleared between tests.
 */
export const stubNetwork = (me: () => MeDto, answer: Answer = () => undefined) => {
  const calls: Call[] = [];
  beforeEach(() => {
    calls.length = 0;
    sessionStorage.clear();
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        calls.push({ method, url, body });
        if (url === '/api/auth/session' || url === '/api/auth/me') return envelope(me());
        const answered = answer(method, url, body);
        if (answered) return answered;
        if (method === 'GET' && url.split('?')[0]!.endsWith('/suggestion')) return envelope([]);
        return envelope(null, 404, 'Not found');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    // Toasts live in a store shared by the whole file.
    notifications.clean();
    vi.unstubAllGlobals();
  });
  return calls;
};

/** The current location, for assertions on where a screen navigated. */
export const where = { pathname: '', search: '', hash: '' };
const Where = () => {
  const l = useLocation();
  where.pathname = l.pathname;
  where.search = l.search;
  where.hash = l.hash;
  return null;
};

/** As in the app (RequireAuth): screens render once the session is known. */
const SignedIn = ({ children }: { children: ReactNode }) => (useAuth().user ? children : null);

/**
 * The app's providers and a data router (as in the app, so leave guards work) opened at `path`: `children`
 * at `pattern` (the path without query and hash unless given) and `routes` beside it; other paths render
 * nothing. `signedIn` renders the screens only once the session is known. `where` follows the location.
 */
export const Wrap = ({
  children,
  path,
  pattern = path.split(/[?#]/)[0]!,
  routes = [],
  signedIn = false,
  state,
}: {
  children?: ReactNode;
  path: string;
  pattern?: string;
  routes?: RouteObject[];
  signedIn?: boolean;
  /** Navigation state the first location carries (a link's `state`). */
  state?: unknown;
}) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          element: (
            <>
              <Where />
              {signedIn ? (
                <SignedIn>
                  <Outlet />
                </SignedIn>
              ) : (
                <Outlet />
              )}
            </>
          ),
          children: [
            ...(children ? [{ path: pattern, element: children }] : []),
            ...routes,
            { path: '*', element: null },
          ],
        },
      ],
      { initialEntries: [state === undefined ? path : { pathname: path, state }] },
    ),
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test" theme={theme}>
        <ModalsProvider>
          <Notifications />
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
};

/** Choose an option of a select or combobox by its label. */
export const pick = async (label: string, option: string | RegExp) => {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

/** Type `value` into the text input labelled `label`. */
export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
