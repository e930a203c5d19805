import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { meWith, stubNetwork, Wrap } from '../../test/harness';
import { SendByEmailButton } from './send-document';

stubNetwork(() => meWith({}));

describe('Send by e-mail', () => {
  it('pressed again after a lost answer sends the same Idempotency-Key (mailed once); a new send a new key', async () => {
    const keys: string[] = [];
    let lose = true;
    render(
      <Wrap path="/x">
        <SendByEmailButton
          dialogTitle="Send Tax Invoice"
          summary="Tax invoice INV/1 as a PDF"
          defaultEmail="office@school.test"
          loadingText="Sending"
          send={async (_email, key) => {
            keys.push(key);
            if (lose) {
              lose = false;
              throw new ApiError(0, 'Network error');
            }
            return { message: 'Sent' };
          }}
        />
      </Wrap>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Tax Invoice' });
    const submit = () => fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    submit();
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() =>
      expect((dialog.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(false),
    );
    submit();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Tax Invoice' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const again = await screen.findByRole('dialog', { name: 'Send Tax Invoice' });
    fireEvent.click(again.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });
});
