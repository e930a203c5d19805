import type { MeDto, TeamDto } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { routes } from './routes';

/** Shared by the teams tests: the app around the pages and a stand-in for the browser's network. */

// Whole pages render slowly in jsdom (more so on a busy machine): waits get more than the default second.
configure({ asyncUtilTimeout: 5000 });

export type Call = { method: string; url: string; body: unknown };

export const envelope = (data: unknown, status = 200, message = 'OK') =>
  new Response(JSON.stringify({ success: status < 400, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const ID = {
  admin: 'a'.repeat(24),
  asha: '1'.repeat(24),
  ravi: '2'.repeat(24),
  mita: '3'.repeat(24),
  team: 'f'.repeat(24),
};

export const USERS = [
  { _id: ID.asha, name: 'Asha Rao', email: 'asha@example.com', image: null },
  { _id: ID.ravi, name: 'Ravi Kumar', email: 'ravi@example.com', image: null },
  { _id: ID.mita, name: 'Mita Das', email: 'mita@example.com', image: null },
];

export const meWith = (permissions: { resource: string; actions: string[] }[]) =>
  ({
    _id: ID.admin,
    name: 'Admin',
    email: 'admin@example.com',
    permissions,
    roles: [],
    expiredRoles: [],
    mustChangePassword: false,
  }) as unknown as MeDto;

export const ALL_TEAM_ACTIONS = ['create', 'read', 'update', 'delete', 'restore', 'delete-permanently'];

export const team = (overrides: Partial<TeamDto> = {}): TeamDto => ({
  _id: ID.team,
  name: 'Robotics Crew',
  description: 'Builds the demo kits',
  members: [
    { user: USERS[0]!, role: 'admin' },
    { user: USERS[1]!, role: 'member' },
  ],
  membersCount: 2,
  createdBy: { _id: ID.admin, name: 'Admin' },
  createdAt: '2026-03-01T04:30:00.000Z',
  updatedAt: '2026-03-02T04:30:00.000Z',
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
  ...overrides,
});

/**
 * Answers the calls the pages make, for every test of the file: the session from `me()`, user
 * suggestions filtered by name, whatever `answer` gives for the rest, otherwise 404. Returns the calls
 * made (JSON bodies parsed), emptied before each test.
 */
export const stubNetwork = (
  me: () => MeDto,
  answer: (method: string, url: string, body: unknown) => Response | undefined,
) => {
  const calls: Call[] = [];
  beforeEach(() => {
    calls.length = 0;
    sessionStorage.clear();
    localStorage.clear();
    // The network is the edge of the unit under test.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        calls.push({ method, url, body });
        if (url === '/api/auth/me') return envelope(me());
        if (url.startsWith('/api/admin/users/suggestion')) {
          const name = new URL(url, 'http://x').searchParams.get('name')?.toLowerCase() ?? '';
          return envelope(USERS.filter((u) => u.name.toLowerCase().includes(name)));
        }
        return answer(method, url, body) ?? envelope(null, 404, 'Not found');
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

/** The teams routes at `path`, as in the app (a data router, so the forms' leave guard works). */
export const App = ({
  path,
  extra = [],
}: {
  path: string;
  extra?: { path: string; element: ReactNode }[];
}) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() =>
    createMemoryRouter(
      [
        ...routes.map((r) => ({ ...r, path: `/${r.path}` })),
        { path: '/admin/users/:id', element: <p>User detail</p> },
        ...extra,
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
export const pick = async (label: string, option: string | RegExp) => {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
