import { type FollowUpDto, followUpChipRange, newId, todayInAppZone } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { requirements } from '../../db/schema.ts';

const BASE = '/api/crm/follow-ups';
const CUSTOMERS = '/api/crm/customers';

/** Days around today in India, as the list and the status rule read them. */
const dayFrom = (offset: number, now = new Date()) => {
  const [y, m, d] = todayInAppZone(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
};

type Page = { followUps: FollowUpDto[]; followUpsCount: number; page: number; limit: number };

describe('follow-ups', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let customerId: string;

  const newCustomer = async (body: object = {}, who: Agent = admin) => {
    const res = await who.request({
      method: 'POST',
      url: CUSTOMERS,
      payload: { type: 'Organization', name: `School ${Math.random().toString(36).slice(2, 8)}`, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; customerId: number; name: string };
  };
  const call = (over: object = {}, customer = customerId) => ({
    customer,
    type: 'Call',
    reason: 'Other',
    otherReason: 'Annual lab equipment order',
    date: dayFrom(-1),
    time: '10:30',
    response: 'Asked for a quotation next week',
    ...over,
  });
  const post = (body: object, who: Agent = admin) =>
    who.request({ method: 'POST', url: BASE, payload: body });
  const created = async (body: object = {}, customer = customerId) => {
    const res = await post(call(body, customer));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as FollowUpDto;
  };
  const list = async (query: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `${BASE}?limit=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };
  const ids = (page: Page) => page.followUps.map((f) => f._id);
  const requirementFor = async (customer: string, title = 'Science lab equipment for classes IX and X') => {
    const id = newId();
    await ctx.database.db.insert(requirements).values({
      id,
      title,
      customerId: customer,
      type: 'Product',
      priority: 'High',
      status: 'Open',
      createdBy: admin.user.id,
    });
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    customerId = (await newCustomer())._id;
  });
  afterAll(() => ctx.close());

  it('creates a call: FI number, customer, status from date and time, followUpBy defaults to the caller', async () => {
    const res = await post(call());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Follow-up created successfully');
    const f = res.json().data as FollowUpDto;
    expect(f.followUpId).toBeGreaterThan(0);
    expect(f).toMatchObject({
      customer: { _id: customerId },
      type: 'Call',
      reason: 'Other',
      otherReason: 'Annual lab equipment order',
      status: 'Completed',
      followUpBy: { _id: admin.user.id },
      visitors: [],
      remarks: null,
      nextFollowUp: null,
      createdBy: { _id: admin.user.id },
    });
    const later = await created({ date: dayFrom(2), time: '09:00' });
    expect(later.status).toBe('Scheduled');
    // A status the client sends is kept.
    expect((await created({ date: dayFrom(2), status: 'Postponed' })).status).toBe('Postponed');
    const got = await admin.request({ method: 'GET', url: `${BASE}/${f._id}` });
    expect(got.json()).toMatchObject({ message: 'Follow-up fetched successfully', data: { _id: f._id } });
  });

  it('status is computed in India: a minute ago is Completed, a minute ahead Scheduled', async () => {
    const now = ctx.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms + 330 * 60_000).toISOString();
    const past = at(-60_000);
    const ahead = at(120_000);
    const a = await created({ date: past.slice(0, 10), time: past.slice(11, 16) });
    expect(a.status).toBe('Completed');
    const b = await created({ date: ahead.slice(0, 10), time: ahead.slice(11, 16) });
    expect(b.status).toBe('Scheduled');
  });

  it('a visit keeps visitors and remarks; followUpBy and response are dropped', async () => {
    const visitor = await createUser(ctx.database);
    const f = await created({
      type: 'Visit',
      visitors: [visitor.id, admin.user.id, visitor.id],
      followUpBy: admin.user.id,
      response: 'dropped',
      remarks: 'Met the principal; demo of the smart class kit',
    });
    expect(f.visitors.map((v) => v._id).sort()).toEqual([visitor.id, admin.user.id].sort());
    expect(f).toMatchObject({
      followUpBy: null,
      response: null,
      remarks: 'Met the principal; demo of the smart class kit',
    });
    // A call drops visitors and remarks.
    const c = await created({ visitors: [visitor.id], remarks: 'dropped' });
    expect(c).toMatchObject({ visitors: [], remarks: null });
  });

  it('validation messages are the spec’s, 400 and nothing written', async () => {
    const before = (await list('')).followUpsCount;
    const expectMessage = async (body: object, message: string, path?: string) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      const errors = res.json().errors as { path: string; message: string }[];
      expect(errors.map((e) => e.message)).toContain(message);
      if (path) expect(errors.find((e) => e.message === message)?.path).toBe(path);
    };
    await expectMessage({ ...call(), customer: undefined }, 'Customer is required', 'customer');
    await expectMessage({ ...call(), type: undefined }, 'Type is required');
    await expectMessage({ ...call(), reason: '' }, 'Reason is required');
    await expectMessage(call({ date: '2026-02-30' }), 'Date is required');
    await expectMessage(call({ date: 'tomorrow' }), 'Date is required');
    await expectMessage(call({ time: '25:00' }), 'Time is required');
    await expectMessage(call({ time: '9:5' }), 'Time is required');
    await expectMessage(
      call({ status: 'Done' }),
      'Status must be Scheduled, Pending, Completed, Cancelled or Postponed',
    );
    await expectMessage(
      call({ type: 'Visit', visitors: [] }),
      'At least one visitor is required.',
      'visitors',
    );
    await expectMessage(call({ visitors: ['nope'] }), 'Invalid id');
    await expectMessage(call({ followUpId: -3 }), 'Follow-up ID must be a positive number');
    await expectMessage(call({ reason: 'Requirement' }), 'Requirement is required.', 'requirement');
    await expectMessage({ ...call({ reason: 'Requirement' }), customer: '' }, 'Select a customer first.');
    await expectMessage(call({ reason: 'Quotation' }), 'Quotation is required.');
    await expectMessage(call({ reason: 'Project' }), 'Project is required.');
    await expectMessage(call({ otherReason: '  ' }), 'Please specify the reason.', 'otherReason');
    await expectMessage(call({ nextFollowUp: { nextRequired: true } }), 'Next follow-up type is required');
    await expectMessage(
      call({ nextFollowUp: { nextRequired: true, type: 'Call', date: dayFrom(3), time: '10:00' } }),
      'Next follow-up by is required',
      'nextFollowUp.followUpBy',
    );
    await expectMessage(
      call({ nextFollowUp: { nextRequired: true, type: 'Visit', date: dayFrom(3), time: '10:00' } }),
      'At least one visitor is required',
    );
    await expectMessage(
      call({
        nextFollowUp: {
          nextRequired: true,
          type: 'Mail',
          date: 'x',
          time: '1000',
          followUpBy: admin.user.id,
        },
      }),
      'Next follow-up time is required',
    );
    // Not the schema's but the server's: the references.
    const quotation = await post(call({ reason: 'Quotation', quotation: newId() }));
    expect(quotation.statusCode).toBe(400);
    expect(quotation.json().message).toBe('Quotation not found');
    // Follow-ups about a project: projects-read.test.ts.
    const project = await post(call({ reason: 'Project', project: newId() }));
    expect(project.statusCode).toBe(400);
    expect(project.json().message).toBe('Project not found');
    const ghost = await post(call({}, newId()));
    expect([ghost.statusCode, ghost.json().message]).toEqual([400, 'Customer not found']);
    const nobody = await post(call({ followUpBy: newId() }));
    expect([nobody.statusCode, nobody.json().message]).toEqual([
      400,
      'One or more chosen users do not exist',
    ]);
    for (const bad of [
      null,
      [],
      { customer: { $ne: null } },
      { ...call(), date: 12 },
      { ...call(), visitors: 'a' },
    ]) {
      const res = await post(bad as object);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await list('')).followUpsCount).toBe(before);
  });

  it('reason Requirement: the requirement must be live and the customer’s; the next follow-up is kept', async () => {
    const req = await requirementFor(customerId);
    const other = await newCustomer();
    const otherReq = await requirementFor(other._id);
    const f = await created({
      reason: 'Requirement',
      requirement: req,
      otherReason: 'dropped',
      nextFollowUp: {
        nextRequired: true,
        type: 'Visit',
        date: dayFrom(4),
        time: '11:00',
        visitors: [admin.user.id],
        followUpBy: admin.user.id,
      },
    });
    expect(f).toMatchObject({
      requirement: { _id: req, title: 'Science lab equipment for classes IX and X' },
      otherReason: null,
      nextFollowUp: { nextRequired: true, type: 'Visit', date: dayFrom(4), time: '11:00', followUpBy: null },
    });
    expect(f.nextFollowUp?.visitors.map((v) => v._id)).toEqual([admin.user.id]);
    const wrong = await post(call({ reason: 'Requirement', requirement: otherReq }));
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      400,
      'The requirement must belong to the chosen customer.',
    ]);
    const missing = await post(call({ reason: 'Requirement', requirement: newId() }));
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Requirement not found']);
    // nextRequired false clears the block.
    const none = await created({ nextFollowUp: { nextRequired: false, type: 'Call', date: dayFrom(1) } });
    expect(none.nextFollowUp).toBeNull();
  });

  it('update: the whole follow-up, customer locked, history kept, 409 on a stale expectedUpdatedAt', async () => {
    const f = await created();
    const patch = (body: object) =>
      admin.request({ method: 'PATCH', url: `${BASE}/${f._id}`, payload: body });
    const { customer: _c, ...rest } = call();
    ctx.clock.advance(1000);
    const res = await patch({
      ...rest,
      response: 'Sent the catalogue by mail',
      expectedUpdatedAt: f.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Follow-up updated successfully',
      data: { response: 'Sent the catalogue by mail' },
    });
    const updated = res.json().data as FollowUpDto;
    expect(updated.updatedAt).not.toBe(f.updatedAt);

    const stale = await patch({ ...rest, response: 'An offline edit', expectedUpdatedAt: f.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      message: 'This follow-up was changed by someone else. Review the latest version.',
      data: { _id: f._id, response: 'Sent the catalogue by mail', updatedAt: updated.updatedAt },
    });
    expect((await patch({ ...rest, expectedUpdatedAt: 'yesterday' })).statusCode).toBe(400);

    const other = await newCustomer();
    const moved = await patch({ ...call({}, other._id) });
    expect([moved.statusCode, moved.json().message]).toEqual([
      400,
      'The customer cannot be changed when updating.',
    ]);
    expect((await patch(call())).statusCode).toBe(200);
    // Status follows the new date when none is sent.
    expect((await patch({ ...rest, date: dayFrom(5) })).json().data.status).toBe('Scheduled');

    const history = await admin.request({ method: 'GET', url: `${BASE}/${f._id}/history` });
    expect(history.statusCode).toBe(200);
    const entries = history.json().data.history as { action: string; changes: { field: string }[] }[];
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(entries[2]!.changes.map((c) => c.field)).toContain('response');
  });

  it('row scope: own, followUpBy, visitor or customer in scope; others 404 everywhere; the state filter needs view-all', async () => {
    const perms = [
      { resource: 'follow-up', actions: ['read', 'create', 'update', 'delete', 'suggestion'] },
      { resource: 'customer', actions: ['read', 'suggestion'] },
    ];
    const exec = await asUserWithSession(ctx, perms);
    const theirCustomer = await newCustomer({ assignedTo: [exec.user.id] });
    const ofTheirCustomer = await created({}, theirCustomer._id);
    const asFollowUpBy = await created({ followUpBy: exec.user.id });
    const asVisitor = await created({ type: 'Visit', visitors: [exec.user.id] });
    const hidden = await created();
    const mine = await created({}, theirCustomer._id);
    const seen = ids(await list('', exec));
    expect(seen).toEqual(
      expect.arrayContaining([ofTheirCustomer._id, asFollowUpBy._id, asVisitor._id, mine._id]),
    );
    expect(seen).not.toContain(hidden._id);
    for (const req of [
      { method: 'GET' as const, url: `${BASE}/${hidden._id}` },
      { method: 'PATCH' as const, url: `${BASE}/${hidden._id}`, payload: call() },
      { method: 'DELETE' as const, url: `${BASE}/${hidden._id}` },
      { method: 'GET' as const, url: `${BASE}/${hidden._id}/history` },
    ]) {
      const res = await exec.request(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().message).toBe('Follow-up not found');
    }
    // Creating for a customer outside the caller's customer scope is refused.
    const refused = await post(call(), exec);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Customer not found']);
    const own = await post(call({}, theirCustomer._id), exec);
    expect(own.statusCode).toBe(201);
    // Suggestion is scoped as well.
    const byName = await exec.request({ method: 'GET', url: `${BASE}/suggestion?customerName=School` });
    expect(byName.json().data.map((f: FollowUpDto) => f._id)).not.toContain(hidden._id);
    // The state filter needs view-all.
    expect((await exec.request({ method: 'GET', url: `${BASE}?filters[state]=Assigned` })).statusCode).toBe(
      403,
    );
    const unassigned = await list('filters[state]=UnAssigned');
    expect(unassigned.followUpsCount).toBe(0);
    expect(ids(await list('filters[state]=Assigned'))).toContain(hidden._id);
  });

  it('filters: chips ranges, noResponse, type, reason, people, next follow-up; sorts', async () => {
    const c = (await newCustomer())._id;
    const yesterday = await created({ date: dayFrom(-1), time: '09:00', response: null }, c);
    const today = await created({ date: dayFrom(0), time: '00:00', response: 'Picked up the call' }, c);
    const tomorrow = await created({ type: 'Mail', date: dayFrom(1), time: '09:00', response: null }, c);
    const visit = await created(
      { type: 'Visit', visitors: [admin.user.id], date: dayFrom(-2), remarks: 'Visited', response: null },
      c,
    );
    const q = (extra: string) => list(`filters[customer]=${c}&${extra}`);
    const range = (chip: Parameters<typeof followUpChipRange>[0]) => {
      const r = followUpChipRange(chip, ctx.clock.now());
      return `filters[date][start]=${r.start}&filters[date][end]=${r.end}`;
    };
    expect(ids(await q(range('Yesterday')))).toEqual([yesterday._id]);
    expect(ids(await q(range('Today')))).toEqual([today._id]);
    expect(ids(await q(range('Tomorrow')))).toEqual([tomorrow._id]);
    // noResponse: passed, nothing written back (the visit has remarks, tomorrow's has not passed).
    expect(ids(await q('filters[noResponse]=true'))).toEqual([yesterday._id]);
    expect(ids(await q('filters[noResponse]=false')).sort()).toEqual(
      [today._id, tomorrow._id, visit._id].sort(),
    );
    expect(ids(await q('filters[type]=Mail'))).toEqual([tomorrow._id]);
    expect(ids(await q(`filters[visitors][]=${admin.user.id}`))).toEqual([visit._id]);
    expect(ids(await q('filters[response]=picked'))).toEqual([today._id]);
    expect((await q('filters[reason]=Requirement')).followUpsCount).toBe(0);
    expect(ids(await q(`filters[followUpId]=${today.followUpId}`))).toEqual([today._id]);
    expect(ids(await q('sortBy=date&sortOrder=asc'))).toEqual([
      visit._id,
      yesterday._id,
      today._id,
      tomorrow._id,
    ]);
    expect(ids(await q('sortBy=followUpId&sortOrder=desc'))).toEqual([
      visit._id,
      tomorrow._id,
      today._id,
      yesterday._id,
    ]);
    expect(ids(await q('')).at(0)).toBe(tomorrow._id);
    const next = await created(
      {
        nextFollowUp: {
          nextRequired: true,
          type: 'Call',
          date: dayFrom(6),
          time: '10:00',
          followUpBy: admin.user.id,
        },
      },
      c,
    );
    expect(ids(await q('filters[nextRequired]=true'))).toEqual([next._id]);
    expect(
      ids(await q(`filters[nextDate][start]=${dayFrom(6)}&filters[nextDate][end]=${dayFrom(6)}`)),
    ).toEqual([next._id]);
    for (const bad of [
      'filters[type]=Fax',
      'filters[noResponse]=maybe',
      'sortBy=time',
      'filters[date][start]=x',
    ]) {
      const res = await admin.request({ method: 'GET', url: `${BASE}?${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('suggestion: by number (FI prefix) or customer name', async () => {
    const named = await newCustomer({ name: 'Kendriya Vidyalaya Suggestion Test' });
    const f = await created({}, named._id);
    const byNumber = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?followUpId=FI${String(f.followUpId).padStart(4, '0')}`,
    });
    expect(byNumber.json().data.map((x: FollowUpDto) => x._id)).toEqual([f._id]);
    const byName = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?customerName=kendriya vidyalaya suggestion`,
    });
    expect(byName.json().data.map((x: FollowUpDto) => x._id)).toEqual([f._id]);
    expect(
      (await admin.request({ method: 'GET', url: `${BASE}/suggestion?followUpId=abc` })).statusCode,
    ).toBe(400);
  });

  it('related lists: a customer’s and a requirement’s follow-ups, with their scope', async () => {
    const c = await newCustomer();
    const req = await requirementFor(c._id);
    const a = await created({}, c._id);
    const b = await created({ reason: 'Requirement', requirement: req, date: dayFrom(1) }, c._id);
    const ofCustomer = await admin.request({ method: 'GET', url: `${CUSTOMERS}/${c._id}/follow-ups` });
    expect(ofCustomer.statusCode).toBe(200);
    expect(ofCustomer.json().data).toMatchObject({ followUpsCount: 2, page: 1 });
    expect(ofCustomer.json().data.followUps.map((f: FollowUpDto) => f._id)).toEqual([b._id, a._id]);
    const ofRequirement = await admin.request({
      method: 'GET',
      url: `/api/crm/requirements/${req}/follow-ups`,
    });
    expect(ofRequirement.json().data).toMatchObject({ followUpsCount: 1, followUps: [{ _id: b._id }] });
    expect(
      (await admin.request({ method: 'GET', url: `/api/crm/requirements/${newId()}/follow-ups` })).statusCode,
    ).toBe(404);

    const reader = await asUserWithSession(ctx, [
      { resource: 'follow-up', actions: ['read'] },
      { resource: 'customer', actions: ['read'] },
      { resource: 'requirement', actions: ['read'] },
    ]);
    expect(
      (await reader.request({ method: 'GET', url: `${CUSTOMERS}/${c._id}/follow-ups` })).statusCode,
    ).toBe(404);
    const hiddenReq = await reader.request({ method: 'GET', url: `/api/crm/requirements/${req}/follow-ups` });
    expect([hiddenReq.statusCode, hiddenReq.json().message]).toEqual([404, 'Requirement not found']);
    const noRequirementRead = await asUserWithSession(ctx, [{ resource: 'follow-up', actions: ['read'] }]);
    expect(
      (await noRequirementRead.request({ method: 'GET', url: `/api/crm/requirements/${req}/follow-ups` }))
        .statusCode,
    ).toBe(403);
    // Deleted follow-ups leave the related lists.
    await admin.request({ method: 'DELETE', url: `${BASE}/${a._id}` });
    expect(
      (await admin.request({ method: 'GET', url: `${CUSTOMERS}/${c._id}/follow-ups` })).json().data
        .followUpsCount,
    ).toBe(1);
  });

  it('lifecycle and bulk: delete, restore, permanent; the Deleted filter needs bulk-restore', async () => {
    const f = await created();
    const g = await created();
    const del = await admin.request({ method: 'DELETE', url: `${BASE}/${f._id}` });
    expect(del.json().message).toBe('Follow-up deleted successfully');
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${f._id}` })).json().message).toBe(
      'Follow-up is already deleted',
    );
    const upd = await admin.request({ method: 'PATCH', url: `${BASE}/${f._id}`, payload: call() });
    expect([upd.statusCode, upd.json().message]).toEqual([400, 'Restore the follow-up before updating']);
    const reader = await asUserWithSession(ctx, [{ resource: 'follow-up', actions: ['read', 'restore'] }]);
    expect((await reader.request({ method: 'GET', url: `${BASE}?filters[isDeleted]=true` })).statusCode).toBe(
      403,
    );
    expect(ids(await list('filters[isDeleted]=true'))).toContain(f._id);
    expect((await admin.request({ method: 'PATCH', url: `${BASE}/${f._id}/restore` })).json().message).toBe(
      'Follow-up restored successfully',
    );
    const bulk = await admin.request({
      method: 'DELETE',
      url: `${BASE}/bulk`,
      payload: { ids: [f._id, g._id, newId()] },
    });
    expect(bulk.json().message).toBe('2 follow-ups deleted, 1 not found');
    const restored = await admin.request({
      method: 'PATCH',
      url: `${BASE}/bulk/restore`,
      payload: { ids: [g._id] },
    });
    expect(restored.json().message).toBe('1 follow-up restored');
    const permanent = await admin.request({
      method: 'DELETE',
      url: `${BASE}/bulk/permanent`,
      payload: { ids: [f._id, g._id] },
    });
    expect(permanent.json().message).toBe('1 follow-up deleted permanently, 1 not deleted');
    expect((await admin.request({ method: 'GET', url: `${BASE}/${f._id}` })).statusCode).toBe(404);
    await admin.request({ method: 'DELETE', url: `${BASE}/${g._id}` });
    const one = await admin.request({ method: 'DELETE', url: `${BASE}/${g._id}/permanent` });
    expect(one.json().message).toBe('Follow-up deleted permanently');
  });
});
