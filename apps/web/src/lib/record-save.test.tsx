import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { useRecordSave } from './record-save';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const setUp = () => {
  const client = new QueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const draft = { clear: vi.fn() };
  const guard = { release: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <Notifications />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
      const save = useRecordSave({ form, draft, guard, invalidate: [['widgets']] });
      // Read while rendering, so the form reports its dirty state (react-hook-form's proxy).
      return { form, save, dirty: form.formState.isDirty };
    },
    { wrapper },
  );
  return { hook, draft, guard, invalidated };
};

describe('useRecordSave', () => {
  it('saves once, then clears the draft, marks the form clean, releases the guard and refreshes', async () => {
    const { hook, draft, guard, invalidated } = setUp();
    act(() => hook.result.current.form.setValue('name', 'Bolt', { shouldDirty: true }));
    expect(hook.result.current.dirty).toBe(true);
    let finish: (answer: { message: string }) => void = () => undefined;
    const call = vi.fn(() => new Promise<{ message: string }>((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    let first: Promise<void> | undefined;
    act(() => {
      first = hook.result.current.save({ loading: 'Saving widget', call, onSaved });
      // A second submit while the first runs is ignored.
      void hook.result.current.save({ loading: 'Saving widget', call, onSaved });
    });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish({ message: 'Widget saved' });
      await first;
    });
    expect(onSaved).toHaveBeenCalledWith({ message: 'Widget saved' });
    expect(draft.clear).toHaveBeenCalled();
    expect(guard.release).toHaveBeenCalled();
    expect(hook.result.current.dirty).toBe(false);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['widgets'] });
    expect(await screen.findByText('Widget saved')).toBeTruthy();
  });

  it('keeps the draft and the dirty form after a failure, hands the error over, and allows a retry', async () => {
    const { hook, draft, guard } = setUp();
    act(() => hook.result.current.form.setValue('name', 'Bolt', { shouldDirty: true }));
    const onError = vi.fn();
    const failing = vi.fn(async () => {
      throw new Error('Name already exists');
    });
    await act(() =>
      hook.result.current.save({ loading: 'Saving', call: failing, onSaved: vi.fn(), onError }),
    );
    expect(onError).toHaveBeenCalledWith(new Error('Name already exists'));
    expect(draft.clear).not.toHaveBeenCalled();
    expect(guard.release).not.toHaveBeenCalled();
    expect(hook.result.current.dirty).toBe(true);
    const ok = vi.fn(async () => ({ message: 'Saved' }));
    await act(() => hook.result.current.save({ loading: 'Saving', call: ok, onSaved: vi.fn() }));
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it('sends an Idempotency-Key, the same one again after a lost answer, a new one after a refusal or a save', async () => {
    const { hook } = setUp();
    const keys: string[] = [];
    const answering = (status: number | 'ok') =>
      vi.fn(async (key?: string) => {
        keys.push(key ?? '');
        if (status === 'ok') return { message: 'Saved' };
        throw new ApiError(status, 'x');
      });
    const save = (call: (key: string) => Promise<{ message: string }>) =>
      act(() => hook.result.current.save({ loading: 'Saving', call, onSaved: vi.fn(), onError: vi.fn() }));
    await save(answering(0));
    await save(answering(502));
    await save(answering('ok'));
    await save(answering(409));
    await save(answering('ok'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(new Set(keys).size).toBe(3);
    expect(keys[4]).not.toBe(keys[3]);
  });
});
