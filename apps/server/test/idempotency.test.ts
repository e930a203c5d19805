import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, idempotencyKeys, productVendors, tasks } from '../src/db/schema.ts';
import { multipartBody, PNG_1X1 } from '../src/modules/users/users-test-kit.ts';
import { IDEMPOTENCY_MESSAGES } from '../src/platform/idempotency.ts';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  createUser,
  type TestContext,
} from './helpers.ts';

const PNG_PART = { field: 'image', filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 };

/** Writes replayed with an Idempotency-Key (a follow-up saved offline and sent again) change nothing twice. */
describe('Idempotency-Key', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
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

  it('two replays at once write once: the second waits for the first and gets its answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(admin, 'offline-0002-concurrent', task('Replay at once'))),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(answers.filter((a) => a.headers['idempotent-replay'] === 'true').length).toBe(4);
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    expect(await tasksTitled('Replay at once')).toBe(1);
  });

  it('the claim is written with the write: a stored answer exists exactly when the task does', async () => {
    const first = await post(admin, 'offline-0007-stored', task('Stored with its write'));
    expect(first.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'offline-0007-stored'));
    expect(row).toMatchObject({ status: 201, method: 'POST', path: '/api/hrm/tasks' });
    expect((row!.body as { data: { _id: string } }).data._id).toBe(first.json().data._id);
  });

  it('a refusal from the service frees the key: the corrected request under the same key writes', async () => {
    const refused = await post(admin, 'offline-0008-fix', {
      ...task('Fixed later'),
      assignedTo: ['a'.repeat(24)],
    });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await tasksTitled('Fixed later')).toBe(0);
    const fixed = await post(admin, 'offline-0008-fix', task('Fixed later'));
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replay']).toBeUndefined();
    expect(await tasksTitled('Fixed later')).toBe(1);
  });

  it("a claim an earlier version left in progress answers 409, and the outbox's later entries are not held", async () => {
    await ctx.database.db.insert(idempotencyKeys).values({
      userId: admin.user.id,
      key: 'offline-0009-legacy',
      method: 'POST',
      path: '/api/hrm/tasks',
      status: 0,
      body: {},
    });
    const again = await post(admin, 'offline-0009-legacy', task('Legacy claim'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await tasksTitled('Legacy claim')).toBe(0);
  });

  it('a multipart write replays too: its claim is made once the form is read, within the write', async () => {
    const send = () => {
      const form = multipartBody({ name: 'Keyed Multipart Supplies' }, { ...PNG_PART });
      return admin.request({
        method: 'POST',
        url: '/api/crm/products/vendors',
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': 'multipart-0001' },
      });
    };
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect([again.statusCode, again.headers['idempotent-replay']]).toEqual([201, 'true']);
    expect(again.json().data._id).toBe(first.json().data._id);
    const named = await ctx.database.db
      .select({ n: count() })
      .from(productVendors)
      .where(eq(productVendors.name, 'Keyed Multipart Supplies'));
    expect(named[0]!.n).toBe(1);
    // One image stored: the replay stored nothing.
    expect((await ctx.database.db.select({ n: count() }).from(files))[0]!.n).toBe(1);
  });

  it('a keyed upload whose request then fails to commit leaves no stored bytes behind', async () => {
    const stored = async () => {
      const keys: string[] = [];
      for await (const f of ctx.app.deps.storage.list()) keys.push(f.key);
      return keys.sort();
    };
    const before = await stored();
    // Keeping the answer, the request's last statement, fails: everything is undone, the image's bytes too.
    await ctx.database.db.execute(sql`create function refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await ctx.database.db.execute(
      sql`create trigger refuse_answer before update on idempotency_keys for each row execute function refuse_answer()`,
    );
    try {
      const form = multipartBody({ name: 'Never Committed Supplies' }, { ...PNG_PART });
      const res = await admin.request({
        method: 'POST',
        url: '/api/crm/products/vendors',
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': 'multipart-0002' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_answer on idempotency_keys`);
      await ctx.database.db.execute(sql`drop function refuse_answer()`);
    }
    expect(await stored()).toEqual(before);
    const named = await ctx.database.db
      .select({ n: count() })
      .from(productVendors)
      .where(eq(productVendors.name, 'Never Committed Supplies'));
    expect(named[0]!.n).toBe(0);
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

  it('a request refused by validation is refused again; a bad key or a key reused elsewhere answers 400', async () => {
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
