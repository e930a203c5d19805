import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import type { ResourceItem, RoleFormValues } from './permission-state';
import { RoleForm } from './role-form';

const catalogue: ResourceItem[] = [
  { _id: '1', name: 'customer', module: 'crm', actions: ['create', 'read'] },
];
const CREATE = '/admin/roles/create';
const DRAFT = `karya:draft:${CREATE}`;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

type Submit = (values: RoleFormValues) => Promise<{ message?: string }>;

/** The create page inside a data router, with a link out (as the sidebar has) and the role list. */
const renderCreate = (submit: Submit = async () => ({ message: 'ok' }), entries = [CREATE]) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.resources, catalogue);
  const router = createMemoryRouter(
    [
      {
        path: CREATE,
        element: (
          <>
            <Link to="/hrm">Dashboard</Link>
            <RoleForm mode="create" submit={submit} />
          </>
        ),
      },
      { path: '/admin/roles', element: <p>Role list</p> },
      { path: '/hrm', element: <p>Dashboard page</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
};

const nameInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Name/ });
const typeName = (value: string) => fireEvent.change(nameInput(), { target: { value } });
const dialog = () => screen.queryByRole('dialog', { name: 'Discard changes?' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('role form draft', () => {
  it('restores a typed name after a remount, and Discard them drops it', async () => {
    renderCreate();
    typeName('Sales');
    // Written once typing pauses.
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem(DRAFT) ?? '{}').values?.name).toBe('Sales'));
    cleanup();

    renderCreate();
    expect(await screen.findByText('Restore your unsaved role Sales?')).toBeTruthy();
    click('Restore');
    expect(await screen.findByText('Unsaved changes restored')).toBeTruthy();
    expect(nameInput().value).toBe('Sales');

    click('Discard them');
    expect(nameInput().value).toBe('');
    expect(screen.queryByText('Unsaved changes restored')).toBeNull();
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });

  it('removes the draft when the values are typed back to the start', async () => {
    renderCreate();
    typeName('S');
    await waitFor(() => expect(sessionStorage.getItem(DRAFT)).not.toBeNull());
    typeName('');
    await waitFor(() => expect(sessionStorage.getItem(DRAFT)).toBeNull());
  });
});

describe('role form leave guard', () => {
  it('asks before an in-app link leaves a dirty form; Keep editing stays, Discard goes', async () => {
    renderCreate();
    typeName('Sales');
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(screen.getByText('You have unsaved changes. Are you sure you want to discard them?')).toBeTruthy();

    click('Keep editing');
    await waitFor(() => expect(dialog()).toBeNull());
    expect(nameInput().value).toBe('Sales');
    expect(screen.queryByText('Dashboard page')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('dialog', { name: 'Discard changes?' });
    click('Discard');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    // Discarded: the draft does not come back.
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });

  it('asks on the browser Back button too', async () => {
    const router = renderCreate(undefined, ['/admin/roles', CREATE]);
    typeName('Sales');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    click('Discard');
    expect(await screen.findByText('Role list')).toBeTruthy();
  });

  it('lets a clean form go without asking', async () => {
    renderCreate();
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it('does not ask again after Cancel was confirmed', async () => {
    renderCreate();
    typeName('Sales');
    click('Cancel');
    await screen.findByRole('dialog', { name: 'Discard changes?' });
    click('Discard');
    expect(await screen.findByText('Role list')).toBeTruthy();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });

  it('lets a saved form go to the role list without asking, and drops the draft', async () => {
    const submit = vi.fn<Submit>(async () => ({ message: 'Role created successfully' }));
    renderCreate(submit);
    typeName('Sales');
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Sells things' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'customer: Create', hidden: true }));
    await waitFor(() => expect(sessionStorage.getItem(DRAFT)).not.toBeNull());
    click('Create Role');
    expect(await screen.findByText('Role list')).toBeTruthy();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });
});
