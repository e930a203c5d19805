import { defineList, LIST_COUNT_BOUND, type ListQuery, newId, parseListQuery } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/helpers.ts';
import { tasks, users } from '../db/schema.ts';
import type { ListColumns } from './list-sql.ts';
import { assignmentStateRule, lifecycleRules, parseList, runList } from './records.ts';

/**
 * The list-query builder on a real database, through a throw-away whitelist over the tasks table: every
 * filter kind, the assignment states, hostile values (bound, never spliced) and paging.
 */
const spec = defineList({
  filters: {
    title: 'text',
    status: { enum: ['Open', 'Closed', "x'; drop table tasks; --"] },
    date: 'dateRange',
    length: 'numberRange',
    state: { enum: ['Assigned', 'UnAssigned', 'Orphaned'] },
    owner: 'ids',
    isDeleted: 'boolean',
    createdAt: 'dateRange',
  },
  sortFields: ['title', 'date'],
});

const columns: ListColumns = {
  filters: {
    title: { kind: 'text', on: tasks.title },
    status: { kind: 'in', on: tasks.status },
    date: { kind: 'dayRange', on: tasks.date },
    length: { kind: 'numberRange', on: sql`char_length(${tasks.title})` },
    state: assignmentStateRule(tasks.assignedTo, 'many'),
    owner: assignmentStateRule(tasks.assignedBy, 'one'),
    ...lifecycleRules(tasks),
  },
  sort: { title: tasks.title, date: tasks.date },
  id: tasks.id,
};
// `owner` above is only there to prove a rule can be swapped; use the id list as a plain `in` here.
columns.filters.owner = { kind: 'in', on: tasks.assignedBy };

describe('record toolkit: list queries on a real database', () => {
  let ctx: TestContext;
  let live: string;
  let gone: string;
  const ids: Record<string, string> = {};

  const run = async (raw: Record<string, string | string[]>) => {
    const query: ListQuery = parseListQuery(raw, spec);
    const { rows, total } = await runList<{ id: string; title: string }>({
      db: ctx.database.db,
      table: tasks,
      columns,
      query,
    });
    expect(total.exact).toBe(true);
    return { titles: rows.map((r) => r.title), total: total.count };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    live = (await createUser(ctx.database)).id;
    gone = (await createUser(ctx.database, { overrides: { isDeleted: true } })).id;
    const row = (title: string, over: Partial<typeof tasks.$inferInsert> = {}) => {
      const id = newId();
      ids[title] = id;
      return { id, title, status: 'Open', priority: 'Low', date: '2026-11-10', ...over };
    };
    await ctx.database.db
      .insert(tasks)
      .values([
        row('assigned', { assignedTo: [live], assignedBy: live }),
        row('orphaned', { assignedTo: [gone], date: '2026-11-01' }),
        row('mixed', { assignedTo: [gone, live], status: 'Closed', date: '2026-11-30' }),
        row('nobody', { assignedTo: [] }),
        row("O'Brien 50% off_", { isDeleted: true }),
      ]);
  });
  afterAll(() => ctx.close());

  it('assignment states: Assigned (a live assignee), UnAssigned, Orphaned (only deleted assignees)', async () => {
    expect((await run({ 'filters[state][]': 'Assigned', sortBy: 'title' })).titles).toEqual([
      'assigned',
      'mixed',
    ]);
    expect((await run({ 'filters[state][]': 'UnAssigned', sortBy: 'title' })).titles).toEqual([
      "O'Brien 50% off_",
      'nobody',
    ]);
    expect((await run({ 'filters[state][]': 'Orphaned' })).titles).toEqual(['orphaned']);
    expect((await run({ 'filters[state][]': ['Orphaned', 'UnAssigned'] })).total).toBe(3);
  });

  it('day ranges are inclusive at both ends', async () => {
    const r = await run({ 'filters[date][start]': '2026-11-01', 'filters[date][end]': '2026-11-10' });
    expect(r.total).toBe(4);
    expect((await run({ 'filters[date][start]': '2026-11-30' })).titles).toEqual(['mixed']);
  });

  it('number ranges, booleans and id lists', async () => {
    expect(
      (await run({ 'filters[length][min]': '8', 'filters[length][max]': '8', sortBy: 'title' })).titles,
    ).toEqual(['assigned', 'orphaned']);
    expect((await run({ 'filters[isDeleted]': 'true' })).titles).toEqual(["O'Brien 50% off_"]);
    expect((await run({ 'filters[owner][]': live })).titles).toEqual(['assigned']);
  });

  it('text is matched literally: quotes, % and _ are data, not syntax', async () => {
    expect((await run({ 'filters[title]': "O'Brien" })).total).toBe(1);
    expect((await run({ 'filters[title]': '50%' })).total).toBe(1);
    expect((await run({ 'filters[title]': 'off_' })).total).toBe(1);
    // One character matches the start of the title; as wildcards these would match all five.
    expect((await run({ 'filters[title]': '%' })).total).toBe(0);
    expect((await run({ 'filters[title]': '_' })).total).toBe(0);
    expect((await run({ 'filters[title]': '0%' })).total).toBe(0);
    expect((await run({ 'filters[title]': "o'" })).total).toBe(1);
    expect((await run({ 'filters[title]': "' or 1=1 --" })).total).toBe(0);
    expect((await run({ 'filters[status][]': "x'; drop table tasks; --" })).total).toBe(0);
    const left = await ctx.database.db.select({ id: tasks.id }).from(tasks);
    const n = left.length;
    expect(n).toBe(5);
  });

  it('pages are ordered by the sort, then the id, and count the whole match', async () => {
    const first = await run({ sortBy: 'date', sortOrder: 'asc', limit: '2', page: '1' });
    const second = await run({ sortBy: 'date', sortOrder: 'asc', limit: '2', page: '2' });
    const third = await run({ sortBy: 'date', sortOrder: 'asc', limit: '2', page: '3' });
    expect(first.total).toBe(5);
    expect(first.titles[0]).toBe('orphaned');
    expect(third.titles).toEqual(['mixed']);
    expect(new Set([...first.titles, ...second.titles, ...third.titles]).size).toBe(5);
    expect((await run({ page: '99' })).titles).toEqual([]);
  });

  it.each([
    [{ 'filters[__proto__]': 'x' }, 'Unknown query parameter'],
    [{ 'filters[constructor][prototype]': 'x' }, 'Unknown filter: constructor'],
    [{ 'filters[title][$ne]': 'x' }, 'Unknown query parameter'],
    [{ 'filters[length][min]': '1e999' }, 'min must be a number'],
    [{ 'filters[state][]': 'Everyone' }, 'Everyone is not one of'],
    [{ 'filters[date][start]': "2026-01-01' or '1'='1" }, 'dates must be YYYY-MM-DD'],
    [{ limit: '1000' }, 'limit must be at most 100'],
    [{ 'filters[owner][]': Array.from({ length: 101 }, () => newId()) }, 'Too many values'],
  ])('parseList refuses hostile input with a 400 (%#)', (raw, message) => {
    expect(() => parseList(raw, spec)).toThrow(message);
    try {
      parseList(raw, spec);
    } catch (error) {
      expect((error as { statusCode: number }).statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a live user filter never leaks deleted users into Assigned', async () => {
    await ctx.database.db.update(users).set({ isDeleted: true }).where(sql`${users.id} = ${live}`);
    expect((await run({ 'filters[state][]': 'Assigned' })).total).toBe(0);
    expect((await run({ 'filters[state][]': 'Orphaned' })).total).toBe(3);
  });
});

describe('record toolkit: a count bounded at LIST_COUNT_BOUND (decision 0021)', () => {
  let ctx: TestContext;
  const MANY = LIST_COUNT_BOUND + 45;
  const run = async (raw: Record<string, string | string[]>) => {
    const { rows, total } = await runList<{ id: string; title: string }>({
      db: ctx.database.db,
      table: tasks,
      columns,
      query: parseListQuery({ sortBy: 'title', sortOrder: 'asc', ...raw }, spec),
    });
    return { titles: rows.map((r) => r.title), ...total };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.database.db.execute(sql`
      insert into tasks (id, title, status, priority, date)
      select lpad(to_hex(g), 24, '0'), 'task ' || lpad(g::text, 6, '0'), 'Open', 'Low', '2026-11-10'
      from generate_series(1, ${MANY}) g`);
  });
  afterAll(() => ctx.close());

  it('counts exactly up to the bound, then says "more than the bound" without reading every match', async () => {
    expect(await run({ 'filters[title]': 'task 00999' })).toMatchObject({ count: 10, exact: true });
    const first = await run({ limit: '20' });
    expect(first).toMatchObject({ count: LIST_COUNT_BOUND + 1, exact: false });
    expect(first.titles).toHaveLength(20);
    expect(first.titles[0]).toBe('task 000001');
    // Asked for, the count is exact.
    const all = await run({ count: 'exact' });
    expect({ count: all.count, exact: all.exact }).toEqual({ count: MANY, exact: true });
  });

  it('a page past the bound proves its own rows and one more when a next page exists', async () => {
    // Page 502 of 20: rows 10,021 to 10,040, and more follow.
    const deep = await run({ limit: '20', page: '502' });
    expect(deep.titles[0]).toBe('task 010021');
    expect(deep).toMatchObject({ count: 10_041, exact: false });
    // The last page: its end is the count, exact.
    const last = await run({ limit: '20', page: '503' });
    expect(last.titles).toHaveLength(5);
    expect(last).toMatchObject({ count: MANY, exact: true });
    // Past the end: nothing to prove beyond the bound.
    expect(await run({ limit: '20', page: '600' })).toMatchObject({
      titles: [],
      count: LIST_COUNT_BOUND + 1,
    });
  });

  it('a text-filtered page and its count from one walk agree with the two statements, at every depth', async () => {
    // Every task's title contains "task": the filtered list is the whole list, found the other way (the page's
    // ids and the count from one walk of the matches while the page is within the bound).
    for (const page of ['1', '2', '250', '500', '501', '502', '503', '600'])
      for (const sortOrder of ['asc', 'desc'])
        expect(await run({ 'filters[title]': 'task', limit: '20', page, sortOrder }), `page ${page}`).toEqual(
          await run({ limit: '20', page, sortOrder }),
        );
    // Fewer matches than the bound: exact, and paged in order.
    const few = await run({ 'filters[title]': 'task 0099', limit: '20', page: '2' });
    expect(few).toMatchObject({ count: 100, exact: true });
    expect(few.titles).toEqual(Array.from({ length: 20 }, (_, i) => `task 0099${20 + i}`));
    expect(await run({ 'filters[title]': 'no such task' })).toEqual({ titles: [], count: 0, exact: true });
    expect(await run({ 'filters[title]': 'task 0099', page: '9' })).toEqual({
      titles: [],
      count: 100,
      exact: true,
    });
  });

  it('a unique column orders pages by itself; any other sort ends with the id', async () => {
    const { customers, quotations } = await import('../db/schema.ts');
    const { listOrderBy, uniqueSortColumns } = await import('./list-sql.ts');
    const order = (
      table: typeof quotations | typeof customers,
      on: Record<string, unknown>,
      sortBy: string,
    ) =>
      listOrderBy(
        { sortBy, sortOrder: 'desc' },
        { filters: {}, sort: on as never, id: (table as typeof quotations).id },
        uniqueSortColumns(table),
      ).length;
    expect(order(quotations, { n: quotations.quotationId }, 'n')).toBe(1);
    expect(order(quotations, { t: quotations.title }, 't')).toBe(2);
    expect(order(customers, { n: customers.customerId }, 'n')).toBe(1);
    // A unique index on a nullable or partial column does not count.
    expect(order(quotations, { r: quotations.requirementId }, 'r')).toBe(2);
  });

  it('count takes exact or nothing', () => {
    expect(() => parseListQuery({ count: 'all' }, spec)).toThrow('count must be exact');
    expect(parseListQuery({ count: 'exact' }, spec).count).toBe('exact');
    expect(parseListQuery({}, spec).count).toBeUndefined();
  });
});
