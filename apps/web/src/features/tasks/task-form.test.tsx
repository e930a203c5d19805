import { TASK_MESSAGES, todayInAppZone } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, ME_ID, meWith, pick, type, Wrap } from '../../test/harness';
import { TaskFormModal } from './task-form';
import { stubTaskNetwork, task } from './test-records';

const session = stubTaskNetwork();

const OTHER = { _id: 'c'.repeat(24), name: 'Ravi Kumar', email: 'ravi@example.com', image: null };

const open = (props: Partial<Parameters<typeof TaskFormModal>[0]> = {}) => {
  const onClose = vi.fn();
  render(
    <Wrap path="/hrm/tasks" signedIn>
      <TaskFormModal opened onClose={onClose} {...props} />
    </Wrap>,
  );
  return { onClose };
};

const dialog = (name: string) => screen.findByRole('dialog', { name });
const submit = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
const posts = () => session.calls.filter((c) => c.method !== 'GET');

describe('task form', () => {
  it('creates a task with the defaults Scheduled, Medium and today, assigned to oneself without assign', async () => {
    session.me = meWith({ task: ['create', 'read'] });
    session.answer = (method, url) =>
      method === 'POST' && url === '/api/hrm/tasks'
        ? envelope(task({ title: 'Visit DEO office' }), 201, 'Task created successfully')
        : undefined;
    const { onClose } = open();

    const d = await dialog('Create Task');
    expect(within(d).getByRole<HTMLInputElement>('textbox', { name: 'Status' }).value).toBe('Scheduled');
    expect(within(d).getByRole<HTMLInputElement>('textbox', { name: 'Priority' }).value).toBe('Medium');
    expect(within(d).getByText('Asha Admin')).toBeTruthy();
    expect(within(d).getByText('One point per line')).toBeTruthy();
    // No reason unless the task is cancelled.
    expect(within(d).queryByRole('textbox', { name: 'Reason' })).toBeNull();

    type('Title', '  Visit DEO office ');
    type('Description', 'Carry the brochure\n\nMeet the clerk');
    submit('Create');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/hrm/tasks',
        body: {
          title: 'Visit DEO office',
          description: 'Carry the brochure\n\nMeet the clerk',
          status: 'Scheduled',
          priority: 'Medium',
          date: todayInAppZone(),
          assignedTo: [ME_ID],
        },
      },
    ]);
    expect(await screen.findByText('Task created successfully')).toBeTruthy();
  });

  it('requires a title of at most 100 characters', async () => {
    session.me = meWith({ task: ['create', 'read'] });
    open();
    await dialog('Create Task');
    submit('Create');
    expect(await screen.findByText(TASK_MESSAGES.titleRequired)).toBeTruthy();
    type('Title', 'x'.repeat(101));
    expect(await screen.findByText(TASK_MESSAGES.titleTooLong)).toBeTruthy();
    type('Title', 'x'.repeat(100));
    await waitFor(() => expect(screen.queryByText(TASK_MESSAGES.titleTooLong)).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('shows the reason only for a cancelled task, and requires it then', async () => {
    session.me = meWith({ task: ['create', 'read'] });
    session.answer = (method) =>
      method === 'POST' ? envelope(task(), 201, 'Task created successfully') : undefined;
    open();
    await dialog('Create Task');
    type('Title', 'Demo');
    await pick('Status', 'Cancelled');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toBeTruthy();
    submit('Create');
    expect(await screen.findByText(TASK_MESSAGES.reasonRequired)).toBeTruthy();
    expect(posts()).toEqual([]);

    // Back to another status: the reason and its message go away, and no reason is sent.
    type('Reason', 'Client postponed');
    await pick('Status', 'Pending');
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    submit('Create');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ title: 'Demo', status: 'Pending' });
    expect(posts()[0]!.body).not.toHaveProperty('reason');
  });

  it('shows every message on the first submit: title, assignees, reason and deadline together', async () => {
    session.me = meWith({ task: ['create', 'read', 'assign'], user: ['suggestion'] });
    open();
    await dialog('Create Task');
    await pick('Status', 'Cancelled');
    submit('Create');
    expect(await screen.findByText(TASK_MESSAGES.titleRequired)).toBeTruthy();
    for (const message of [TASK_MESSAGES.assignedToRequired, TASK_MESSAGES.reasonRequired])
      expect(screen.getByText(message)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("greys out the deadline picker's days before the task's date", async () => {
    session.me = meWith({ task: ['create', 'read'] });
    open();
    await dialog('Create Task');
    const date = screen.getByRole('textbox', { name: 'Date' });
    fireEvent.change(date, { target: { value: '15/03/2026' } });
    fireEvent.blur(date);
    fireEvent.click(screen.getByRole('textbox', { name: 'Deadline' }));
    const day = async (label: string) => screen.findByRole('button', { name: label });
    expect((await day('14 March 2026')).hasAttribute('disabled')).toBe(true);
    expect((await day('1 March 2026')).hasAttribute('disabled')).toBe(true);
    expect((await day('15 March 2026')).hasAttribute('disabled')).toBe(false);
    expect((await day('16 March 2026')).hasAttribute('disabled')).toBe(false);
  });

  it('refuses a deadline before the date', async () => {
    session.me = meWith({ task: ['create', 'read', 'assign'], user: ['suggestion'] });
    open();
    await dialog('Create Task');
    const typeDay = (label: string, value: string) => {
      const input = screen.getByRole('textbox', { name: label });
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    };
    // A deadline typed before the date is kept and answered at once (issue 23: it used to be erased).
    typeDay('Date', '05/03/2026');
    typeDay('Deadline', '01/03/2026');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Deadline' }).value).toBe('01/03/2026');
    expect(await screen.findByText(TASK_MESSAGES.deadlineBeforeDate)).toBeTruthy();
    typeDay('Deadline', '10/03/2026');
    await waitFor(() => expect(screen.queryByText(TASK_MESSAGES.deadlineBeforeDate)).toBeNull());
    // Moving the date past the deadline is caught on submit.
    typeDay('Date', '20/03/2026');
    // Typed DD/MM/YYYY is read day first: 5 March, not 3 May.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Deadline' }).value).toBe('10/03/2026');
    submit('Create');
    expect(await screen.findByText(TASK_MESSAGES.deadlineBeforeDate)).toBeTruthy();
    expect(screen.getByText(TASK_MESSAGES.assignedToRequired)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('updates with the full task (cleared fields as null) and the server message', async () => {
    session.me = meWith({ task: ['update', 'read', 'assign'], user: ['suggestion'] });
    const current = task({
      title: 'Call the school',
      description: 'Ask for the principal',
      deadline: '2026-03-20',
      assignedTo: [{ _id: OTHER._id, name: OTHER.name }],
    });
    session.answer = (method, url) =>
      method === 'PATCH' && url === `/api/hrm/tasks/${current._id}`
        ? envelope(current, 200, 'Task updated successfully')
        : undefined;
    const { onClose } = open({ task: current });
    const d = await dialog('Update Task');
    // The assignee keeps their name.
    expect(within(d).getByText('Ravi Kumar')).toBeTruthy();
    type('Description', '');
    submit('Update');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        method: 'PATCH',
        url: `/api/hrm/tasks/${current._id}`,
        body: {
          title: 'Call the school',
          description: null,
          status: 'Scheduled',
          priority: 'Medium',
          date: '2026-03-10',
          time: '14:30',
          deadline: '2026-03-20',
          reason: null,
          assignedTo: [OTHER._id],
        },
      },
    ]);
    expect(await screen.findByText('Task updated successfully')).toBeTruthy();
  });

  it('finds assignees through the user suggestion search and shows a server error in the form', async () => {
    session.me = meWith({ task: ['create', 'read', 'assign'], user: ['suggestion'] });
    session.answer = (method) =>
      method === 'POST' ? envelope(null, 403, 'You can only assign tasks to yourself') : undefined;
    open();
    await dialog('Create Task');
    type('Title', 'Demo');
    // Nobody is preselected when others can be assigned.
    submit('Create');
    expect(await screen.findByText(TASK_MESSAGES.assignedToRequired)).toBeTruthy();

    session.users = [OTHER];
    const picker = screen.getByRole('textbox', { name: 'Assigned To' });
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'rav' } });
    // Asked 400 ms after typing stops.
    await waitFor(
      () =>
        expect(session.calls.some((c) => c.url.startsWith('/api/admin/users/suggestion?name=rav'))).toBe(
          true,
        ),
      { timeout: 3000 },
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Ravi Kumar' }));
    submit('Create');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ assignedTo: [OTHER._id] });
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toContain(
      'You can only assign tasks to yourself',
    );
  });
});
