import type { MeDto, TaskDto } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthProvider, useAuth } from '../../app/auth';

/** Shared by the task tests: the app around a screen and a stand-in for the network. */

export type Call = { method: string; url: string; body: unknown };

export const envelope = (data: unknown, status = 200, message = 'OK') =>
  new Response(JSON.stringify({ success: status < 400, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const ME_ID = 'a'.repeat(24);

/** A signed-in user holding `permissions` (resource → actions). */
export const meWith = (permissions: Record<string, string[]>): MeDto =>
  ({
    _id: ME_ID,
    name: 'Asha Admin',
    email: 'asha@example.com',
    permissions: Object.entries(permissions).map(([resource, actions]) => ({ resource, actions })),
    roles: [],
    expiredRoles: [],
    mustChangePassword: false,
  }) as unknown as MeDto;

export const task = (overrides: Partial<TaskDto> = {}): TaskDto => ({
  _id: 'b'.repeat(24),
  title: 'Call the school',
  description: null,
  status: 'Scheduled',
  priority: 'Medium',
  date: '2026-03-10',
  time: '14:30:00',
  deadline: null,
  reason: null,
  assignedTo: [{ _id: ME_ID, name: 'Asha Admin' }],
  assignedBy: { _id: ME_ID, name: 'Asha Admin' },
  createdBy: { _id: ME_ID, name: 'Asha Admin' },
  createdAt: '2026-03-01T04:30:00.000Z',
  updatedAt: '2026-03-02T04:30:00.000Z',
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
  ...overrides,
});

type Answer = (method: string, url: string, body: unknown) => Response | undefined;

/**
 * Stubs fetch for every test of the file: the session comes from `session.me` (change it per test), user
 * suggestions answer `session.users`, and `session.answer` gives the rest (404 otherwise). The calls are
 * recorded, with JSON bodies parsed.
 */
export const stubNetwork = () => {
  const session: {
    me: MeDto;
    users: { _id: string; name: string; email: string; image: null }[];
    answer: Answer;
    calls: Call[];
  } = { me: meWith({}), users: [], answer: () => undefined, calls: [] };
  beforeEach(() => {
    session.calls.length = 0;
    session.users = [];
    session.answer = () => undefined;
    sessionStorage.clear();
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        session.calls.push({ method, url, body });
        if (url === '/api/auth/me') return envelope(session.me);
        if (url.startsWith('/api/admin/users/suggestion')) return envelope(session.users);
        return session.answer(method, url, body) ?? envelope(null, 404, 'Not found');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    vi.unstubAllGlobals();
  });
  return session;
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

/** `element` at `path` (pattern `pattern`), inside the app's providers and a data router. */
export const Wrap = ({
  children,
  path,
  pattern = path.split(/[?#]/)[0]!,
}: {
  children: ReactNode;
  path: string;
  pattern?: string;
}) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          path: pattern,
          element: (
            <>
              <Where />
              <SignedIn>{children}</SignedIn>
            </>
          ),
        },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: [path] },
    ),
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
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

/** Choose an option of a select by its label. */
export const pick = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('textbox', { name: label, hidden: true }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};

export const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label, hidden: true }), { target: { value } });
