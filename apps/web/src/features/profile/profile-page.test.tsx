import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { ProfileChangePasswordPage } from './change-password-page';
import { ProfilePage } from './profile-page';

const me = meWith(
  { profile: ['read', 'update'], auth: ['change-password'], user: ['activities'] },
  {
    name: 'Asha Das',
    phone: '9876543210',
    languages: ['English', 'Odia'],
    status: 'Active',
    emergencyContact: [{ name: 'Ravi', relationship: 'Father', phone: '9876543211' }],
    socialMedia: { linkedin: 'https://linkedin.com/in/asha' },
  },
);

const calls = stubNetwork(
  () => me,
  (method, url) =>
    method === 'GET' && url.startsWith(`/api/admin/users/${me._id}/activities`)
      ? envelope({ activities: [], activitiesCount: 0, page: 1, limit: 20 })
      : undefined,
);

describe('profile page', () => {
  it('shows the shared detail sections and loads activities only once opened', async () => {
    render(
      <Wrap path="/hrm/profile">
        <ProfilePage />
      </Wrap>,
    );
    const personal = await screen.findByRole('region', { name: 'Personal details' });
    expect(within(personal).getByText('9876543210')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('No roles')).toBeTruthy();
    const languages = screen.getByRole('region', { name: 'Languages and status' });
    expect(within(languages).getByText('Odia')).toBeTruthy();
    const contacts = screen.getByRole('region', { name: 'Emergency contacts' });
    expect(within(contacts).getByRole('link', { name: '9876543211' }).getAttribute('href')).toBe(
      'tel:9876543211',
    );
    const social = screen.getByRole('region', { name: 'Social media' });
    expect(within(social).getByRole('link', { name: 'LinkedIn' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update Profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change Password' })).toBeTruthy();

    expect(calls.some((c) => c.url.includes('/activities'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Activities' }));
    expect(await screen.findByText('No activities found.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/activities'))).toBe(true);
  });
});

describe('profile change password', () => {
  it('asks old, new and confirmation, and sends nothing while they are invalid', async () => {
    render(
      <Wrap path="/hrm/profile/change-password">
        <ProfileChangePasswordPage />
      </Wrap>,
    );
    const form = await screen.findByRole('form', { name: 'Change password' });
    for (const label of ['Old password', 'New password', 'Confirm new password'])
      expect(within(form).getByLabelText(new RegExp(`^${label}`), { selector: 'input' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    });
    await waitFor(() => expect(within(form).getByText('Old password is required')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
