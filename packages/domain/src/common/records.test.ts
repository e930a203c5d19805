import { describe, expect, it } from 'vitest';
import { bulkIdsSchema, bulkSummary, recordMessages, suggestionQuerySchema } from './records.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('records', () => {
  it('bulk ids: 1 to 100, duplicates collapsed, ids only', () => {
    expect(bulkIdsSchema.parse({ ids: [id(1), id(1), id(2)] })).toEqual({ ids: [id(1), id(2)] });
    expect(bulkIdsSchema.safeParse({ ids: [] }).error?.issues[0]?.message).toBe('Select at least one record');
    expect(bulkIdsSchema.safeParse({}).error?.issues[0]?.message).toBe('Select at least one record');
    expect(bulkIdsSchema.safeParse({ ids: ['x'] }).error?.issues[0]?.message).toBe('Invalid id');
    expect(bulkIdsSchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => id(i)) }).success).toBe(
      false,
    );
    expect(bulkIdsSchema.safeParse({ ids: Array.from({ length: 100 }, (_, i) => id(i)) }).success).toBe(true);
  });

  it('summaries name only what happened', () => {
    const noun = { one: 'task', many: 'tasks' };
    expect(bulkSummary({ done: 1, notFound: 0, wrongState: 0 }, noun, 'deleted', 'already deleted')).toBe(
      '1 task deleted',
    );
    expect(bulkSummary({ done: 0, notFound: 2, wrongState: 1 }, noun, 'restored', 'not deleted')).toBe(
      '0 tasks restored, 2 not found, 1 not deleted',
    );
  });

  it('messages come from the noun', () => {
    const m = recordMessages('team');
    expect(m.notFound).toBe('Team not found');
    expect(m.deleted).toBe('Team deleted successfully');
    expect(m.deletedFilterForbidden).toBe('You don’t have permission to see deleted teams.');
    expect(recordMessages('task').bulkRestored({ results: [], done: 2, notFound: 0, wrongState: 0 })).toBe(
      '2 tasks restored',
    );
  });

  it('suggestion query: text and selected ids', () => {
    expect(suggestionQuerySchema.parse({ name: ' ra ', selectedIds: `${id(1)},${id(2)}` })).toEqual({
      name: 'ra',
      selectedIds: [id(1), id(2)],
    });
    expect(suggestionQuerySchema.safeParse({ selectedIds: 'x' }).success).toBe(false);
  });
});
