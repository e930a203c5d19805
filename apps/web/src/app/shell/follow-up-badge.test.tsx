import type { MeDto } from '@karya/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { createQueryClient, Providers } from '../providers';
import { Shell } from './shell';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.scrollTo = () => {};
});

const COUNTS = '/api/crm/dashboard/follow-up-counts';
let counts = { overdue: 3, dueToday: 1 };
const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const body = url === COUNTS ? { success: true, message: 'OK', data: counts } : { success: false };
      return new Response(JSON.stringify(body), {
        status: url === COUNTS ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (permissions: MeDto['permissions']) =>
  ({
    _id: '0123456789abcdef01234567',
    name: 'Asha Rao',
    email: 'asha@example.com',
    dateOfBirth: null,
    image: null,
    isEmailVerified: true,
    isPhoneVerified: true,
    expiredRoles: [],
    mustChangePassword: false,
    companyState: 'Odisha',
    permissions,
  }) as unknown as MeDto;

const renderAt = (path: string, user: MeDto) => {
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { path: 'crm', element: <p>CRM home</p> },
          { path: 'hrm', element: <p>HRM home</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
};

const CRM_USER = [
  { resource: 'crm', actions: ['read'] },
  { resource: 'follow-up', actions: ['read'] },
];

describe('Follow-up badge in the menu', () => {
  it('shows overdue and due-today counts beside Follow Up, fetched after the first paint', async () => {
    renderAt('/crm', me(CRM_USER));
    const nav = screen.getByRole('navigation', { name: 'CRM menu' });
    // The first render asks for nothing but the page itself.
    expect(calls).not.toContain(COUNTS);
    const link = await within(nav).findByRole('link', { name: 'Follow Up (3 overdue, 1 due today)' });
    expect(link.getAttribute('href')).toBe('/crm/follow-ups');
    expect(within(link).getByText('3')).toBeTruthy();
    expect(within(link).getByText('1')).toBeTruthy();
    expect(calls.filter((c) => c === COUNTS)).toHaveLength(1);
  });

  it('shows nothing when the queue is empty', async () => {
    counts = { overdue: 0, dueToday: 0 };
    try {
      renderAt('/crm', me(CRM_USER));
      await waitFor(() => expect(calls).toContain(COUNTS));
      const nav = screen.getByRole('navigation', { name: 'CRM menu' });
      expect(within(nav).getByRole('link', { name: 'Follow Up' })).toBeTruthy();
      expect(screen.queryByTestId('follow-up-badge')).toBeNull();
    } finally {
      counts = { overdue: 3, dueToday: 1 };
    }
  });

  it('is never asked for by a user who cannot read follow-ups, nor outside the CRM menu', async () => {
    renderAt('/crm', me([{ resource: 'crm', actions: ['read'] }]));
    renderAt('/hrm', me([{ resource: 'hrm', actions: ['read'] }, ...CRM_USER]));
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).not.toContain(COUNTS);
    expect(screen.getAllByText('CRM home')).toHaveLength(1);
  });
});
