import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';
import {
  type LifecycleApi,
  lifecycleTexts,
  type RecordLifecycleConfig,
  useRecordLifecycle,
} from './lifecycle';

afterEach(cleanup);

const taskKeys = recordKeys('tasks');

const setup = <A extends LifecycleApi>(config: Omit<RecordLifecycleConfig<A>, 'noun' | 'queryRoot'>) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(taskKeys.list({ page: 1 }), { tasks: [] });
  client.setQueryData(taskKeys.detail('t1'), { _id: 't1' });
  client.setQueryData(taskKeys.detail('t2'), { _id: 't2' });
  client.setQueryData(['users', 'list', {}], { users: [] });
  const results: boolean[] = [];
  const Harness = () => {
    const lifecycle = useRecordLifecycle({
      noun: 'task',
      queryRoot: 'tasks',
      ...config,
    } as RecordLifecycleConfig<A>);
    const [, rerender] = useState(0);
    const handlers = lifecycle as unknown as Record<string, (arg: unknown) => Promise<boolean>>;
    return (
      <>
        {Object.keys(config.api).map((action) => (
          <button
            key={action}
            type="button"
            onClick={async () => {
              const arg = action.startsWith('bulk') ? ['t1', 't2'] : 't1';
              results.push(await handlers[action]!(arg));
              rerender((n) => n + 1);
            }}
          >
            run {action}
          </button>
        ))}
        <output>{lifecycle.running ? 'running' : 'idle'}</output>
      </>
    );
  };
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <ModalsProvider>
          <Notifications />
          <Harness />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? 'gone';
  return { client, results, invalidated };
};

const dialog = () => screen.findByRole('dialog', { hidden: true });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name, hidden: true }));

describe('useRecordLifecycle', () => {
  it('asks, calls the API with a loading toast, shows the server message and refreshes the record queries', async () => {
    let finish: (v: { message: string }) => void = () => {};
    const remove = vi.fn(() => new Promise<{ message: string }>((r) => (finish = r)));
    const { results, invalidated } = setup({ api: { remove } });

    click('run remove');
    const d = await dialog();
    expect(d.textContent).toContain('Delete Task');
    expect(d.textContent).toContain('Are you sure you want to delete this task?');
    expect(remove).not.toHaveBeenCalled();
    click('Delete');

    await waitFor(() => expect(remove).toHaveBeenCalledWith('t1'));
    expect(await screen.findByText('Deleting task')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('running');
    finish({ message: 'Task deleted successfully' });

    await waitFor(() => expect(results).toEqual([true]));
    expect(await screen.findByText('Task deleted successfully')).toBeTruthy();
    expect(invalidated(taskKeys.list({ page: 1 }))).toBe(true);
    expect(invalidated(taskKeys.detail('t1'))).toBe(true);
    expect(invalidated(['users', 'list', {}])).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('idle');
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const restore = vi.fn(async () => ({ message: 'Task restored successfully' }));
    const { results, invalidated } = setup({ api: { restore } });
    click('run restore');
    const d = await dialog();
    expect(d.textContent).toContain('Restore Task');
    expect(d.textContent).toContain('Are you sure you want to restore this task?');
    click('Cancel');
    await waitFor(() => expect(results).toEqual([false]));
    expect(restore).not.toHaveBeenCalled();
    expect(invalidated(taskKeys.detail('t1'))).toBe(false);
  });

  it('bulk actions send the ids, show the summarising message and drop details removed for good', async () => {
    const bulkRemovePermanently = vi.fn(async (_ids: string[]) => ({
      success: true,
      message: '1 task deleted permanently, 1 not deleted',
      data: {
        results: [
          { _id: 't1', outcome: 'done' as const },
          { _id: 't2', outcome: 'wrongState' as const },
        ],
        done: 1,
        notFound: 0,
        wrongState: 1,
      },
    }));
    const { results, invalidated } = setup({ api: { bulkRemovePermanently } });
    click('run bulkRemovePermanently');
    const d = await dialog();
    expect(d.textContent).toContain('Permanently Delete Tasks');
    expect(d.textContent).toContain(
      'Are you sure you want to delete these tasks permanently? Once deleted, they cannot be restored.',
    );
    click('Delete Permanently');
    await waitFor(() => expect(results).toEqual([true]));
    expect(bulkRemovePermanently).toHaveBeenCalledWith(['t1', 't2']);
    expect(await screen.findByText('1 task deleted permanently, 1 not deleted')).toBeTruthy();
    expect(invalidated(taskKeys.detail('t1'))).toBe('gone');
    expect(invalidated(taskKeys.detail('t2'))).toBe(true);
    expect(invalidated(taskKeys.list({ page: 1 }))).toBe(true);
  });

  it('reports a failure, still refreshes, and takes overridden texts', async () => {
    const bulkRestore = vi.fn(async () => {
      throw new ApiError(403, 'You don’t have permission to perform this action.');
    });
    const { results, invalidated } = setup({
      api: { bulkRestore },
      loading: { bulkRestore: 'Bringing tasks back...' },
      confirm: { bulkRestore: { title: 'Restore Selected Tasks' } },
    });
    click('run bulkRestore');
    const d = await dialog();
    expect(d.textContent).toContain('Restore Selected Tasks');
    // The message not overridden keeps its default.
    expect(d.textContent).toContain('They will be restored in the active Tasks section.');
    click('Restore');
    await waitFor(() => expect(results).toEqual([false]));
    expect(await screen.findByText('You don’t have permission to perform this action.')).toBeTruthy();
    expect(invalidated(taskKeys.list({ page: 1 }))).toBe(true);
  });
});

describe('lifecycleTexts', () => {
  it('builds the spec wording from the nouns', () => {
    const t = lifecycleTexts({ noun: 'task' });
    expect(t.confirm.removePermanently).toEqual({
      title: 'Permanently Delete Task',
      message: 'Are you sure you want to delete this task permanently? Once deleted, it cannot be restored.',
      confirmLabel: 'Delete Permanently',
      danger: true,
    });
    expect(t.confirm.bulkRemove.title).toBe('Delete Tasks');
    expect(t.confirm.bulkRemove.message).toBe('Are you sure you want to delete these tasks?');
    expect(t.confirm.bulkRestore.message).toBe(
      'Are you sure you want to restore these tasks? They will be restored in the active Tasks section.',
    );
    expect(t.loading).toEqual({
      remove: 'Deleting task',
      restore: 'Restoring task',
      removePermanently: 'Deleting task permanently',
      bulkRemove: 'Deleting tasks. please wait...',
      bulkRestore: 'Restoring tasks. please wait...',
      bulkRemovePermanently: 'Deleting tasks permanently. please wait...',
    });
    const items = lifecycleTexts({ noun: 'item', plural: 'items', titlePlural: 'Items' });
    expect(items.confirm.bulkRestore.message).toContain('They will be restored in the active Items section.');
  });
});
