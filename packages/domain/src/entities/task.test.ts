import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../common/list-query.ts';
import { taskFormSchema } from './task.ts';
import { descriptionPoints, taskListSpec } from './task-list.ts';

const valid = { title: 'Visit school', date: '2026-11-20', assignedTo: ['0123456789abcdef01234567'] };
const messages = (v: unknown) => taskFormSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('task form', () => {
  it('defaults status to Scheduled and priority to Medium; empty optionals become null', () => {
    expect(taskFormSchema.parse({ ...valid, time: '', deadline: '', description: '  ' })).toMatchObject({
      status: 'Scheduled',
      priority: 'Medium',
      time: null,
      deadline: null,
      description: null,
      reason: null,
    });
  });

  it('cuts timestamps to their calendar day and collapses repeated assignees', () => {
    const t = taskFormSchema.parse({
      ...valid,
      date: '2026-11-20T10:00:00Z',
      deadline: '2026-11-21T00:00:00.000Z',
      assignedTo: [valid.assignedTo[0], valid.assignedTo[0]],
    });
    expect(t).toMatchObject({ date: '2026-11-20', deadline: '2026-11-21', assignedTo: valid.assignedTo });
  });

  it.each([
    [{ title: undefined }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'Title must not exceed 100 characters'],
    [{ date: undefined }, 'Date is required'],
    [{ deadline: '2026-11-19' }, 'Deadline must be after the date'],
    [{ deadline: '2026-02-30' }, 'Deadline must be a valid date'],
    [{ status: 'Cancelled' }, 'Reason is required'],
    [{ status: 'Cancelled', reason: ' ' }, 'Reason is required'],
    [{ assignedTo: undefined }, 'Assigned to is required'],
    [{ assignedTo: [] }, 'Assigned to is required'],
    [{ priority: 'Urgent' }, 'Priority must be Low, Medium or High'],
    [{ time: '7pm' }, 'Time must be HH:mm'],
  ])('%j → %s', (over, message) => {
    expect(messages({ ...valid, ...over })).toContain(message);
  });

  it('reports the cross-field rules together with the missing fields, in one pass', () => {
    expect(messages({ status: 'Cancelled', deadline: '2026-11-19', date: '2026-11-20' })).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Assigned to is required',
        'Deadline must be after the date',
        'Reason is required',
      ]),
    );
    // Not an object at all: one message, and the cross-field rules do not run on it.
    for (const body of [null, 'text', 42, []]) expect(taskFormSchema.safeParse(body).success).toBe(false);
    // A date that is itself wrong gives its own message, not a comparison with it.
    expect(messages({ ...valid, date: 'soon', deadline: '2026-11-19' })).not.toContain(
      'Deadline must be after the date',
    );
  });

  it('accepts a 100-character title, the same day as deadline and a cancelled task with a reason', () => {
    expect(
      taskFormSchema.safeParse({
        ...valid,
        title: 'x'.repeat(100),
        deadline: valid.date,
        status: 'Cancelled',
        reason: 'Rain',
      }).success,
    ).toBe(true);
  });

  it('one point per non-empty line', () => {
    expect(descriptionPoints(' a \r\n\n b\n')).toEqual(['a', 'b']);
    expect(descriptionPoints(null)).toEqual([]);
  });

  it('the list whitelist takes the documented filters and sorts only', () => {
    const q = parseListQuery(
      { 'filters[status][]': ['Scheduled', 'In Progress'], 'filters[isDeleted]': 'true', sortBy: 'deadline' },
      taskListSpec,
    );
    expect(q.filters).toEqual({ status: ['Scheduled', 'In Progress'], isDeleted: true });
    expect(() => parseListQuery({ sortBy: 'reason' }, taskListSpec)).toThrow('Cannot sort by reason');
    expect(() => parseListQuery({ 'filters[reason]': 'x' }, taskListSpec)).toThrow('Unknown filter');
  });
});
