import { TEXT_FILTER_HINT } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, Wrap, where } from '../../test/harness';
import { TasksListPage } from './list-page';
import { stubTaskNetwork, task } from './test-records';

const session = stubTaskNetwork();

const rows = [
  task({ _id: '1'.repeat(24), title: 'Call the school' }),
  task({ _id: '2'.repeat(24), title: 'Visit the DEO office', status: 'Pending', priority: 'High' }),
];

/** Answer the list with `tasks` (only live ones, or deleted ones when the Deleted filter is on). */
const answerList = (tasks = rows) => {
  session.answer = (method, url) => {
    if (method === 'GET' && url.startsWith('/api/hrm/tasks?'))
      return envelope({ tasks, tasksCount: tasks.length, page: 1, limit: 20 });
    if (method === 'DELETE' && url === '/api/hrm/tasks/bulk')
      return envelope({ results: [], done: 1, notFound: 0, wrongState: 0 }, 200, '1 task deleted');
    return undefined;
  };
};

const listCalls = () =>
  session.calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/hrm/tasks?'))
    .map((c) => new URLSearchParams(c.url.split('?')[1]));

const show = (path = '/hrm/tasks') =>
  render(
    <Wrap path={path} signedIn>
      <TasksListPage />
    </Wrap>,
  );

describe('tasks list', () => {
  it('shows the tasks as cards named by title, and the status chips set and clear the status filter', async () => {
    session.me = meWith({ task: ['read'] });
    answerList();
    show();
    expect(await screen.findByRole('article', { name: 'Visit the DEO office' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tasks' })).toBeTruthy();

    const chips = within(screen.getByRole('group', { name: 'Status quick filters' }));
    expect(chips.getAllByRole('checkbox').map((c) => c.closest('div')?.textContent)).toEqual([
      'Scheduled',
      'Pending',
      'In Progress',
      'Completed',
    ]);
    fireEvent.click(chips.getByRole('checkbox', { name: 'Pending' }));
    await waitFor(() => expect(listCalls().at(-1)?.getAll('filters[status][]')).toEqual(['Pending']));
    expect(chips.getByRole<HTMLInputElement>('checkbox', { name: 'Pending' }).checked).toBe(true);
    expect(localStorage.getItem('taskFilters')).toBe(JSON.stringify({ status: ['Pending'] }));

    fireEvent.click(chips.getByRole('checkbox', { name: 'In Progress' }));
    await waitFor(() => expect(listCalls().at(-1)?.getAll('filters[status][]')).toEqual(['In Progress']));

    // Choosing the selected chip clears it.
    fireEvent.click(chips.getByRole('checkbox', { name: 'In Progress' }));
    await waitFor(() => expect(where.search).not.toContain('status'));
    expect(chips.getAllByRole<HTMLInputElement>('checkbox').some((c) => c.checked)).toBe(false);
    expect(localStorage.getItem('taskFilters')).toBeNull();
  });

  it("says 'No tasks found' for an empty list, and hides the add button without create", async () => {
    session.me = meWith({ task: ['read'] });
    answerList([]);
    show();
    expect(await screen.findByText('No tasks found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create task' })).toBeNull();
    // No bulk permission: no selection mode either.
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
  });

  it('opens the Create Task modal from the add button', async () => {
    session.me = meWith({ task: ['read', 'create'] });
    answerList();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Create task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(where.hash).toBe('#create-task');
  });

  it('offers Delete on live tasks in selection mode and deletes the selected ones', async () => {
    session.me = meWith({ task: ['read', 'bulk-delete', 'bulk-restore', 'bulk-delete-permanently'] });
    answerList();
    show();
    await screen.findByRole('article', { name: 'Call the school' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bar.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(bar.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(bar.queryByRole('button', { name: 'Delete Permanently' })).toBeNull();
    expect(screen.queryByText('Deleted tasks')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Call the school' }));
    fireEvent.click(bar.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Tasks' });
    expect(confirm.textContent).toContain('Are you sure you want to delete these tasks?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(session.calls.find((c) => c.method === 'DELETE')).toEqual({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk',
        body: { ids: ['1'.repeat(24)] },
      }),
    );
    expect(await screen.findByText('1 task deleted')).toBeTruthy();
  });

  it('offers Restore and Delete Permanently with the Deleted filter, each by its permission', async () => {
    session.me = meWith({ task: ['read', 'restore', 'bulk-delete', 'bulk-restore'] });
    answerList(rows.map((r) => ({ ...r, isDeleted: true })));
    show('/hrm/tasks?filters[isDeleted]=true');
    expect(await screen.findByText('Deleted tasks')).toBeTruthy();
    await waitFor(() => expect(listCalls().at(-1)?.get('filters[isDeleted]')).toBe('true'));
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bar.getByRole('button', { name: 'Restore' })).toBeTruthy();
    // No bulk-delete-permanently, and Delete belongs to live tasks.
    expect(bar.queryByRole('button', { name: 'Delete Permanently' })).toBeNull();
    expect(bar.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Call the school' }));
    fireEvent.click(bar.getByRole('button', { name: 'Restore' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore Tasks' });
    expect(confirm.textContent).toContain('They will be restored in the active Tasks section.');
  });

  it('shows the Deleted filter only with restore on task, and Assigned To only with suggestion on user', async () => {
    session.me = meWith({ task: ['read'] });
    answerList();
    show('/hrm/tasks#filter');
    const drawer = await screen.findByRole('dialog', { name: 'Filter Tasks' });
    // The fields come in their own chunk, after the drawer.
    const title = await within(drawer).findByRole('textbox', { name: 'Title' });
    // The field says how a short term matches (the server's rule, from packages/domain).
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      TEXT_FILTER_HINT,
    );
    expect(within(drawer).queryByRole('checkbox', { name: /Deleted/ })).toBeNull();
    expect(within(drawer).queryByRole('textbox', { name: 'Assigned To' })).toBeNull();
  });

  it('offers Deleted, Assigned To and Deleted By to a user with restore on task and suggestion on user', async () => {
    session.me = meWith({ task: ['read', 'restore'], user: ['suggestion'] });
    answerList();
    show('/hrm/tasks#filter');
    const drawer = within(await screen.findByRole('dialog', { name: 'Filter Tasks' }));
    fireEvent.click(await drawer.findByRole('checkbox', { name: 'Deleted' }));
    expect(drawer.getByRole('textbox', { name: 'Assigned To' })).toBeTruthy();
    expect(drawer.getByRole('textbox', { name: 'Deleted By' })).toBeTruthy();
    fireEvent.change(drawer.getByRole('textbox', { name: 'Title' }), { target: { value: ' school ' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(where.hash).toBe(''));
    const last = listCalls().at(-1)!;
    expect(last.get('filters[isDeleted]')).toBe('true');
    expect(last.get('filters[title]')).toBe('school');
    expect(JSON.parse(localStorage.getItem('taskFilters') ?? '{}')).toEqual({
      isDeleted: true,
      title: 'school',
    });
  });

  it('searches tasks by title from the Ctrl+K palette and opens the chosen one', async () => {
    session.me = meWith({ task: ['read'] });
    answerList();
    show();
    await screen.findByRole('article', { name: 'Call the school' });
    fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search tasks' });
    fireEvent.change(input, { target: { value: 'DEO' } });
    await waitFor(
      () => {
        const search = listCalls().find((p) => p.get('filters[title]') === 'DEO');
        expect(search?.get('limit')).toBe('10');
      },
      { timeout: 3000 },
    );
    await screen.findByText('2 results');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(where.pathname).toBe(`/hrm/tasks/${'2'.repeat(24)}`));
  });

  it('lists the tasks in a table with the default columns in list layout', async () => {
    session.me = meWith({ task: ['read'] });
    localStorage.setItem('taskLayout', JSON.stringify('list'));
    answerList();
    show();
    const table = await screen.findByRole('table', { name: 'Tasks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Status', 'Priority', 'Deadline', 'Date', 'Time', 'Created On', 'Updated On']);
    const row = within(table).getByRole('row', { name: /Visit the DEO office/ });
    expect(row.textContent).toContain('10/03/2026');
    expect(row.textContent).toContain('02:30 PM');
    // An empty deadline shows '-'.
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe('-');
    fireEvent.click(row);
    await waitFor(() => expect(where.pathname).toBe(`/hrm/tasks/${'2'.repeat(24)}`));
  });
});
