import type { RoleDto } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, recordStamps, stubNetwork, Wrap } from '../../test/harness';
import { RolesListPage } from './list-page';

// Whole pages render slowly in jsdom (more so on a busy machine): waits get more than the default second.
configure({ asyncUtilTimeout: 5000 });

let permissions = ['read', 'create', 'update', 'delete'];
const role = (overrides: Partial<RoleDto>): RoleDto => ({
  _id: 'c'.repeat(24),
  name: 'Field Sales',
  description: 'Visits schools',
  permissions: [{ resource: 'customer', actions: ['read'], module: 'crm' }],
  expiresAt: null,
  isSystem: false,
  ...recordStamps,
  ...overrides,
});
const ROLES = [role({}), role({ _id: 'd'.repeat(24), name: 'Super Admin', isSystem: true, permissions: [] })];

const calls = stubNetwork(
  () => meWith({ role: permissions }),
  (method, url) => {
    if (method === 'GET' && url.startsWith('/api/admin/roles?'))
      return envelope({ roles: ROLES, rolesCount: ROLES.length, page: 1, limit: 100 });
    if (method === 'DELETE') return envelope(null);
    return undefined;
  },
);

describe('roles list', { timeout: 60_000 }, () => {
  it('shows every role as a card, folds its permissions, and offers Create, Update and Delete by permission', async () => {
    permissions = ['read', 'create', 'update', 'delete'];
    render(
      <Wrap path="/admin/roles" signedIn>
        <RolesListPage />
      </Wrap>,
    );
    const card = await screen.findByRole('article', { name: 'Field Sales' });
    expect(screen.getByRole('heading', { name: 'Role Management' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Create Role' })).getAttribute('href')).toBe(
      '/admin/roles/create',
    );
    expect(within(card).getByRole('link', { name: 'Update Field Sales' }).getAttribute('href')).toBe(
      `/admin/roles/${'c'.repeat(24)}/update`,
    );
    // The Super Admin role is never updated or deleted from the list.
    const locked = screen.getByRole('article', { name: 'Super Admin' });
    expect(within(locked).queryByRole('button', { name: /Delete/ })).toBeNull();
    // No filters, no sort menu, no pagination: the server answers every role.
    expect(screen.queryByRole('button', { name: 'Open filters' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/admin/roles?'))[0]!.url).toContain('limit=100');

    const toggle = within(card).getByRole('button', { name: 'View Permissions (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Field Sales' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Role' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/admin/roles/${'c'.repeat(24)}`)).toBe(
        true,
      ),
    );
  });

  it('shows no Create, Update or Delete with read alone', async () => {
    permissions = ['read'];
    render(
      <Wrap path="/admin/roles" signedIn>
        <RolesListPage />
      </Wrap>,
    );
    const card = await screen.findByRole('article', { name: 'Field Sales' });
    expect(within(card).queryByRole('link', { name: /Update/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Role' })).toBeNull();
  });
});
