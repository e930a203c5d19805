import type { MeDto } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';

/** Shared by the user form tests: the app around the form and a stand-in for the browser's network. */

export type Call = { method: string; url: string; body: BodyInit | null | undefined };

export const envelope = (data: unknown, status = 200, message = 'OK') =>
  new Response(JSON.stringify({ success: status < 400, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Answers the calls the form makes, for every test of the file: the session as `me`, an empty role picker,
 * whatever `answer` gives for the rest, otherwise 404. Returns the list of calls, emptied before each test.
 */
export const stubNetwork = (me: MeDto, answer: (method: string, url: string) => Response | undefined) => {
  const calls: Call[] = [];
  beforeEach(() => {
    calls.length = 0;
    sessionStorage.clear();
    // The network is the edge of the unit under test.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url, body: init.body });
        if (url === '/api/auth/me') return envelope(me);
        if (url.startsWith('/api/admin/roles/suggestion')) return envelope([]);
        return answer(method, url) ?? envelope(null, 404, 'Not found');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return calls;
};

/** The form at `path`, with the pages it leads to after a save standing in as plain text. */
export const Wrap = ({ children, path }: { children: ReactNode; path: string }) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  // A data router, as in the app: the form's leave guard (useBlocker) needs one.
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path, element: children },
        { path: '/admin/users', element: <p>Users</p> },
        { path: '/admin/users/:id', element: <p>User detail</p> },
        { path: '/hrm/profile', element: <p>Profile</p> },
      ],
      { initialEntries: [path] },
    ),
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ModalsProvider>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
};

/** Choose an option of a select or combobox by its label. */
export const pick = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
