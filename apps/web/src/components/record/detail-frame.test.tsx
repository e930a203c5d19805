import type { RecordStamps } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { type DetailFrameProps, DetailFrame as Frame } from './detail-frame';
import { FieldList } from './field-list';
import { formatDate, formatTime } from './format';

afterEach(cleanup);

type Task = RecordStamps & { _id: string; title: string; deadline: string | null };

const live: Task = {
  _id: 't1',
  title: 'Call Asha',
  deadline: null,
  createdBy: { _id: 'u1', name: 'Ravi' },
  createdAt: '2026-03-01T04:30:00.000Z',
  updatedAt: '2026-03-02T04:30:00.000Z',
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
};
const deleted: Task = {
  ...live,
  isDeleted: true,
  deletedAt: '2026-03-18T10:00:00.000Z',
  deletedBy: { _id: 'u2', name: 'Asha' },
};

const ALL = { canUpdate: true, canDelete: true, canRestore: true, canDeletePermanently: true };

const show = (props: Partial<DetailFrameProps<Task>> & Pick<DetailFrameProps<Task>, 'query'>) => {
  const handlers = {
    onUpdate: vi.fn(),
    onDelete: vi.fn(),
    onRestore: vi.fn(),
    onDeletePermanently: vi.fn(),
  };
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/hrm/tasks/t1']}>
        <Frame<Task>
          title="Task Details"
          noun="task"
          notFoundText="Task not found"
          backTo={{ to: '/hrm/tasks', label: 'Back to tasks' }}
          {...handlers}
          {...props}
        >
          {(task) => (
            <FieldList
              items={[
                { label: 'Title', value: task.title },
                { label: 'Deadline', value: task.deadline && formatDate(task.deadline) },
              ]}
            />
          )}
        </Frame>
      </MemoryRouter>
    </MantineProvider>,
  );
  return handlers;
};

const ok = (data: Task) => ({ isPending: false, isError: false, data });
const buttons = () =>
  screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('DetailFrame', () => {
  it('a live record offers Update and Delete and shows its fields and stamps', () => {
    const h = show({ query: ok(live), ...ALL });
    expect(screen.getByRole('heading', { name: 'Task Details' })).toBeTruthy();
    expect(buttons()).toEqual(['Back', 'Update', 'Delete']);
    expect(screen.queryByText(/was deleted/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(h.onUpdate).toHaveBeenCalledTimes(1);
    expect(h.onDelete).toHaveBeenCalledTimes(1);

    // Fields: an empty value shows '-'.
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Title')).toBe('Call Asha');
    expect(value('Deadline')).toBe('-');
    expect(value('Created By')).toBe('Ravi');
    expect(value('Created On')).toMatch(/^01\/03\/2026 \d\d:\d\d (AM|PM)$/);
    expect(screen.queryByText('Deleted By')).toBeNull();
  });

  it('a deleted record shows the red banner and offers Restore and Delete Permanently', () => {
    const h = show({ query: ok(deleted), ...ALL });
    expect(screen.getByRole('alert').textContent).toMatch(
      /^This task was deleted on 18\/03\/2026 \d\d:\d\d (AM|PM) by Asha$/,
    );
    expect(buttons()).toEqual(['Back', 'Restore', 'Delete Permanently']);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    expect(h.onRestore).toHaveBeenCalledTimes(1);
    expect(h.onDeletePermanently).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Deleted By').nextElementSibling?.textContent).toBe('Asha');
  });

  it('shows each action only when permitted', () => {
    show({ query: ok(live), canUpdate: true });
    expect(buttons()).toEqual(['Back', 'Update']);
    cleanup();
    show({ query: ok(deleted), canDeletePermanently: true });
    expect(buttons()).toEqual(['Back', 'Delete Permanently']);
    cleanup();
    show({ query: ok(deleted), canUpdate: true, canDelete: true });
    expect(buttons()).toEqual(['Back']);
  });

  it('shows the not-found text for a 404, an error with Retry otherwise, and a skeleton while loading', () => {
    show({ query: { isPending: false, isError: true, error: new ApiError(404, 'Task not found') } });
    expect(screen.getByText('Task not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to tasks' }).getAttribute('href')).toBe('/hrm/tasks');
    cleanup();

    const refetch = vi.fn();
    show({ query: { isPending: false, isError: true, error: new ApiError(500, 'Server down'), refetch } });
    expect(screen.getByText('Server down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
    cleanup();

    show({ query: { isPending: true, isError: false }, ...ALL });
    expect(screen.getByLabelText('Loading').getAttribute('aria-busy')).toBe('true');
    expect(buttons()).toEqual(['Back']);
  });
});

describe('formatters', () => {
  it('formats days and clock times as dd/MM/yyyy and hh:mm a, empty as "-"', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(null)).toBe('-');
    expect(formatTime('14:05')).toBe('02:05 PM');
    expect(formatTime('')).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});
