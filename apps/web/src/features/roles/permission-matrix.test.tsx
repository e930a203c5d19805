import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { PermissionMatrix } from './permission-matrix';
import type { PermissionValue, ResourceItem, RoleFormValues } from './permission-state';
import { RoleForm } from './role-form';

const catalogue: ResourceItem[] = [
  { _id: '1', name: 'task', module: 'hrm', actions: ['create', 'read'] },
  { _id: '2', name: 'customer', module: 'crm', actions: ['create', 'read', 'update', 'delete'] },
  { _id: '3', name: 'user', module: 'admin', actions: ['read'] },
];

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const Matrix = ({ initial = [] as PermissionValue[] }) => {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <PermissionMatrix catalogue={catalogue} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </MantineProvider>
  );
};

// Folded accordion panels stay hidden in jsdom (no transitions run), so hidden elements are included.
const box = (name: string) => screen.getByRole('checkbox', { name, hidden: true }) as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]');

describe('PermissionMatrix all-actions checkbox', () => {
  it('selects all actions when none are selected', () => {
    render(<Matrix initial={[{ resource: 'task', actions: ['read'] }]} />);
    fireEvent.click(box('customer: all actions'));
    for (const a of ['create', 'read', 'update', 'delete']) expect(box(`customer: ${a}`).checked).toBe(true);
    expect(box('customer: all actions').checked).toBe(true);
    expect(value()).toContainEqual({ resource: 'customer', actions: ['create', 'read', 'update', 'delete'] });
  });

  it('clears the actions when some are selected (and shows indeterminate before)', () => {
    render(<Matrix initial={[{ resource: 'customer', actions: ['read', 'update'] }]} />);
    const all = box('customer: all actions');
    expect(all.checked).toBe(false);
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(all);
    expect(box('customer: read').checked).toBe(false);
    expect(box('customer: update').checked).toBe(false);
    expect(value()).toEqual([]);
  });

  it('clears the actions when all are selected', () => {
    render(<Matrix initial={[{ resource: 'customer', actions: ['create', 'read', 'update', 'delete'] }]} />);
    fireEvent.click(box('customer: all actions'));
    expect(value()).toEqual([]);
  });

  it('ticks single actions and shows the admin warning', () => {
    render(<Matrix />);
    fireEvent.click(box('customer: create'));
    expect(value()).toEqual([{ resource: 'customer', actions: ['create'] }]);
    expect(screen.getByText('Admin Permission')).toBeTruthy();
  });
});

const renderForm = (submit: (v: RoleFormValues) => Promise<{ message?: string }>) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.resources, catalogue);
  // A data router, as in the app: the form's leave guard (useBlocker) needs one.
  const router = createMemoryRouter([{ path: '*', element: <RoleForm mode="create" submit={submit} /> }]);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
};

describe('RoleForm', () => {
  it('shows the spec messages and does not submit an empty form', async () => {
    const submit = vi.fn(async () => ({ message: 'ok' }));
    renderForm(submit);
    fireEvent.click(screen.getByRole('button', { name: 'Create Role' }));
    expect(await screen.findByText('Role name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Description cannot be empty.')).toBeTruthy();
    expect(screen.getByText('At least one permission is required.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits only resources that have actions', async () => {
    const submit = vi.fn(async (_: RoleFormValues) => ({ message: 'Role created successfully' }));
    renderForm(submit);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Sales' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Sells things' } });
    fireEvent.click(box('task: all actions'));
    fireEvent.click(box('task: all actions'));
    fireEvent.click(box('customer: create'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Role' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![0]).toEqual({
      name: 'Sales',
      description: 'Sells things',
      permissions: [{ resource: 'customer', actions: ['create'] }],
      expiresAt: null,
    });
  });
});
