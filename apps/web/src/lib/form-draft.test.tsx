import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_DELAY_MS, draftStorageKey, useFormDraft } from './form-draft';

type Values = { name: string; password: string; tags: string[] };
const BASE: Values = { name: '', password: '', tags: ['a'] };
const KEY = 'karya:draft:/test';

/**
 * A form with a secret field, saved by a button that clears the draft as the real forms do. `context` is
 * what navigation opened it for (a customer id), `name` prefills the name as navigation does.
 */
const Form = ({
  enabled = true,
  context,
  name = '',
}: {
  enabled?: boolean;
  context?: unknown;
  name?: string;
}) => {
  const base = { ...BASE, name };
  const form = useForm<Values>({ defaultValues: base });
  const draft = useFormDraft(form, {
    key: '/test',
    context,
    base,
    omit: ['password'],
    enabled,
    extra: 'x',
    describe: ({ values }) => `test for ${values.name}`,
  });
  return (
    <form>
      {draft.offer && (
        <p>
          {draft.offer}
          <button type="button" onClick={draft.restore}>
            Restore
          </button>
        </p>
      )}
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
  it('offers a saved draft on mount and restores it when asked, but never a stored password', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha', password: 'leaked', tags: [] } }));
    render(<Form />);
    expect(await screen.findByText('Restore your unsaved test for Asha?')).toBeTruthy();
    // Offered, not applied.
    expect(input('Name').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
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

  it('discard after a restore resets the form to the base and drops the draft', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha' } }));
    render(<Form />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
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

  it('never applies a draft of another context: the prefill wins and the draft is kept for its own', async () => {
    // Typed on the plain create form (no context), then the form is opened for a customer.
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Kalinga', tags: [] } }));
    render(<Form context={{ customerId: 'sai' }} name="Sai" />);
    expect(input('Name').value).toBe('Sai');
    expect(screen.queryByText(/Restore your unsaved/)).toBeNull();
    // Typing here writes this context's draft, beside the other one.
    fireEvent.change(input('Name'), { target: { value: 'Sai School' } });
    await pause();
    cleanup();
    expect(stored().values.name).toBe('Kalinga');
    const saiKey = `karya:draft:${draftStorageKey('/test', { customerId: 'sai' })}`;
    expect(JSON.parse(sessionStorage.getItem(saiKey) ?? 'null')?.values.name).toBe('Sai School');

    // Each context offers its own draft.
    render(<Form context={{ customerId: 'sai' }} name="Sai" />);
    expect(await screen.findByText('Restore your unsaved test for Sai School?')).toBeTruthy();
    cleanup();
    render(<Form />);
    expect(await screen.findByText('Restore your unsaved test for Kalinga?')).toBeTruthy();
  });

  it('the same context gives the same key whatever the order of its fields', () => {
    expect(draftStorageKey('f', { a: '1', b: '2' })).toBe(draftStorageKey('f', { b: '2', a: '1' }));
    expect(draftStorageKey('f', { a: undefined })).toBe('f');
    expect(draftStorageKey('f', { a: '1' })).not.toBe(draftStorageKey('f', { a: '2' }));
  });

  it('while a draft is offered, typing does not replace it and a save leaves it for later', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha', tags: [] } }));
    render(<Form />);
    await screen.findByText('Restore your unsaved test for Asha?');
    fireEvent.change(input('Name'), { target: { value: 'Ravi' } });
    await pause();
    expect(stored().values.name).toBe('Asha');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    cleanup();
    expect(stored().values.name).toBe('Asha');
  });

  it('discarding the offer drops the draft and keeps what the form holds', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ values: { name: 'Asha', tags: [] } }));
    render(<Form name="Prefilled" />);
    await screen.findByText('Restore your unsaved test for Asha?');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/Restore your unsaved/)).toBeNull();
    expect(input('Name').value).toBe('Prefilled');
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});
