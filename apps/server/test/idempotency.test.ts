import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema.ts';
import { IDEMPOTENCY_MESSAGES } from '../src/platform/idempotency.ts';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  createUser,
  type TestContext,
} from './helpers.ts';

/** Writes replayed with an Idempotency-Key (a follow-up saved offline and sent again) change nothing twice. */
describe('Idempotency-Key', () => {
  let ctx: TestContext;
  let admin: Agent;
  let worker: { id: string };
  const task = (title: string) => ({
    title,
    date: '2026-11-20',
    deadline: '2026-11-25',
    status: 'Scheduled',
    priority: 'Medium',
    assignedTo: [worker.id],
  });
  const tasksTitled = async (title: string) =>
    (await ctx.database.db.select({ n: count() }).from(tasks).where(eq(tasks.title, title)))[0]!.n;
  const post = (as: Agent, key: string | undefined, payload: object, url = '/api/hrm/tasks') =>
    as.request({
      method: 'POST',
      url,
      payload,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    worker = await createUser(ctx.database);
  });
  afterAll(() => ctx.close());

  it('a replay answers the first answer and writes nothing more', async () => {
    const first = await post(admin, 'offline-0001-a', task('Replay once'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(admin, 'offline-0001-a', task('Replay once'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await tasksTitled('Replay once')).toBe(1);
  });

  it('two replays at once write once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(admin, 'offline-0002-concurrent', task('Replay at once'))),
    );
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await tasksTitled('Replay at once')).toBe(1);
  });

  it('without the header, or with another key, each request writes', async () => {
    await post(admin, undefined, task('No key'));
    await post(admin, undefined, task('No key'));
    await post(admin, 'offline-0003-one', task('Two keys'));
    await post(admin, 'offline-0003-two', task('Two keys'));
    expect(await tasksTitled('No key')).toBe(2);
    expect(await tasksTitled('Two keys')).toBe(2);
  });

  it('a key belongs to its user: another user with the same key writes their own', async () => {
    const other = await asUserWithSession(ctx, [{ resource: 'task', actions: ['create', 'read', 'assign'] }]);
    await post(admin, 'offline-0004-shared', task('Per user'));
    const theirs = await post(other, 'offline-0004-shared', task('Per user'));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replay']).toBeUndefined();
    expect(await tasksTitled('Per user')).toBe(2);
  });

  it('a refused request is replayed as refused; a bad key or a key reused elsewhere answers 400', async () => {
    const bad = await post(admin, 'offline-0005-bad', { title: '' });
    expect(bad.statusCode).toBe(400);
    const badAgain = await post(admin, 'offline-0005-bad', { title: '' });
    expect(badAgain.statusCode).toBe(400);

    const short = await post(admin, 'x', task('Short key'));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);

    await post(admin, 'offline-0006-path', task('Path key'));
    const elsewhere = await admin.request({
      method: 'PATCH',
      url: '/api/hrm/tasks/aaaaaaaaaaaaaaaaaaaaaaaa',
      payload: task('Path key moved'),
      headers: { 'idempotency-key': 'offline-0006-path' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
  });
});
