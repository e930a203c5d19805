import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsHost } from './notifications-host';
import { theme } from './theme';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('the toast area', () => {
  it('is not on the page until something is shown, then shows what was asked before it loaded', async () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <NotificationsHost />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ title: 'Success', message: 'Welcome back' });
    });
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
