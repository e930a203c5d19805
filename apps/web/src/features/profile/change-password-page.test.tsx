import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meWith, stubNetwork, Wrap } from '../../test/harness';
import { ProfileChangePasswordPage } from './change-password-page';

const calls = stubNetwork(() => meWith({ auth: ['change-password'] }));

describe('change own password', () => {
  it('says an empty confirmation is required, not that it needs 6 characters', async () => {
    render(
      <Wrap path="/hrm/profile/change-password" signedIn>
        <ProfileChangePasswordPage />
      </Wrap>,
    );
    const typeIn = async (label: string, value: string) =>
      fireEvent.change(await screen.findByLabelText(new RegExp(`^${label}`)), { target: { value } });
    await typeIn('Old password', 'Old@12345');
    await typeIn('New password', 'New@12345');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Confirmation password is required')).toBeTruthy();
    expect(screen.queryByText('Confirmation password must be at least 6 characters')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
