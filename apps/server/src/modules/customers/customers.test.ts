import { type CustomerDto, GSTIN_CHECK_MESSAGE, GSTIN_MESSAGE, gstinCheckCharacter } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { customerAssignments, users } from '../../db/schema.ts';

const BASE = '/api/crm/customers';
const SCHOOL = {
  type: 'Organization',
  name: 'Saraswati Shishu Vidya Mandir, Unit-8',
  email: 'ssvm.unit8@gmail.com',
  phone: '94370 12345',
  website: 'www.ssvmunit8.org',
  address: { street: 'Unit-8, Nayapalli', city: 'Bhubaneswar', district: 'Khordha', zipCode: '751012' },
  organization: {
    type: 'Private',
    private: { type: 'Institute', institute: { type: 'School', school: { board: 'CBSE' } } },
    government: { type: 'Office', office: { type: 'DEO' } },
  },
  contacts: [
    { name: 'Sujata Mohanty', designation: 'Principal', email: 'ssvm.unit8@gmail.com', phone: '9437012345' },
    { name: 'Ramesh Behera', designation: 'Lab in-charge', phone: '0674-2561234' },
  ],
  additionalInfo: { establishmentYear: 1986, numberOfStudents: 1450, coursesOffered: 'Classes I to XII' },
  rating: 4.5,
  ratingCategory: 'Gold',
  marginTier: 't2',
};

const SALES_EXEC = [{ resource: 'customer', actions: ['read', 'create', 'update', 'suggestion'] }];

describe('customers', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };

  const post = (body: object, who: Agent = admin) =>
    who.request({ method: 'POST', url: BASE, payload: body });
  const patch = (id: string, body: object, who: Agent = admin) =>
    who.request({ method: 'PATCH', url: `${BASE}/${id}`, payload: body });
  const created = async (body: object = {}, who: Agent = admin) => {
    const res = await post(
      { ...SCHOOL, name: `School ${Math.random().toString(36).slice(2, 8)}`, ...body },
      who,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CustomerDto;
  };
  const list = async (query: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `${BASE}?limit=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      customers: CustomerDto[];
      customersCount: number;
      page: number;
      limit: number;
    };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('creates a customer with every field: CI number, organisation tree, default contact, address defaults', async () => {
    const res = await post(SCHOOL);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Customer created successfully');
    const c = res.json().data as CustomerDto;
    expect(c).toMatchObject({
      type: 'Organization',
      phone: '9437012345',
      website: 'www.ssvmunit8.org',
      address: { street: 'Unit-8, Nayapalli', city: 'Bhubaneswar', state: 'Odisha', country: 'India' },
      // The government branch does not apply to a private organisation: dropped.
      organization: {
        type: 'Private',
        private: { type: 'Institute', institute: { type: 'School', school: { board: 'CBSE' } } },
      },
      additionalInfo: { establishmentYear: 1986, numberOfStudents: 1450, notes: null },
      rating: 4.5,
      ratingCategory: 'Gold',
      marginTier: 't2',
      verified: false,
      assignedTo: [],
      assignmentHistory: [],
      feedbacks: [],
    });
    expect(c.organization).not.toHaveProperty('government');
    expect(c.contacts.map((x) => x.isDefault)).toEqual([true, false]);
    expect(c.customerId).toBeGreaterThan(0);
    expect((await created()).customerId).toBe(c.customerId + 1);
  });

  it.each([
    [{ type: undefined }, 'Customer type is required.'],
    [{ name: ' ' }, 'Name is required.'],
    [{ email: 'nope' }, 'Invalid email format.'],
    [{ phone: '12345' }, 'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).'],
    [{ website: 'not a url' }, 'Please enter a valid URL.'],
    [{ address: { city: 'Pu' } }, 'City must be at least 3 characters'],
    [{ address: { street: '12-345' } }, 'Must include 3 letters'],
    [{ organization: { government: { type: 'Office' } } }, 'Organization type is required.'],
    [{ organization: { type: 'Government', government: { type: 'Office' } } }, 'Office type is required.'],
    [
      { organization: { type: 'Government', government: { type: 'Institute' } } },
      'Institute type is required.',
    ],
    [
      { organization: { type: 'Private', private: { type: 'Institute', institute: { type: 'School' } } } },
      'School board is required.',
    ],
    [
      { organization: { type: 'Private', private: { type: 'Institute', institute: { type: 'College' } } } },
      'College type is required.',
    ],
    [
      { contacts: [1, 2, 3, 4].map(() => ({ name: 'Contact Person' })) },
      'You can only add up to 3 contacts.',
    ],
    [{ contacts: [{ name: 'Abc' }] }, 'Contact name must be at least 5 characters.'],
    [{ rating: 6 }, 'Rating must be between 0 and 5.'],
    [{ rating: 3, ratingCategory: null }, 'Rating category is required.'],
    [{ marginTier: 't9' }, 'Margin tier must be valid'],
  ])('refuses %j with its message and writes nothing', async (over, message) => {
    const before = (await list('')).customersCount;
    const res = await post({ ...SCHOOL, ...over });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await list('')).customersCount).toBe(before);
  });

  it('Individual clears the organisation and the designations, on create and on update', async () => {
    const person = await created({ type: 'Individual', name: 'Prakash Nayak' });
    expect(person.organization).toBeNull();
    expect(person.contacts.every((x) => x.designation === null)).toBe(true);
    const org = await created();
    const res = await patch(org._id, { type: 'Individual' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'Individual', organization: null });
    // Partial update: only what was sent changes; address field by field; an empty value clears.
    const res2 = await patch(org._id, { address: { city: 'Cuttack' }, website: '', verified: true });
    expect(res2.json().data).toMatchObject({
      address: { city: 'Cuttack', district: 'Khordha' },
      website: null,
      verified: true,
    });
  });

  it('lists with the spec keys, every kind of filter and the sorts', async () => {
    const a = await created({
      name: 'Govt. High School, Balianta',
      organization: {
        type: 'Government',
        government: { type: 'Institute', institute: { type: 'School', school: { board: 'StateBoard' } } },
      },
      address: { city: 'Balianta', district: 'Khordha' },
      additionalInfo: {
        establishmentYear: 1961,
        numberOfStudents: 640,
        notes: 'Needs ATL lab\nVisit in March',
      },
      rating: 2,
      ratingCategory: 'Silver',
    });
    const page = await list(`filters[name]=Balianta`);
    expect(Object.keys(page).sort()).toEqual(['countExact', 'customers', 'customersCount', 'limit', 'page']);
    expect(page.customers.map((c) => c._id)).toEqual([a._id]);
    for (const q of [
      `filters[customerId]=${a.customerId}`,
      'filters[schoolBoard]=StateBoard&filters[name]=Balianta',
      'filters[governmentType]=Institute&filters[address]=Balianta',
      'filters[establishmentYear][min]=1960&filters[establishmentYear][max]=1962',
      'filters[numberOfStudents][max]=700&filters[name]=Balianta',
      'filters[notes]=ATL lab',
      'filters[rating][max]=2&filters[ratingCategory]=Silver',
      'filters[contactName]=Sujata&filters[name]=Balianta',
      'filters[contactPhone]=0674&filters[name]=Balianta',
    ])
      expect(
        (await list(q)).customers.map((c) => c._id),
        q,
      ).toEqual([a._id]);
    expect((await admin.request({ method: 'GET', url: `${BASE}?filters[customerId]=CI1` })).statusCode).toBe(
      400,
    );
    const byName = await list('sortBy=name&sortOrder=asc');
    const names = byName.customers.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byCi = await list('sortBy=customerId&sortOrder=desc');
    const numbers = byCi.customers.map((c) => c.customerId);
    expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
  });

  it('row scope: without view-all only assigned, re-assigned or own customers; others 404 everywhere', async () => {
    const exec = await asUserWithSession(ctx, [
      {
        resource: 'customer',
        actions: ['read', 'update', 'delete', 'restore', 'bulk-delete', 'feedback-create'],
      },
    ]);
    const other = await created({ name: 'Someone Else School' });
    const mine = await created({ name: 'Assigned To Exec School', assignedTo: [exec.user.id] });
    const re = await created({ name: 'Re Assigned To Exec', reAssignedTo: [exec.user.id] });
    const seen = (await list('', exec)).customers.map((c) => c._id);
    expect(seen.sort()).toEqual([mine._id, re._id].sort());
    for (const req of [
      { method: 'GET' as const, url: `${BASE}/${other._id}` },
      { method: 'GET' as const, url: `${BASE}/${other._id}/history` },
      { method: 'PATCH' as const, url: `${BASE}/${other._id}`, payload: { name: 'Taken' } },
      { method: 'DELETE' as const, url: `${BASE}/${other._id}` },
      { method: 'PATCH' as const, url: `${BASE}/${other._id}/feedback`, payload: { rating: 5 } },
    ]) {
      const res = await exec.request(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().message).toBe('Customer not found');
    }
    const bulk = await exec.request({
      method: 'DELETE',
      url: `${BASE}/bulk`,
      payload: { ids: [other._id, mine._id] },
    });
    expect(bulk.json().data.results).toEqual([
      { _id: other._id, outcome: 'notFound' },
      { _id: mine._id, outcome: 'done' },
    ]);
    // A user who creates one sees it.
    const creator = await asUserWithSession(ctx, SALES_EXEC);
    const own = await created({ name: 'Found By The Creator' }, creator);
    expect((await list('', creator)).customers.map((c) => c._id)).toEqual([own._id]);
  });

  it('assigning needs assign, re-assigning re-assign; adding oneself needs neither; history is kept', async () => {
    const exec = await asUserWithSession(ctx, SALES_EXEC);
    const colleague = await createUser(ctx.database);
    expect((await post({ ...SCHOOL, name: 'X School', assignedTo: [colleague.id] }, exec)).statusCode).toBe(
      403,
    );
    expect(
      (await post({ ...SCHOOL, name: 'Y School', reAssignedTo: [colleague.id] }, exec)).json().message,
    ).toBe('You don’t have permission to re-assign customers.');
    const self = await created({ name: 'Self Assigned School', assignedTo: [exec.user.id] }, exec);
    expect(self.assignedTo.map((u) => u._id)).toEqual([exec.user.id]);
    expect((await patch(self._id, { assignedTo: [] }, exec)).statusCode).toBe(403);

    const c = await created({ assignedTo: [colleague.id] });
    const res = await patch(c._id, { assignedTo: [exec.user.id], reAssignedTo: [colleague.id] });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as CustomerDto;
    expect(d.assignmentHistory!.map((h) => [h.kind, h.assignedTo?._id, h.unassignedAt === null])).toEqual(
      expect.arrayContaining([
        ['assigned', colleague.id, false],
        ['assigned', exec.user.id, true],
        ['re-assigned', colleague.id, true],
      ]),
    );
    expect(d.assignmentHistory![0]!.assignedBy?._id).toBe(admin.user.id);
    expect((await patch(c._id, { assignedTo: ['f'.repeat(24)] })).json().message).toBe(
      'One or more assigned users do not exist',
    );
  });

  it('the state filter needs view-all; Orphaned means no live, unblocked assignee', async () => {
    const exec = await asUserWithSession(ctx, SALES_EXEC);
    const forbidden = await exec.request({ method: 'GET', url: `${BASE}?filters[state]=Assigned` });
    expect(forbidden.statusCode).toBe(403);
    const leaver = await createUser(ctx.database);
    const keeper = await createUser(ctx.database);
    const orphan = await created({ name: 'Orphan Check School', assignedTo: [leaver.id] });
    const kept = await created({
      name: 'Orphan Check Kept',
      assignedTo: [leaver.id],
      reAssignedTo: [keeper.id],
    });
    const none = await created({ name: 'Orphan Check None' });
    await ctx.database.db.update(users).set({ status: 'Blocked' }).where(eq(users.id, leaver.id));
    const ids = async (state: string) =>
      (await list(`filters[state]=${state}&filters[name]=Orphan Check`)).customers.map((c) => c._id);
    expect(await ids('Orphaned')).toEqual([orphan._id]);
    expect(await ids('Assigned')).toEqual([kept._id]);
    expect(await ids('UnAssigned')).toEqual([none._id]);
  });

  it('bulk create: names checked, duplicates refused, all or none, unverified, createdBy from the session', async () => {
    const existing = await created({ name: 'DAV Public School, Chandrasekharpur' });
    const check = await admin.request({
      method: 'POST',
      url: `${BASE}/check-names`,
      payload: ['dav public school, chandrasekharpur', 'Kendriya Vidyalaya No. 1', ' '],
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toEqual(['dav public school, chandrasekharpur']);
    const victim = await createUser(ctx.database);
    const dup = await admin.request({
      method: 'POST',
      url: `${BASE}/bulk`,
      payload: [{ name: 'KV No. 1 Bhubaneswar' }, { name: 'kv no. 1 bhubaneswar' }],
    });
    expect(dup.json().message).toBe('Customer name already exists in below list');
    const onServer = await admin.request({
      method: 'POST',
      url: `${BASE}/bulk`,
      payload: [{ name: 'KV No. 1 Bhubaneswar' }, { name: existing.name }],
    });
    expect(onServer.statusCode).toBe(400);
    expect(onServer.json().message).toBe('Customer already exist with this name');
    expect((await list('filters[name]=KV No. 1')).customersCount).toBe(0);
    const ok = await admin.request({
      method: 'POST',
      url: `${BASE}/bulk`,
      payload: [
        { name: 'KV No. 1 Bhubaneswar', createdBy: victim.id, verified: true },
        { name: 'Ravenshaw University', type: 'Organization', address: { city: 'Cuttack' } },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe('2 customers created successfully');
    const rows = (await list('filters[name]=KV No. 1')).customers;
    expect(rows[0]).toMatchObject({
      type: 'Organization',
      verified: false,
      createdBy: { _id: admin.user.id },
    });
  });

  it("the import's rows take enumerations as a person spells them: 'Organisation' is Organization (issue 23)", async () => {
    const res = await admin.request({
      method: 'POST',
      url: `${BASE}/bulk`,
      payload: [
        { name: 'Spelling Check Vidyalaya', type: 'Organisation' },
        {
          name: 'Spelling Check Centre',
          type: ' organisation ',
          organization: {
            type: 'private',
            private: { type: 'Institute', institute: { type: 'training centre' } },
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = (await list('filters[name]=Spelling Check&sortBy=name&sortOrder=asc')).customers;
    expect(rows.map((c) => [c.name, c.type, c.organization?.type ?? null])).toEqual([
      ['Spelling Check Centre', 'Organization', 'Private'],
      ['Spelling Check Vidyalaya', 'Organization', null],
    ]);
    expect(rows[0]?.organization).toMatchObject({ private: { institute: { type: 'Training Center' } } });
    const refused = await post({ ...SCHOOL, name: 'Spelling Check Three', type: 'Company' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Customer type is required.');
  });

  it('feedback: 1 to 5 stars, reviewer is the caller; deletion; feedbacks need feedback-read to show', async () => {
    const c = await created();
    const none = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${c._id}/feedback`,
      payload: { rating: 0 },
    });
    expect(none.json().message).toBe('Select Star to rate.');
    const six = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${c._id}/feedback`,
      payload: { rating: 6 },
    });
    expect(six.json().message).toBe('Rating must be between 1 and 5.');
    const res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${c._id}/feedback`,
      payload: { rating: 4, comment: 'Prompt payment', reviewer: 'f'.repeat(24) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Feedback added successfully');
    const [fb] = res.json().data;
    expect(fb).toMatchObject({ rating: 4, comment: 'Prompt payment', reviewer: { _id: admin.user.id } });
    const reader = await asUserWithSession(ctx, [{ resource: 'customer', actions: ['read', 'view-all'] }]);
    expect((await reader.request({ method: 'GET', url: `${BASE}/${c._id}` })).json().data).not.toHaveProperty(
      'feedbacks',
    );
    const del = await admin.request({ method: 'DELETE', url: `${BASE}/${c._id}/feedback/${fb._id}` });
    expect(del.json()).toMatchObject({ message: 'Feedback deleted successfully', data: [] });
    const again = await admin.request({ method: 'DELETE', url: `${BASE}/${c._id}/feedback/${fb._id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Feedback not found');
  });

  it('suggestion by name or number (CI prefix), scoped; check searches every customer as a card', async () => {
    const exec = await asUserWithSession(ctx, SALES_EXEC);
    const theirs = await created({ name: 'Utkal Vidyalaya Suggest', assignedTo: [exec.user.id] });
    const other = await created({ name: 'Utkal Other Suggest' });
    const byName = await exec.request({ method: 'GET', url: `${BASE}/suggestion?name=Utkal` });
    expect(byName.json().data.map((c: { _id: string }) => c._id)).toEqual([theirs._id]);
    const byId = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?customerId=CI${other.customerId}`,
    });
    expect(byId.json().data.map((c: { _id: string }) => c._id)).toEqual([other._id]);
    const selected = await exec.request({
      method: 'GET',
      url: `${BASE}/suggestion?selectedIds=${other._id}`,
    });
    expect(selected.json().data.map((c: { _id: string }) => c._id)).not.toContain(other._id);
    const check = await exec.request({ method: 'GET', url: `${BASE}/check?name=Utkal Other` });
    expect(check.json().data).toEqual([
      {
        _id: other._id,
        customerId: other.customerId,
        name: other.name,
        address: { city: 'Bhubaneswar', district: 'Khordha', state: 'Odisha' },
        assignedTo: [],
      },
    ]);
  });

  it('lifecycle with history; the Deleted filter needs bulk-restore; permanent delete takes assignments along', async () => {
    const u = await createUser(ctx.database);
    const c = await created({ assignedTo: [u.id] });
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${c._id}` })).json().message).toBe(
      'Customer deleted successfully',
    );
    expect((await patch(c._id, { name: 'x' })).json().message).toBe('Restore the customer before updating');
    const reader = await asUserWithSession(ctx, [{ resource: 'customer', actions: ['read', 'restore'] }]);
    expect((await reader.request({ method: 'GET', url: `${BASE}?filters[isDeleted]=true` })).statusCode).toBe(
      403,
    );
    expect((await list('filters[isDeleted]=true')).customers.map((x) => x._id)).toContain(c._id);
    expect((await admin.request({ method: 'PATCH', url: `${BASE}/${c._id}/restore` })).statusCode).toBe(200);
    await admin.request({ method: 'DELETE', url: `${BASE}/${c._id}` });
    const gone = await admin.request({
      method: 'DELETE',
      url: `${BASE}/bulk/permanent`,
      payload: { ids: [c._id] },
    });
    expect(gone.json().message).toBe('1 customer deleted permanently');
    expect(
      await ctx.database.db
        .select()
        .from(customerAssignments)
        .where(eq(customerAssignments.customerId, c._id)),
    ).toEqual([]);
    const history = await admin.request({ method: 'GET', url: `${BASE}/${c._id}/history` });
    expect(history.json().data.history.map((h: { action: string }) => h.action)).toEqual([
      'delete-permanently',
      'delete',
      'restore',
      'delete',
      'create',
    ]);
  });

  it('GSTIN: stored upper-cased, refused with its message (nothing written), cleared by empty, in history', async () => {
    const odisha = `21AABTS1234M1Z${gstinCheckCharacter('21AABTS1234M1Z')}`;
    const andhra = `37AAAGK0412B1Z${gstinCheckCharacter('37AAAGK0412B1Z')}`;
    const c = await created({ gstin: ` ${odisha.toLowerCase()} ` });
    expect(c.gstin).toBe(odisha);
    expect((await admin.request({ method: 'GET', url: `${BASE}/${c._id}` })).json().data.gstin).toBe(odisha);
    // The list finds it by any part of its GSTIN, in any case.
    expect(
      (await list(`filters[gstin]=${odisha.slice(2, 12).toLowerCase()}`)).customers.map((x) => x._id),
    ).toEqual([c._id]);

    const before = (await list('')).customersCount;
    const wrong = `${odisha.slice(0, 14)}${odisha[14] === 'A' ? 'B' : 'A'}`;
    const bad = await post({ ...SCHOOL, name: 'Wrong GSTIN School', gstin: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'gstin', message: GSTIN_CHECK_MESSAGE }),
    ]);
    const malformed = await post({ ...SCHOOL, name: 'Malformed GSTIN School', gstin: '21ABC' });
    expect(malformed.json().errors[0]).toMatchObject({ path: 'gstin', message: GSTIN_MESSAGE });
    const bulk = await admin.request({
      method: 'POST',
      url: `${BASE}/bulk`,
      payload: [
        { name: 'Bulk GSTIN One', gstin: odisha },
        { name: 'Bulk GSTIN Two', gstin: wrong },
      ],
    });
    expect(bulk.statusCode).toBe(400);
    expect((await list('')).customersCount).toBe(before);

    const refused = await patch(c._id, { gstin: wrong, name: 'Renamed School' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(GSTIN_CHECK_MESSAGE);
    const kept = (await admin.request({ method: 'GET', url: `${BASE}/${c._id}` })).json().data as CustomerDto;
    expect([kept.gstin, kept.name]).toEqual([odisha, c.name]);

    expect((await patch(c._id, { gstin: andhra })).json().data.gstin).toBe(andhra);
    expect((await patch(c._id, { gstin: '' })).json().data.gstin).toBeNull();
    const history = await admin.request({ method: 'GET', url: `${BASE}/${c._id}/history` });
    const changes = history.json().data.history.flatMap((h: { changes: object[] }) => h.changes);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'gstin', label: 'GSTIN', from: odisha, to: andhra }),
        expect.objectContaining({ field: 'gstin', from: andhra, to: null }),
      ]),
    );
  });

  it('related lists are empty until those records exist, and need read on their resource', async () => {
    const c = await created();
    for (const [path, key] of [
      ['follow-ups', 'followUps'],
      ['requirements', 'requirements'],
      ['quotations', 'quotations'],
      ['projects', 'projects'],
    ] as const) {
      const res = await admin.request({ method: 'GET', url: `${BASE}/${c._id}/${path}` });
      expect(res.json().data).toEqual({
        [key]: [],
        [`${key}Count`]: 0,
        countExact: true,
        page: 1,
        limit: 20,
      });
    }
    const exec = await asUserWithSession(ctx, [
      { resource: 'customer', actions: ['read'] },
      { resource: 'follow-up', actions: ['read'] },
    ]);
    expect((await exec.request({ method: 'GET', url: `${BASE}/${c._id}/follow-ups` })).statusCode).toBe(404);
  });
});
