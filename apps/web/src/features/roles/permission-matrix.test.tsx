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
  { _id: '4', name: 'team', module: 'admin', actions: ['delete-permanently', 'bulk-restore'] },
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
// Names are '<resource>: <action label>' ('customer: Create'); matched regardless of case.
const box = (name: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`^${name}$`, 'i'), hidden: true }) as HTMLInputElement;
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

describe('PermissionMatrix labels and search', () => {
  it('labels actions in words and finds a resource by an action label or its stored name', () => {
    render(<Matrix />);
    expect(box('customer: Delete').checked).toBe(false);
    const search = screen.getByRole('textbox', { name: 'Search permissions' });
    fireEvent.change(search, { target: { value: 'UPDATE' } });
    expect(screen.queryByRole('checkbox', { name: /^task:/, hidden: true })).toBeNull();
    expect(box('customer: Update')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing-like-this' } });
    expect(screen.getByText(/No permissions match/)).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(box('task: Create')).toBeTruthy();
  });

  it("reads 'delete-permanently' as 'Delete permanently' and still finds it by the stored name", () => {
    render(<Matrix />);
    expect(screen.getByText('Delete permanently')).toBeTruthy();
    expect(screen.getByText('Bulk restore')).toBeTruthy();
    expect(screen.queryByText('delete-permanently')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search permissions' }), {
      target: { value: 'delete-perm' },
    });
    expect(box('team: Delete permanently')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /^customer:/, hidden: true })).toBeNull();
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
    // The first error on screen is scrolled to and focused.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Name/)));
  });

  it("scrolls to and focuses the permissions when 'At least one permission is required.' is the only error", async () => {
    const scrolled: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderForm(vi.fn(async () => ({ message: 'ok' })));
      fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Sales' } });
      fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Sells things' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create Role' }));
      const message = await screen.findByText('At least one permission is required.');
      const matrix = screen.getByRole('group', { name: 'Permissions' });
      await waitFor(() => expect(document.activeElement).toBe(matrix));
      expect(scrolled).toContain(matrix);
      // The message is inside what was brought into view, above the matrix.
      expect(matrix.contains(message)).toBe(true);
      expect(matrix.getAttribute('aria-describedby')).toBe(message.id);
    } finally {
      spy.mockRestore();
    }
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

describe('PermissionMatrix dependencies (issue 23)', () => {
  const full: ResourceItem[] = [
    { _id: '5', name: 'customer', module: 'crm', actions: ['read', 'suggestion'] },
    { _id: '6', name: 'product-item', module: 'crm', actions: ['read', 'suggestion'] },
    { _id: '7', name: 'product-sale', module: 'admin', actions: ['create', 'read'] },
  ];
  const Deps = ({
    initial,
    catalogue = full,
  }: {
    initial: PermissionValue[];
    catalogue?: ResourceItem[];
  }) => {
    const [v, setV] = useState(initial);
    return (
      <MantineProvider>
        <PermissionMatrix catalogue={catalogue} value={v} onChange={setV} />
        <output data-testid="value">{JSON.stringify(v)}</output>
      </MantineProvider>
    );
  };

  it('shows what a ticked action also needs and adds it with one click', () => {
    render(<Deps initial={[{ resource: 'product-sale', actions: ['create'] }]} />);
    const note = screen.getByTestId('permission-dependencies');
    expect(note.textContent).toContain(
      'Create on Sales also needs Search suggestions on Customers and Search suggestions on Items, to choose the customer and the items.',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Add Search suggestions on Customers/ }));
    expect(value()).toEqual([
      { resource: 'customer', actions: ['suggestion'] },
      { resource: 'product-item', actions: ['suggestion'] },
      { resource: 'product-sale', actions: ['create'] },
    ]);
    expect(screen.queryByTestId('permission-dependencies')).toBeNull();
  });

  it('says nothing when the role holds what its actions need', () => {
    render(
      <Deps
        initial={[
          { resource: 'customer', actions: ['suggestion'] },
          { resource: 'product-item', actions: ['suggestion'] },
          { resource: 'product-sale', actions: ['create', 'read'] },
        ]}
      />,
    );
    expect(screen.queryByTestId('permission-dependencies')).toBeNull();
  });

  // Issue 26: the follow-up's reason pickers (field dependencies) and Approve's needs.
  const withFollowUps: ResourceItem[] = [
    { _id: '1', name: 'customer', module: 'crm', actions: ['suggestion'] },
    { _id: '2', name: 'user', module: 'admin', actions: ['suggestion'] },
    { _id: '3', name: 'follow-up', module: 'crm', actions: ['create', 'read'] },
    { _id: '4', name: 'requirement', module: 'crm', actions: ['suggestion'] },
    { _id: '5', name: 'quotation', module: 'crm', actions: ['suggestion'] },
    { _id: '6', name: 'project', module: 'crm', actions: ['suggestion', 'create', 'read'] },
  ];
  it("says what a follow-up's Project reason does without searching projects, and adds it", () => {
    render(
      <Deps
        catalogue={withFollowUps}
        initial={[
          { resource: 'customer', actions: ['suggestion'] },
          { resource: 'user', actions: ['suggestion'] },
          { resource: 'follow-up', actions: ['create'] },
          { resource: 'requirement', actions: ['suggestion'] },
          { resource: 'quotation', actions: ['suggestion'] },
        ]}
      />,
    );
    // The action itself can be finished: no warning, only the quieter note.
    expect(screen.queryByTestId('permission-dependencies')).toBeNull();
    const note = screen.getByTestId('permission-field-dependencies');
    expect(note.textContent).toContain(
      'Create on Follow-ups: without Search suggestions on Projects, the reason Project is not offered.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Search suggestions on Projects (Project)' }));
    expect(value()).toContainEqual({ resource: 'project', actions: ['suggestion'] });
    expect(screen.queryByTestId('permission-field-dependencies')).toBeNull();
  });

  it('Approve (create on project) also needs reading quotations and projects', () => {
    render(<Deps catalogue={withFollowUps} initial={[{ resource: 'project', actions: ['create'] }]} />);
    expect(screen.getByTestId('permission-dependencies').textContent).toContain(
      'Create on Projects also needs Read on Quotations and Read on Projects, to open the quotation and then the project it becomes.',
    );
  });
});
