import {
  EXPENSE_MESSAGES,
  type ExpenseClaimDetailDto,
  type ExpenseTotalsDto,
  formatRupees,
  newId,
} from '@karya/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { customers, followUps, teamMembers, teams } from '../../db/schema.ts';
import { pdfBytes } from '../projects/projects-test-kit.ts';
import { multipartBody, PNG_1X1 } from '../users/users-test-kit.ts';

const M = EXPENSE_MESSAGES;
const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);
const STAFF = [{ resource: 'expense', actions: ['create', 'read', 'update', 'delete', 'upload-file'] }];
type Who = Agent & { user: { id: string; email: string } };
type Detail = ExpenseClaimDetailDto;

/** Issue 28, decision 0025: expense claims made, submitted, decided by the team's manager, paid by accounts. */
describe('expense claims', () => {
  let ctx: TestContext;
  let admin: Agent;
  let manager: Who;
  let member: Who;
  let outsider: Who;
  let accountant: Who;
  let school: string;

  const create = (as: Agent, body: Record<string, unknown>) =>
    as.request({ method: 'POST', url: '/api/hrm/expenses', payload: body });
  const put = (as: Agent, id: string, body: Record<string, unknown>) =>
    as.request({ method: 'PUT', url: `/api/hrm/expenses/${id}`, payload: body });
  const patch = (as: Agent, id: string, what: string, body?: Record<string, unknown>) =>
    as.request({
      method: 'PATCH',
      url: `/api/hrm/expenses/${id}/${what}`,
      ...(body ? { payload: body } : {}),
    });
  const get = (as: Agent, id: string) => as.request({ method: 'GET', url: `/api/hrm/expenses/${id}` });
  const upload = (as: Agent, data: Buffer, filename: string, contentType: string) =>
    as.request({
      method: 'POST',
      url: '/api/hrm/expenses/receipts',
      ...multipartBody({}, { field: 'file', filename, contentType, data }),
    });
  const food = (over: Record<string, unknown> = {}) => ({
    date: '2026-11-20',
    category: 'Food',
    description: 'Lunch at Cuttack',
    amount: 240.5,
    ...over,
  });
  const visit = async (by: string, over: Partial<typeof followUps.$inferInsert> = {}) => {
    const id = newId();
    await ctx.database.db.insert(followUps).values({
      id,
      followUpId: Math.floor(Math.random() * 1e6) + 10_000,
      customerId: school,
      type: 'Visit',
      reason: 'Other',
      otherReason: 'Demo',
      date: '2026-11-23',
      time: '11:00',
      status: 'Completed',
      visitors: [by],
      ...over,
    });
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    // Friday 27 November 2026, noon in India.
    ctx.clock.set(ist('2026-11-27', '12:00'));
    admin = await adminSession(ctx);
    manager = (await asUserWithSession(ctx, STAFF)) as Who;
    member = (await asUserWithSession(ctx, STAFF)) as Who;
    outsider = (await asUserWithSession(ctx, STAFF)) as Who;
    accountant = (await asUserWithSession(ctx, [
      { resource: 'expense', actions: ['read', 'view-all', 'pay'] },
    ])) as Who;
    const team = newId();
    await ctx.database.db.insert(teams).values({ id: team, name: 'Cuttack sales' });
    await ctx.database.db.insert(teamMembers).values([
      { teamId: team, userId: manager.user.id, role: 'manager' },
      { teamId: team, userId: member.user.id, role: 'member' },
    ]);
    school = newId();
    await ctx.database.db
      .insert(customers)
      .values({ id: school, type: 'Organization', name: 'DAV Public School' });
  });
  afterAll(() => ctx.close());

  it('a claim goes from draft to paid: totals exact in paise, travel priced per km, e-mail each way', async () => {
    ctx.mailer.sent.length = 0;
    const receipt = await upload(member, PNG_1X1, 'lunch bill.png', 'image/png');
    expect(receipt.statusCode, receipt.body).toBe(201);
    const receiptId = receipt.json().data._id as string;
    const res = await create(member, {
      title: 'Cuttack school visits',
      lines: [
        food({ amount: 0.1 }),
        food({ amount: 0.2 }),
        // 12.3 km at the default ₹4.50: ₹55.35; the amount sent is ignored.
        { date: '2026-11-21', category: 'Travel', distanceKm: 12.3, amount: 9999, customer: school },
        food({ date: '2026-11-22', category: 'Lodging', amount: 1499.99, receipt: receiptId }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const claim = res.json().data as Detail;
    expect(claim).toMatchObject({
      status: 'Draft',
      total: 1555.64,
      lineCount: 4,
      from: '2026-11-20',
      to: '2026-11-22',
      canEdit: true,
      canSubmit: true,
      canDecide: false,
      missingReceipts: [],
    });
    expect(claim.claimId).toMatch(/^EC\d{4}$/);
    expect(claim.lines[2]).toMatchObject({ amount: 55.35, distanceKm: 12.3, ratePerKm: 4.5 });
    expect(claim.lines[2]!.customer).toMatchObject({ _id: school, name: 'DAV Public School' });
    expect(claim.lines[3]!.receipt).toMatchObject({ _id: receiptId, originalName: 'lunch bill.png' });

    // A draft is its owner's alone: the manager does not see it yet.
    expect((await get(manager, claim._id)).statusCode).toBe(404);
    // The receipt is not anyone's to read by its file id; its claim's route serves it to those who see it.
    expect((await manager.request({ method: 'GET', url: `/api/files/${receiptId}` })).statusCode).toBe(404);
    expect((await member.request({ method: 'GET', url: `/api/files/${receiptId}` })).statusCode).toBe(200);

    const submitted = await patch(member, claim._id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ message: M.submitted, data: { status: 'Submitted' } });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(
      ctx.mailer.sent.some(
        (m) => m.to === manager.user.email && m.subject.startsWith('Expense claim to decide'),
      ),
    ).toBe(true);
    // Submitted: no more changes by the owner.
    expect((await put(member, claim._id, { title: 'Changed', lines: [food()] })).json().message).toBe(
      M.notEditable,
    );

    const seen = (await get(manager, claim._id)).json().data as Detail;
    expect(seen.canDecide).toBe(true);
    const file = await manager.request({
      method: 'GET',
      url: `/api/hrm/expenses/${claim._id}/receipts/${receiptId}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await get(outsider, claim._id)).statusCode).toBe(404);
    expect((await patch(outsider, claim._id, 'decision', { decision: 'Approved' })).statusCode).toBe(404);
    const own = await patch(member, claim._id, 'decision', { decision: 'Approved' });
    expect([own.statusCode, own.json().message]).toEqual([403, M.ownClaim]);

    // Not paid before it is approved.
    const early = await patch(accountant, claim._id, 'payment', {
      reference: 'NEFT 1',
      paidOn: '2026-11-27',
    });
    expect(early.json().message).toBe(M.notApproved);

    const approved = await patch(manager, claim._id, 'decision', { decision: 'Approved' });
    expect(approved.json()).toMatchObject({ message: M.approved, data: { status: 'Approved' } });
    const twice = await patch(manager, claim._id, 'decision', { decision: 'Rejected', reason: 'No' });
    expect(twice.json().message).toBe(M.decidedAlready);

    const future = await patch(accountant, claim._id, 'payment', {
      reference: 'NEFT 1',
      paidOn: '2026-11-28',
    });
    expect(future.json().message).toBe(M.paidOnInFuture);
    const paid = await patch(accountant, claim._id, 'payment', {
      reference: 'NEFT UTIB0001234',
      paidOn: '2026-11-27',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'Paid', paymentReference: 'NEFT UTIB0001234' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(ctx.mailer.sent.some((m) => m.to === member.user.email && m.subject.includes('paid'))).toBe(true);

    // The month's totals by the lines' dates, exact: 0.1 + 0.2 + 55.35 + 1499.99.
    const totals = (await member.request({ method: 'GET', url: '/api/hrm/expenses/totals?year=2026' })).json()
      .data as ExpenseTotalsDto;
    expect(totals.months.find((m) => m.month === '2026-11')).toEqual({
      month: '2026-11',
      claimed: 1555.64,
      approved: 1555.64,
      paid: 1555.64,
    });
    expect(formatRupees(155564)).toBe('₹1,555.64');

    // The history has every step.
    const history = (
      await member.request({ method: 'GET', url: `/api/hrm/expenses/${claim._id}/history` })
    ).json().data.history as { action: string }[];
    expect(history.length).toBeGreaterThanOrEqual(4);
  });

  it('a receipt is needed above the limit, is a photo or PDF by content, and at most 5 MB', async () => {
    const res = await create(member, {
      title: 'Hotel at Puri',
      lines: [food({ category: 'Lodging', amount: 2400 })],
    });
    const claim = res.json().data as Detail;
    expect(claim.missingReceipts).toEqual([1]);
    const refused = await patch(member, claim._id, 'submit');
    expect([refused.statusCode, refused.json().message]).toEqual([400, M.receiptMissing(1, 30000)]);

    const fake = await upload(member, Buffer.from('<html>bill</html>'), 'bill.pdf', 'application/pdf');
    expect([fake.statusCode, fake.json().message]).toEqual([400, M.receiptWrongType]);
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(member, big, 'bill.pdf', 'application/pdf');
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([400, M.receiptTooLarge]);

    const pdf = (await upload(member, pdfBytes('Hotel bill'), 'hotel.pdf', 'application/pdf')).json().data
      ._id;
    // Someone else's receipt cannot be attached.
    const theirs = await put(outsider, claim._id, { title: 'Not mine', lines: [food()] });
    expect(theirs.statusCode).toBe(404);
    const stolen = await create(outsider, { title: 'Hotel', lines: [food({ receipt: pdf })] });
    expect([stolen.statusCode, stolen.json().message]).toEqual([400, `Expense 1: ${M.receiptNotYours}`]);

    const fixed = await put(member, claim._id, {
      title: 'Hotel at Puri',
      lines: [food({ category: 'Lodging', amount: 2400, receipt: pdf })],
    });
    expect(fixed.json().data.missingReceipts).toEqual([]);
    expect((await patch(member, claim._id, 'submit')).json().data.status).toBe('Submitted');
  });

  it('a rejected claim needs a reason, and its owner changes it back into a draft', async () => {
    const claim = (
      await create(member, {
        title: 'Phone bill',
        lines: [food({ category: 'Phone and internet', amount: 199 })],
      })
    ).json().data as Detail;
    await patch(member, claim._id, 'submit');
    const noReason = await patch(manager, claim._id, 'decision', { decision: 'Rejected' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, M.rejectReasonRequired]);
    const rejected = await patch(manager, claim._id, 'decision', {
      decision: 'Rejected',
      reason: 'Personal plan',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'Rejected',
      decisionReason: 'Personal plan',
      canEdit: false,
    });
    expect((await get(member, claim._id)).json().data).toMatchObject({ canEdit: true, canSubmit: false });
    const changed = await put(member, claim._id, {
      title: 'Phone bill, office SIM',
      lines: [food({ category: 'Phone and internet', amount: 149 })],
    });
    expect(changed.json().data).toMatchObject({ status: 'Draft', total: 149, decisionReason: null });
    // Only a draft is deleted, and only by its owner.
    expect(
      (await member.request({ method: 'DELETE', url: `/api/hrm/expenses/${claim._id}` })).statusCode,
    ).toBe(200);
    expect((await get(member, claim._id)).statusCode).toBe(404);
  });

  it('a visit’s travel is claimed with one call, once, into the newest draft', async () => {
    const by = (await asUserWithSession(ctx, STAFF)) as Who;
    const v1 = await visit(by.user.id);
    const raced = await visit(by.user.id, { date: '2026-11-25' });
    const v2 = await visit(by.user.id, { date: '2026-11-24' });
    const scheduled = await visit(by.user.id, { status: 'Scheduled' });
    const notMine = await visit(member.user.id);

    const first = await by.request({
      method: 'POST',
      url: '/api/hrm/expenses/visit-travel',
      payload: { followUp: v1, distanceKm: 18 },
    });
    expect(first.statusCode, first.body).toBe(201);
    const claim = first.json().data as Detail;
    expect(claim).toMatchObject({ status: 'Draft', title: 'Travel, November 2026', total: 81, lineCount: 1 });
    expect(claim.lines[0]).toMatchObject({
      date: '2026-11-23',
      category: 'Travel',
      distanceKm: 18,
      customer: { _id: school },
      followUp: { _id: v1 },
    });
    const again = await by.request({
      method: 'POST',
      url: '/api/hrm/expenses/visit-travel',
      payload: { followUp: v1, distanceKm: 18 },
    });
    expect([again.statusCode, again.json().message]).toEqual([400, M.visitClaimedAlready(claim.claimId)]);
    const second = await by.request({
      method: 'POST',
      url: '/api/hrm/expenses/visit-travel',
      payload: { followUp: v2, amount: 60, description: 'Bus to Jajpur' },
    });
    expect(second.json().data).toMatchObject({ _id: claim._id, lineCount: 2, total: 141 });
    for (const followUp of [scheduled, notMine])
      expect(
        (
          await by.request({
            method: 'POST',
            url: '/api/hrm/expenses/visit-travel',
            payload: { followUp, distanceKm: 5 },
          })
        ).statusCode,
      ).toBe(404);
    // Two taps at the same moment: one line (the person's row is locked; the unique index backs it).
    const taps = await Promise.all(
      [1, 2].map(() =>
        by.request({
          method: 'POST',
          url: '/api/hrm/expenses/visit-travel',
          payload: { followUp: raced, distanceKm: 7 },
        }),
      ),
    );
    expect(taps.map((t) => t.statusCode).sort()).toEqual([201, 400]);
    expect((await get(by, claim._id)).json().data.lineCount).toBe(3);
    // A visit cannot be put in a second claim by hand either.
    const twice = await create(by, {
      title: 'Again',
      lines: [{ date: '2026-11-23', category: 'Travel', distanceKm: 3, followUp: v1 }],
    });
    expect(twice.json().message).toBe(`Expense 1: ${M.visitClaimedAlready(claim.claimId)}`);
  });

  it('bad input is a 400 with its message, and nothing is written', async () => {
    const before = (await member.request({ method: 'GET', url: '/api/hrm/expenses?limit=1' })).json().data
      .claimsCount;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab', lines: [food()] }, M.titleTooShort],
      [{ title: 'Valid purpose', lines: [] }, M.linesRequired],
      [{ title: 'Valid purpose', lines: [food({ amount: 0 })] }, M.amountInvalid],
      [{ title: 'Valid purpose', lines: [food({ amount: 10.555 })] }, M.amountInvalid],
      [{ title: 'Valid purpose', lines: [food({ amount: null })] }, M.amountRequired],
      [{ title: 'Valid purpose', lines: [food({ distanceKm: 4 })] }, M.distanceOnlyTravel],
      [
        { title: 'Valid purpose', lines: [food({ category: 'Travel', amount: null, distanceKm: 2.25 })] },
        M.distanceInvalid,
      ],
      [{ title: 'Valid purpose', lines: [food({ date: '2026-11-28' })] }, `Expense 1: ${M.dateInFuture}`],
      [{ title: 'Valid purpose', lines: [food({ date: '2026-08-01' })] }, `Expense 1: ${M.dateTooOld}`],
      [{ title: 'Valid purpose', lines: [food({ category: 'Gifts' })] }, M.categoryRequired],
      [{ title: 'Valid purpose', lines: [food({ customer: newId() })] }, `Expense 1: ${M.customerNotFound}`],
    ];
    for (const [body, message] of cases) {
      const res = await create(member, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    const after = (await member.request({ method: 'GET', url: '/api/hrm/expenses?limit=1' })).json().data
      .claimsCount;
    expect(after).toBe(before);
  });

  it('the register is for managers and view-all; the dashboard counts what waits', async () => {
    const outsiderRegister = await outsider.request({
      method: 'GET',
      url: '/api/hrm/expenses/register?month=2026-11',
    });
    expect([outsiderRegister.statusCode, outsiderRegister.json().message]).toEqual([
      403,
      M.registerForbidden,
    ]);
    const res = await accountant.request({ method: 'GET', url: '/api/hrm/expenses/register?month=2026-11' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows.find((r) => r.includes('Claim'))!;
    expect(header).toContain('Amount');
    // The paid claim's travel line is there with its km and rate; drafts are not.
    expect(rows.some((r) => r.includes(12.3) && r.includes(55.35) && r.includes('Paid'))).toBe(true);
    expect(rows.some((r) => r.includes('Draft'))).toBe(false);

    const pending = (
      await create(member, { title: 'Snacks for a demo', lines: [food({ amount: 120 })] })
    ).json().data as Detail;
    await patch(member, pending._id, 'submit');
    const dash = (await manager.request({ method: 'GET', url: '/api/hrm/dashboard' })).json().data.expenses;
    // The hotel bill and the snacks wait for the manager.
    expect(dash).toMatchObject({ visible: true, pendingApprovals: 2, toPay: 0 });
    const mine = (await member.request({ method: 'GET', url: '/api/hrm/dashboard' })).json().data.expenses;
    expect(mine.myOpen).toBeGreaterThanOrEqual(2);
    expect((await admin.request({ method: 'GET', url: '/api/hrm/expenses/rules' })).json().data).toEqual({
      ratePerKm: 4.5,
      receiptAbove: 300,
    });
    const rules = await admin.request({
      method: 'PUT',
      url: '/api/hrm/expenses/rules',
      payload: { ratePerKm: 6, receiptAbove: 500 },
    });
    expect(rules.json().data).toEqual({ ratePerKm: 6, receiptAbove: 500 });
    const noRight = await member.request({
      method: 'PUT',
      url: '/api/hrm/expenses/rules',
      payload: { ratePerKm: 60, receiptAbove: 0 },
    });
    expect(noRight.statusCode).toBe(403);
  });
});
