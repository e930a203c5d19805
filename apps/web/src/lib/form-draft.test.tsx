import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_DELAY_MS, useFormDraft } from './form-draft';

type Values = { name: string; password: string; tags: string[] };
const BASE: Values = { name: '', password: '', tags: ['a'] };
const KEY = 'karya:draft:/test';

/** A form with a secret field, saved by a button that clears the draft as the real forms do. */
const Form = ({ enabled = true }: { enabled?: boolean }) => {
  const form = useForm<Values>({ defaultValues: BASE });
  const draft = useFormDraft(form, { key: '/test', base: BASE, omit: ['password'], enabled, extra: 'x' });
  return (
    <form>
      {draft.restored && <p>restored</p>}
      <input aria-label="Name" {...form.register('name')} />
      <input aria-label="Password" {...form.register('password')} />
      <button type="button" onClick={draft.clear}>
        Save
      </button>
      <button type="button" onClick={draft.discard}>
        Discard
      </button>
    </form>
  );
};

const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const stored = () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
const pause = () => act(() => new Promise((r) => setTimeout(r, DRAFT_DELAY_MS + 100)));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useFormDraft', () => {
  it('restores a saved draft on mount, but never a stored password', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha', password: 'leaked', tags: [] } }));
    render(<Form />);
    expect(await screen.findByText('restored')).toBeTruthy();
    expect(input('Name').value).toBe('Asha');
    expect(input('Password').value).toBe('');
  });

  it('writes the typed values with the extra payload, never the password', async () => {
    render(<Form />);
    fireEvent.change(input('Password'), { target: { value: 'Secret#123' } });
    fireEvent.change(input('Name'), { target: { value: 'Asha' } });
    await waitFor(() => expect(stored()).not.toBeNull());
    expect(stored()).toEqual({ values: { name: 'Asha', tags: ['a'] }, extra: 'x' });
    expect(sessionStorage.getItem(KEY)).not.toContain('Secret');
  });

  it('stores nothing when only the password differs', async () => {
    render(<Form />);
    fireEvent.change(input('Password'), { target: { value: 'Secret#123' } });
    await pause();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('clears the draft on save and writes no more after it', async () => {
    render(<Form />);
    fireEvent.change(input('Name'), { target: { value: 'Asha' } });
    await waitFor(() => expect(stored()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sessionStorage.getItem(KEY)).toBeNull();
    fireEvent.change(input('Name'), { target: { value: 'Asha Das' } });
    await pause();
    cleanup();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the last keystrokes when the form unmounts before the pause', () => {
    render(<Form />);
    fireEvent.change(input('Name'), { target: { value: 'Asha' } });
    cleanup();
    expect(stored()?.values.name).toBe('Asha');
  });

  it('discard resets the form to the base and drops the draft', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha' } }));
    render(<Form />);
    await screen.findByText('restored');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(input('Name').value).toBe('');
    expect(screen.queryByText('restored')).toBeNull();
    await pause();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('does nothing when disabled', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha' } }));
    render(<Form enabled={false} />);
    expect(input('Name').value).toBe('');
    fireEvent.change(input('Name'), { target: { value: 'Ravi' } });
    await pause();
    expect(stored().values.name).toBe('Asha');
  });
});
