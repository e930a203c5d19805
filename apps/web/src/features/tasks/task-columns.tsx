import type { TaskDto } from '@karya/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate, formatTime } from '../../components/record/format';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';

/** Dates, times and badges stay on one line; the table scrolls sideways instead. */
const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);
const day = (value: string | null) => <NoWrap>{formatDate(value)}</NoWrap>;

/** Below this width the task table scrolls sideways. */
export const TASK_TABLE_MIN_WIDTH = 980;

/**
 * The columns of the task table (spec 2 §3): title, status, priority, deadline, date, time, created on and
 * updated on shown by default; assigned to, assigned by and created by hidden until chosen. Empty → '-'.
 */
export const TASK_COLUMNS: readonly ColumnDef<TaskDto>[] = [
  { key: 'title', label: 'Title', value: (t) => t.title, width: 260 },
  {
    key: 'status',
    label: 'Status',
    render: (t) => <TaskStatusBadge status={t.status} />,
    // A badge's label may shrink to nothing in a squeezed cell: the column keeps room for the longest.
    width: 140,
  },
  {
    key: 'priority',
    label: 'Priority',
    render: (t) => <TaskPriorityBadge priority={t.priority} />,
    width: 100,
  },
  { key: 'deadline', label: 'Deadline', render: (t) => day(t.deadline) },
  { key: 'date', label: 'Date', render: (t) => day(t.date) },
  { key: 'time', label: 'Time', render: (t) => <NoWrap>{formatTime(t.time)}</NoWrap> },
  { key: 'createdAt', label: 'Created On', render: (t) => day(t.createdAt) },
  { key: 'updatedAt', label: 'Updated On', render: (t) => day(t.updatedAt) },
  { key: 'assignedTo', label: 'Assigned To', value: (t) => t.assignedTo, defaultHidden: true },
  { key: 'assignedBy', label: 'Assigned By', value: (t) => t.assignedBy, defaultHidden: true },
  { key: 'createdBy', label: 'Created By', value: (t) => t.createdBy, defaultHidden: true },
];

/** The sort menu of the task list (spec 2 §9), with Clear. */
export const TASK_SORT_OPTIONS = [
  { value: 'title', label: 'Title' },
  { value: 'status', label: 'Status' },
  { value: 'priority', label: 'Priority' },
  { value: 'date', label: 'Date' },
  { value: 'time', label: 'Time' },
  { value: 'deadline', label: 'Deadline' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;
