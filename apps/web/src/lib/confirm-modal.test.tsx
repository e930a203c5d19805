import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost, openConfirmModal } from './confirm-modal';

afterEach(cleanup);

describe('confirmations through the lazily loaded modals host', () => {
  it('loads the provider on the first confirmation, opens it, and reports the answer', async () => {
    const onConfirm = vi.fn();
    render(
      <MantineProvider env="test">
        <ModalsHost />
        <button
          type="button"
          onClick={() =>
            openConfirmModal({
              title: 'Delete Task',
              children: 'Sure?',
              labels: { confirm: 'Delete', cancel: 'Cancel' },
              onConfirm,
            })
          }
        >
          ask
        </button>
      </MantineProvider>,
    );
    // Nothing of the modals is rendered before the first confirmation.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Task' });
    expect(dialog.textContent).toContain('Sure?');
    // Its ✕ has a name, as every dialog's (axe: button-name).
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A second confirmation reuses the mounted provider.
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByRole('dialog', { name: 'Delete Task' })).toBeTruthy();
  });
});
