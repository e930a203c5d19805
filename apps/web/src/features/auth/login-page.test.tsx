import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, envelope, Wrap } from '../../test/harness';
import { LoginPage } from './login-page';

/** Signed out (/auth/me answers 401); the sign-in call answers `login`. */
const calls: Call[] = [];
let login: () => Response = () => envelope(null, 401, 'Invalid email or password');

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      if (url === '/api/auth/login') return login();
      return envelope(null, 401, 'You need to log in to access this feature.');
    }),
  );
  vi.stubGlobal('navigator', {
    ...navigator,
    userAgent: navigator.userAgent,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 20.27, longitude: 85.84 } } as GeolocationPosition),
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = async () => {
  render(<Wrap path="/login">{<LoginPage />}</Wrap>);
  return screen.findByRole('form', { name: 'Sign in' });
};
const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('sign-in form', () => {
  it('refuses a password under 8 characters on the password field, before sending', async () => {
    await open();
    fill('asha@example.com', 'Ab@1234');
    submit();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(password)).toBe('Password must be at least 8 characters long');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(calls.some((c) => c.url === '/api/auth/login')).toBe(false);
    expect(document.title).toBe('Sign in · Karya');
  });

  it('puts the focus in the e-mail field when it opens', async () => {
    await open();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' })));
  });

  it("shows 'Invalid email or password' under the password (focused), marking the e-mail field without repeating it", async () => {
    login = () => envelope(null, 401, 'Invalid email or password');
    await open();
    fill('asha@example.com', 'Wrong@12345');
    submit();
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(errorOf(password)).toBe('Invalid email or password'));
    expect(document.activeElement).toBe(password);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
  });

  it('shows a message naming only the e-mail on the e-mail field', async () => {
    login = () => envelope(null, 400, 'Invalid email format');
    await open();
    fill('asha@example.com', 'Right@12345');
    submit();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(errorOf(email)).toBe('Invalid email format'));
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('puts the show-password toggle in the tab order, named, and toggles it with Enter and Space', async () => {
    await open();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('tabindex')).toBe('0');
    expect(toggle.getAttribute('aria-hidden')).not.toBe('true');
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(toggle, { key: ' ' });
    expect(password.getAttribute('type')).toBe('password');
  });

  it('clears a mistake as the field is corrected after the first submit', async () => {
    await open();
    fill('asha', 'short');
    submit();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(errorOf(email)).toBe('Invalid email format'));
    expect(document.activeElement).toBe(email);
    fireEvent.change(email, { target: { value: 'Asha@Example.com' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).not.toBe('true'));
    expect((email as HTMLInputElement).value).toBe('asha@example.com');
    expect(errorOf(screen.getByLabelText(/^Password/))).toBe('Password must be at least 8 characters long');
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Right@12345' } });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).not.toBe('true'),
    );
  });

  it('shows a refusal that names no field in a dialog', async () => {
    login = () => envelope(null, 403, 'Your account has been deactivated');
    await open();
    fill('asha@example.com', 'Right@12345');
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Sign-in failed' });
    expect(dialog.textContent).toContain('Your account has been deactivated');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign-in failed' })).toBeNull());
  });

  it('sends the e-mail trimmed and lower-cased with remember me, device and location', async () => {
    login = () => envelope(null, 401, 'Invalid email or password');
    await open();
    fill(' Asha@Example.com ', 'Right@12345');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    submit();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/login')).toBe(true));
    const body = calls.find((c) => c.url === '/api/auth/login')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'asha@example.com',
      password: 'Right@12345',
      rememberMe: true,
      location: { type: 'Point', coordinates: [20.27, 85.84] },
    });
    expect(body.deviceInfo).toBeTruthy();
  });

  it('opens the reset-password dialog (loaded on demand) with the e-mail typed so far', async () => {
    await open();
    fill('asha@example.com', '');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    const email = [...dialog.querySelectorAll('input')].find((i) => i.value === 'asha@example.com');
    expect(email).toBeTruthy();
  });
});
