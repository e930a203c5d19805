import type { UserDto } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { UserCard } from './user-card';

let permissions: string[] = ['read'];
stubNetwork(() => meWith({ user: permissions }));

const user = (overrides: Partial<UserDto> = {}) =>
  ({
    ...recordStamps,
    _id: 'c'.repeat(24),
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '9876543210',
    gender: 'Male',
    dateOfBirth: null,
    maritalStatus: 'Single',
    employmentType: 'Full Time',
    duration: 0,
    languages: [],
    bio: null,
    address: null,
    roles: [],
    status: 'Active',
    image: null,
    emergencyContact: [],
    socialMedia: {},
    notes: null,
    lastPasswordChanged: null,
    lastLogin: null,
    isDeleted: false,
    deletedAt: null,
    deletedBy: null,
    isEmailVerified: true,
    isPhoneVerified: false,
    isSuperAdmin: false,
    ...overrides,
  }) as UserDto;

const show = (u: UserDto) =>
  render(
    <Wrap path="/admin/users" signedIn>
      <UserCard user={u} />
    </Wrap>,
  );

describe('user card menu', () => {
  it('opens on the first click although it mounts only then, offers what the user may do, and gives focus back', async () => {
    permissions = ['read', 'update', 'delete'];
    show(user());
    const button = await screen.findByRole('button', { name: 'Actions for Ravi Kumar' });
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['View', 'Update', 'Delete']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Ravi Kumar' })),
    );
    // Once mounted it opens again at once.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ravi Kumar' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Update' }));
    await waitFor(() => expect(where.pathname).toBe(`/admin/users/${'c'.repeat(24)}/update`));
  });

  it('has no menu for a deleted user without restore or delete-permanently', async () => {
    permissions = ['read', 'update', 'delete'];
    show(user({ isDeleted: true, name: 'Gone User' }));
    await screen.findByRole('article', { name: 'Gone User' });
    expect(screen.queryByRole('button', { name: 'Actions for Gone User' })).toBeNull();
  });
});
