import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, Wrap, where } from '../../test/harness';
import { TaskDetailPage } from './detail-page';
import { stubTaskNetwork, task } from './test-records';

const session = stubTaskNetwork();

const ID = 'b'.repeat(24);
const OTHER = { _id: 'c'.repeat(24), name: 'Ravi Kumar' };
const ALL = ['read', 'update', 'delete', 'restore', 'delete-permanently'];

const show = () =>
  render(
    <Wrap path={`/hrm/tasks/${ID}`} pattern="/hrm/tasks/:id" signedIn>
      <TaskDetailPage />
    </Wrap>,
  );

const answerTask = (current: ReturnType<typeof task> | null) => {
  session.answer = (method, url) => {
    if (url !== `/api/hrm/tasks/${ID}`) return undefined;
    if (method === 'GET') return current ? envelope(current) : envelope(null, 404, 'Task not found');
    if (method === 'DELETE') return envelope(null, 200, 'Task deleted permanently');
    return undefined;
  };
};

describe('task details', () => {
  it('shows the fields, the description as bullets and the assignees as links, with Update and Delete', async () => {
    session.me = meWith({ task: ALL, user: ['read'] });
    answerTask(
      task({
        title: 'Visit the DEO office',
        description: 'Carry the brochure\n\n  Meet the clerk  \n',
        deadline: '2026-03-20',
        assignedTo: [OTHER],
      }),
    );
    show();
    expect(await screen.findByRole('heading', { name: 'Visit the DEO office' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Task Details' })).toBeTruthy();
    // The tab shows the task's name and the breadcrumbs end with it.
    await waitFor(() => expect(document.title).toBe('Visit the DEO office · Karya'));
    const crumbs = screen.getByLabelText('Breadcrumbs');
    expect(crumbs.textContent).toBe('HRM/Tasks/Visit the DEO office');
    expect(within(crumbs).getByRole('link', { name: 'Tasks' }).getAttribute('href')).toBe('/hrm/tasks');
    const points = within(screen.getByRole('list', { name: 'Description points' }));
    expect(points.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Carry the brochure',
      'Meet the clerk',
    ]);
    expect(screen.getByRole('link', { name: 'Ravi Kumar' }).getAttribute('href')).toBe(
      `/admin/users/${OTHER._id}`,
    );
    expect(screen.getByText('10/03/2026')).toBeTruthy();
    expect(screen.getByText(/^20\/03\/2026/)).toBeTruthy();
    expect(screen.getByText('02:30 PM')).toBeTruthy();
    // Not cancelled: no reason.
    expect(screen.queryByText('Reason')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Task' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe(
      'Visit the DEO office',
    );
  });

  it("shows an assignee as plain text to a user who may not open users' pages", async () => {
    session.me = meWith({ task: ['read'] });
    answerTask(task({ assignedTo: [OTHER] }));
    show();
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ravi Kumar' })).toBeNull();
  });

  it('shows the reason of a cancelled task', async () => {
    session.me = meWith({ task: ['read'] });
    answerTask(task({ status: 'Cancelled', reason: 'The school closed' }));
    show();
    expect(await screen.findByText('The school closed')).toBeTruthy();
    // Without update and delete there are no actions.
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('offers Restore and Delete Permanently for a deleted task; the permanent delete leads back to the list', async () => {
    session.me = meWith({ task: ALL });
    answerTask(
      task({ isDeleted: true, deletedAt: '2026-03-18T10:00:00.000Z', deletedBy: { _id: 'x', name: 'Asha' } }),
    );
    show();
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText(/This task was deleted on 18\/03\/2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    const confirm = await screen.findByRole('dialog', { name: 'Permanently Delete Task' });
    expect(confirm.textContent).toContain('Once deleted, it cannot be restored.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() => expect(where.pathname).toBe('/hrm/tasks'));
    expect(session.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/hrm/tasks/${ID}`,
    ]);
  });

  it("says 'Task not found' for a missing task", async () => {
    session.me = meWith({ task: ['read'] });
    answerTask(null);
    show();
    expect(await screen.findByText('Task not found')).toBeTruthy();
  });
});
