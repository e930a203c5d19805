import { REJECTION_MESSAGES as M, newId, RESOURCES, type RejectionAnalysisDto } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { rejectionAnalyses } from '../../db/schema.ts';
import { listUrl } from '../users/users-test-kit.ts';
import { REJECTIONS, rejectionKit } from './rejection-analyses-test-kit.ts';

/** Spec 2 §2, §4, §6, §7: the list, the detail, the update, the lifecycle, permissions and row scope. */
describe('rejection analyses: the records', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof rejectionKit>;

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = rejectionKit(ctx, admin);
    await kit.setUp();
  });
  afterAll(() => ctx.close());

  const list = async (params: [string, string][], who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: listUrl(REJECTIONS, params) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rejectionAnalyses: RejectionAnalysisDto[]; rejectionAnalysesCount: number };
  };
  const ids = (page: { rejectionAnalyses: RejectionAnalysisDto[] }) =>
    page.rejectionAnalyses.map((a) => a._id);
  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, who: Agent = admin, payload?: object) =>
    who.request({ method, url, ...(payload ? { payload } : {}) });

  it('lists with filters, sorts and pages, and answers one analysis', async () => {
    const customer = await kit.newCustomer('Blue Bells School, Puri');
    const a = await kit.reject(await kit.newQuotation(customer._id), {
      rejectionDate: '2026-01-10',
      rejectionReasons: ['Price too high'],
      competitor: { name: 'Kalinga Digital', offeredAmount: 90000 },
    });
    const b = await kit.reject(await kit.newQuotation(customer._id), {
      rejectionDate: '2026-03-05',
      rejectionReasons: ['Project postponed'],
    });
    const mine: [string, string] = ['filters[customer]', customer._id];
    const all = await list([mine, ['sortBy', 'rejectionDate'], ['sortOrder', 'asc']]);
    expect(all.rejectionAnalysesCount).toBe(2);
    expect(ids(all)).toEqual([a._id, b._id]);
    expect(ids(await list([mine, ['filters[lostTo]', 'No Decision']]))).toEqual([b._id]);
    expect(ids(await list([mine, ['filters[reason]', 'price too']]))).toEqual([a._id]);
    expect(ids(await list([mine, ['filters[competitor]', 'kalinga']]))).toEqual([a._id]);
    expect(ids(await list([mine, ['filters[offeredAmount][min]', '50000']]))).toEqual([a._id]);
    expect(ids(await list([mine, ['filters[rejectionDate][start]', '2026-02-01']]))).toEqual([b._id]);
    expect(ids(await list([['filters[quotation]', b.quotation!._id]]))).toEqual([b._id]);
    const paged = await list([
      mine,
      ['limit', '1'],
      ['page', '2'],
      ['sortBy', 'rejectionDate'],
      ['sortOrder', 'desc'],
    ]);
    expect(paged).toMatchObject({ rejectionAnalysesCount: 2, page: 2, limit: 1 });
    expect(ids(paged)).toEqual([a._id]);
    const bad = await call('GET', listUrl(REJECTIONS, [['filters[lostTo]', 'Nobody']]));
    expect(bad.statusCode).toBe(400);

    const one = await call('GET', `${REJECTIONS}/${a._id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual(all.rejectionAnalyses[0]);
    const missing = await call('GET', `${REJECTIONS}/${'a'.repeat(24)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.notFound);
  });

  it('updates the analysis with its history; bad input and a deleted analysis write nothing', async () => {
    const a = await kit.reject(await kit.newQuotation(), {
      competitor: { name: 'Kalinga Digital', offeredAmount: 1000 },
    });
    const form = {
      rejectionDate: a.rejectionDate,
      rejectionReasons: ['Budget cut this year', 'Chose a cheaper brand'],
      detailedReason: 'The trust cut the budget.',
      competitor: { name: '  ', offeredAmount: '' },
      customerFeedback: 'Call again next year',
      rejectedPerson: { name: 'Smt. Sabitri Das', designation: 'Principal', email: 'Principal@School.in' },
    };
    const res = await call('PATCH', `${REJECTIONS}/${a._id}`, admin, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.updated);
    expect(res.json().data).toMatchObject({
      _id: a._id,
      quotation: a.quotation,
      quotedAmount: a.quotedAmount,
      rejectionReasons: ['Budget cut this year', 'Chose a cheaper brand'],
      competitor: { name: null, offeredAmount: null },
      lostTo: 'No Decision',
      rejectedPerson: { name: 'Smt. Sabitri Das', designation: 'Principal', email: 'principal@school.in' },
    });
    const history = await call('GET', `${REJECTIONS}/${a._id}/history`);
    expect(history.json().data.history[0]).toMatchObject({ action: 'update' });
    expect(history.json().data.history[0].changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining([
        'rejectionReasons',
        'detailedReason',
        'lostTo',
        'competitor',
        'rejectedPerson',
      ]),
    );
    const [before] = await ctx.database.db
      .select()
      .from(rejectionAnalyses)
      .where(eq(rejectionAnalyses.id, a._id));
    for (const [more, message] of [
      [{ rejectionReasons: [] }, M.reasonsRequired],
      [{ competitor: { offeredAmount: -1 } }, M.offeredAmountPositive],
    ] as const) {
      const bad = await call('PATCH', `${REJECTIONS}/${a._id}`, admin, { ...form, ...more });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect(await call('DELETE', `${REJECTIONS}/${a._id}`).then((r) => r.statusCode)).toBe(200);
    const deleted = await call('PATCH', `${REJECTIONS}/${a._id}`, admin, form);
    expect(deleted.statusCode).toBe(400);
    const [after] = await ctx.database.db
      .select()
      .from(rejectionAnalyses)
      .where(eq(rejectionAnalyses.id, a._id));
    expect({ ...after, isDeleted: false, deletedAt: null, deletedBy: null, updatedAt: null }).toEqual({
      ...before,
      updatedAt: null,
    });
  });

  it('deletes, restores and deletes for good; the quotation stays rejected; one live analysis per quotation', async () => {
    const q = await kit.newQuotation();
    const a = await kit.reject(q);
    const del = await call('DELETE', `${REJECTIONS}/${a._id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe('Rejection analysis deleted successfully');
    expect((await kit.quotation(q._id)).activeVersion.status).toBe('Rejected');
    expect(ids(await list([]))).not.toContain(a._id);
    // Spec 2 §6: the Deleted filter needs only read.
    const reader = await asUserWithSession(ctx, [
      { resource: 'rejection-analysis', actions: ['read'] },
      { resource: 'quotation', actions: ['view-all'] },
    ]);
    const deleted = await list([['filters[isDeleted]', 'true']], reader);
    expect(ids(deleted)).toContain(a._id);
    expect(deleted.rejectionAnalyses.find((x) => x._id === a._id)!.deletedBy).toMatchObject({
      _id: admin.user.id,
    });
    // The customer's no stands: the quotation is not rejected twice.
    const again = await kit.post(kit.body(q));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyRejected);
    // Another live analysis of the quotation (written straight to the table) blocks the restore.
    const otherId = newId();
    const [row] = await ctx.database.db
      .select()
      .from(rejectionAnalyses)
      .where(eq(rejectionAnalyses.id, a._id));
    await ctx.database.db
      .insert(rejectionAnalyses)
      .values({ ...row!, id: otherId, isDeleted: false, deletedAt: null, deletedBy: null });
    const blocked = await call('PATCH', `${REJECTIONS}/${a._id}/restore`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(M.alreadyRejected);
    await ctx.database.db.delete(rejectionAnalyses).where(eq(rejectionAnalyses.id, otherId));
    const restored = await call('PATCH', `${REJECTIONS}/${a._id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe('Rejection analysis restored successfully');
    expect((await call('PATCH', `${REJECTIONS}/${a._id}/restore`)).statusCode).toBe(400);
    const live = await call('DELETE', `${REJECTIONS}/${a._id}/permanent`);
    expect(live.statusCode).toBe(400);
    await call('DELETE', `${REJECTIONS}/${a._id}`);
    const gone = await call('DELETE', `${REJECTIONS}/${a._id}/permanent`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe('Rejection analysis deleted permanently');
    expect((await call('GET', `${REJECTIONS}/${a._id}`)).statusCode).toBe(404);
    expect((await kit.quotation(q._id)).activeVersion.status).toBe('Rejected');
  });

  it('restores one of two deleted analyses of a quotation sent at the same moment, and refuses the other', async () => {
    const a = await kit.reject(await kit.newQuotation());
    await call('DELETE', `${REJECTIONS}/${a._id}`);
    const [row] = await ctx.database.db
      .select()
      .from(rejectionAnalyses)
      .where(eq(rejectionAnalyses.id, a._id));
    const twin = newId();
    await ctx.database.db.insert(rejectionAnalyses).values({ ...row!, id: twin });
    const answers = await Promise.all(
      [a._id, twin].map((id) => call('PATCH', `${REJECTIONS}/${id}/restore`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(M.alreadyRejected);
    const live = await list([['filters[quotation]', a.quotation!._id]]);
    expect(live.rejectionAnalysesCount).toBe(1);
  });

  it('needs its own permission for each call; a role without create gets 403 and writes nothing', async () => {
    const q = await kit.newQuotation();
    const a = await kit.reject(await kit.newQuotation());
    await call('DELETE', `${REJECTIONS}/${a._id}`);
    const live = await kit.reject(await kit.newQuotation());
    const everything = [...RESOURCES.find((r) => r.name === 'rejection-analysis')!.actions];
    const without = (action: string) =>
      asUserWithSession(ctx, [
        { resource: 'rejection-analysis', actions: everything.filter((x) => x !== action) },
        { resource: 'quotation', actions: ['read', 'view-all'] },
      ]);
    const before = await kit.analyses();
    const refused = await kit.post(kit.body(q), await without('create'));
    expect(refused.statusCode).toBe(403);
    expect(await kit.analyses()).toBe(before);
    expect((await kit.quotation(q._id)).activeVersion.status).toBe('Draft');
    const calls: [string, 'GET' | 'PATCH' | 'DELETE', string, object?][] = [
      ['read', 'GET', REJECTIONS],
      ['read', 'GET', `${REJECTIONS}/${live._id}`],
      [
        'update',
        'PATCH',
        `${REJECTIONS}/${live._id}`,
        { rejectionDate: live.rejectionDate, rejectionReasons: ['x'] },
      ],
      ['delete', 'DELETE', `${REJECTIONS}/${live._id}`],
      ['restore', 'PATCH', `${REJECTIONS}/${a._id}/restore`],
      ['delete-permanently', 'DELETE', `${REJECTIONS}/${a._id}/permanent`],
    ];
    for (const [action, method, url, payload] of calls) {
      const res = await call(method, url, await without(action), payload);
      expect(res.statusCode, `${method} ${url} without ${action}`).toBe(403);
    }
    const seller = await without('none');
    expect((await kit.post(kit.body(q), seller)).statusCode).toBe(201);
  });

  it("keeps another executive's customers' analyses out of reach (404, not listed)", async () => {
    const perms = [
      {
        resource: 'rejection-analysis',
        actions: [...RESOURCES.find((r) => r.name === 'rejection-analysis')!.actions],
      },
      { resource: 'quotation', actions: ['read'] },
      { resource: 'customer', actions: ['read'] },
    ];
    const mine = await asUserWithSession(ctx, perms);
    const theirs = await asUserWithSession(ctx, perms);
    const myCustomer = await kit.newCustomer('Kendriya Vidyalaya No. 2, Bhubaneswar', mine.user.id);
    const theirCustomer = await kit.newCustomer('DAV Public School, Cuttack', theirs.user.id);
    const own = await kit.reject(await kit.newQuotation(myCustomer._id), {}, mine);
    const other = await kit.reject(await kit.newQuotation(theirCustomer._id));
    const page = await list([['limit', '100']], mine);
    expect(ids(page)).toContain(own._id);
    expect(ids(page)).not.toContain(other._id);
    expect((await call('GET', `${REJECTIONS}/${own._id}`, mine)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', `${REJECTIONS}/${other._id}`],
      ['GET', `${REJECTIONS}/${other._id}/history`],
      [
        'PATCH',
        `${REJECTIONS}/${other._id}`,
        { rejectionDate: other.rejectionDate, rejectionReasons: ['Taken over'] },
      ],
      ['DELETE', `${REJECTIONS}/${other._id}`],
    ] as const) {
      const res = await call(method, url, mine, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    // Nor may they reject a quotation of a customer they do not see.
    const foreign = await kit.newQuotation(theirCustomer._id);
    const res = await kit.post(kit.body(foreign), mine);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.quotationNotFound);
    expect((await kit.quotation(foreign._id)).activeVersion.status).toBe('Draft');
  });
});
