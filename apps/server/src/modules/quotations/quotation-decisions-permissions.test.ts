import { ERROR_CODES, type QuotationDto } from '@karya/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { projects } from '../../db/schema.ts';
import { approvalForm, PROJECTS, projectKit } from '../projects/projects-test-kit.ts';
import { rejectionKit } from '../rejection-analyses/rejection-analyses-test-kit.ts';

// Issue 26 (decision 0014, "Projects and rejections"): Approve and Reject held without what they also need
// answer 403 MISSING_DEPENDENCY naming it, and write nothing; with it they go through.
describe('quotation decisions: permission dependencies', () => {
  let ctx: TestContext;
  let admin: Agent;
  let approvals: ReturnType<typeof projectKit>;
  let rejections: ReturnType<typeof rejectionKit>;
  const projectCount = async () =>
    Number((await ctx.database.db.select({ n: count() }).from(projects))[0]!.n);

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    approvals = projectKit(ctx, admin);
    rejections = rejectionKit(ctx, admin);
    await approvals.setUp();
    await rejections.setUp();
  });
  afterAll(() => ctx.close());

  const everywhere = [
    { resource: 'quotation', actions: ['view-all'] },
    { resource: 'customer', actions: ['view-all'] },
  ];

  it('Approve without read on project or on quotation: 403 naming each, no project', async () => {
    const q = (await approvals.newQuotation()) as QuotationDto;
    const cases: [string[], string[], string][] = [
      [['create', 'read'], [], 'quotation:read'],
      [['create'], ['read'], 'project:read'],
    ];
    for (const [projectActions, quotationActions, missing] of cases) {
      const who = await asUserWithSession(ctx, [
        { resource: 'project', actions: projectActions },
        { resource: 'quotation', actions: [...quotationActions, 'view-all'] },
        everywhere[1]!,
      ]);
      const before = await projectCount();
      const res = await who.request({ method: 'POST', url: PROJECTS, ...approvalForm(q._id) });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        error: ERROR_CODES.MISSING_DEPENDENCY,
        data: { missing: [missing] },
      });
      expect(res.json().message).toMatch(/^Approving quotations also needs Read on /);
      expect(await projectCount()).toBe(before);
    }
    const able = await asUserWithSession(ctx, [
      { resource: 'project', actions: ['create', 'read'] },
      { resource: 'quotation', actions: ['read', 'view-all'] },
      everywhere[1]!,
    ]);
    expect((await approvals.approve(q._id, able)).statusCode).toBe(201);
  });

  it('Reject without read on quotation: 403 naming it, no analysis, the version still Draft', async () => {
    const q = (await rejections.newQuotation()) as QuotationDto;
    const who = await asUserWithSession(ctx, [
      { resource: 'rejection-analysis', actions: ['create', 'read'] },
      ...everywhere,
    ]);
    const before = await rejections.analyses();
    const res = await rejections.post(rejections.body(q), who);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      error: ERROR_CODES.MISSING_DEPENDENCY,
      data: { missing: ['quotation:read'] },
      message:
        'Rejecting quotations also needs Read on Quotations, to open the quotation it rejects. Ask an administrator to add it to your role.',
    });
    expect(await rejections.analyses()).toBe(before);
    expect((await rejections.quotation(q._id)).activeVersion.status).toBe('Draft');

    const able = await asUserWithSession(ctx, [
      { resource: 'rejection-analysis', actions: ['create'] },
      { resource: 'quotation', actions: ['read', 'view-all'] },
      everywhere[1]!,
    ]);
    expect((await rejections.post(rejections.body(q), able)).statusCode).toBe(201);
  });
});
