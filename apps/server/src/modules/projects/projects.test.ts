import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  daysFromToday,
  PROJECT_MESSAGES as M,
  newId,
  PROJECT_FILE_MAX_BYTES,
  type ProjectDto,
  type QuotationDto,
} from '@karya/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { files, projectStatusChanges, projects, quotations, quotationVersions } from '../../db/schema.ts';
import type { FileStorage } from '../../platform/files.ts';
import { PNG_1X1 } from '../users/users-test-kit.ts';
import { approvalForm, PROJECTS, pdfBytes, pdfPart, projectKit } from './projects-test-kit.ts';

/** Approval into a project (spec 3 §4; decision 0016): files, all or nothing, one approval per quotation. */
describe('projects: approval', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof projectKit>;

  const n = async (table: typeof projects | typeof projectStatusChanges | typeof files) =>
    Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);
  /** What an approval writes: rows of its three tables and the bytes in the storage folder. */
  const written = async () => {
    const dir = path.join(ctx.app.deps.config.DATA_DIR, 'files');
    let stored: string[] = [];
    try {
      stored = readdirSync(dir).sort();
    } catch {
      stored = [];
    }
    return {
      projects: await n(projects),
      statusChanges: await n(projectStatusChanges),
      files: await n(files),
      stored,
    };
  };
  const getQuotation = async (id: string) => {
    const res = await admin.request({ method: 'GET', url: `/api/crm/quotations/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as QuotationDto;
  };
  const getProject = async (id: string) => {
    const res = await admin.request({ method: 'GET', url: `${PROJECTS}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ProjectDto;
  };
  const post = (form: ReturnType<typeof approvalForm>) =>
    admin.request({ method: 'POST', url: PROJECTS, ...form });
  /** A refused approval: the status and message, and nothing written anywhere. */
  const refused = async (form: ReturnType<typeof approvalForm>, status: number, message: string) => {
    const before = await written();
    const res = await post(form);
    expect([res.statusCode, res.json().message], res.body).toEqual([status, message]);
    expect(await written()).toEqual(before);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = projectKit(ctx, admin);
    await kit.setUp();
  });
  afterAll(() => ctx.close());

  it('approves: the project from the active version, Approved on the quotation and its versions, both files served', async () => {
    const q = await kit.newQuotation();
    const before = await written();
    const res = await kit.approve(q._id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Quotation approved');
    const created = res.json().data;
    expect(created).toEqual({ _id: expect.any(String), projectId: expect.any(Number), quotation: q._id });
    const after = await written();
    expect(after.projects - before.projects).toBe(1);
    expect(after.statusChanges - before.statusChanges).toBe(1);
    expect(after.files - before.files).toBe(2);
    expect(after.stored.length - before.stored.length).toBe(2);

    const p = await getProject(created._id);
    const v = q.activeVersion;
    expect(p).toMatchObject({
      _id: created._id,
      projectId: created.projectId,
      title: v.title,
      status: 'Initiated',
      totalPrice: v.totalPrice,
      customer: { _id: q.customer!._id, name: q.customer!.name, isDeleted: false },
      requirement: { _id: q.requirement!._id, isDeleted: false },
      quotation: { _id: q._id, quotationId: q.quotationId, versionNumber: 0, isDeleted: false },
      createdBy: { _id: admin.user.id },
      isDeleted: false,
    });
    expect(p.items).toEqual(v.items);
    expect(p.statusHistory).toEqual([
      {
        from: null,
        to: 'Initiated',
        reason: null,
        changedBy: expect.objectContaining({ _id: admin.user.id }),
        changedAt: expect.any(String),
      },
    ]);
    expect(p.files.agreementFile).toEqual({
      url: `${PROJECTS}/${p._id}/files/agreement`,
      name: 'Agreement signed.pdf',
      size: pdfBytes('agreementFile').length,
    });
    expect(p.files.purchaseOrderFile).toMatchObject({
      url: `${PROJECTS}/${p._id}/files/purchase-order`,
      name: 'PO-2026-11.pdf',
    });
    for (const [file, field] of [
      [p.files.agreementFile!, 'agreementFile'],
      [p.files.purchaseOrderFile!, 'purchaseOrderFile'],
    ] as const) {
      const got = await admin.request({ method: 'GET', url: file.url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(String(got.headers['content-disposition'])).toMatch(/^inline; filename="/);
      expect(got.rawPayload.equals(pdfBytes(field))).toBe(true);
    }
    // Not by the file's own address: the files are private, read only through their project's route.
    const fileRows = await ctx.database.db.select().from(files).where(eq(files.ownerId, p._id));
    expect(fileRows.map((f) => f.private)).toEqual([true, true]);
    for (const f of fileRows)
      expect((await admin.request({ method: 'GET', url: `/api/files/${f.id}` })).statusCode).toBe(404);

    const approved = await getQuotation(q._id);
    expect(approved.activeVersion.status).toBe('Approved');
    expect(approved.versions.every((x) => x.status === 'Approved')).toBe(true);
    expect(approved.project).toEqual({ _id: p._id, projectId: p.projectId, isDeleted: false });
    const [row] = await ctx.database.db.select().from(quotations).where(eq(quotations.id, q._id));
    expect([row!.status, row!.projectId]).toEqual(['Approved', p._id]);

    const history = await admin.request({ method: 'GET', url: `/api/crm/quotations/${q._id}/history` });
    expect(history.json().data.history[0]).toMatchObject({
      action: 'update',
      changes: [expect.objectContaining({ field: 'status', from: 'Draft', to: 'Approved' })],
    });
    const projectHistory = await admin.request({ method: 'GET', url: `${PROJECTS}/${p._id}/history` });
    expect(projectHistory.json().data.history[0]).toMatchObject({ action: 'create' });
  });

  it('a re-quotation is approved once its changes are: every version Approved, the items those of the active one', async () => {
    const q = await kit.newQuotation();
    const reQuote = await admin.request({
      method: 'PATCH',
      url: `/api/crm/quotations/${q._id}/re-quotation`,
      payload: {
        title: q.activeVersion.title,
        validUntil: daysFromToday(10),
        items: [{ item: kit.item()._id, quantity: 5, marginTier: 't2', gst: 18, unitPrice: 1 }],
      },
    });
    expect(reQuote.statusCode, reQuote.body).toBe(200);
    await refused(approvalForm(q._id), 400, M.awaitingReview);
    const review = await admin.request({
      method: 'PATCH',
      url: `/api/crm/quotations/${q._id}/review`,
      payload: { status: 'Approved' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const res = await kit.approve(q._id);
    expect(res.statusCode, res.body).toBe(201);
    const approved = await getQuotation(q._id);
    expect(approved.versions.map((x) => x.status)).toEqual(['Approved', 'Approved']);
    const p = await getProject(res.json().data._id);
    expect(p.items.map((l) => l.quantity)).toEqual([5]);
    expect(p.quotation!.versionNumber).toBe(1);
    expect(p.totalPrice).toBe(approved.activeVersion.totalPrice);
  });

  it('refuses each bad file with the spec’s message and writes nothing', async () => {
    const q = await kit.newQuotation();
    await refused(approvalForm(q._id, { agreementFile: null }), 400, M.agreementRequired);
    await refused(approvalForm(q._id, { purchaseOrderFile: null }), 400, M.purchaseOrderRequired);
    await refused(
      approvalForm(q._id, { agreementFile: null, purchaseOrderFile: null }),
      400,
      M.agreementRequired,
    );
    // An empty file is no file.
    await refused(
      approvalForm(q._id, { agreementFile: pdfPart('agreementFile', 'a.pdf', Buffer.alloc(0)) }),
      400,
      M.agreementRequired,
    );
    // By content: a PNG named .pdf, text named .pdf, a PDF declared as an image is fine.
    await refused(
      approvalForm(q._id, { agreementFile: pdfPart('agreementFile', 'agreement.pdf', PNG_1X1) }),
      400,
      M.fileNotPdf('Agreement file'),
    );
    await refused(
      approvalForm(q._id, {
        purchaseOrderFile: pdfPart('purchaseOrderFile', 'po.pdf', Buffer.from('Purchase order 12')),
      }),
      400,
      M.fileNotPdf('Purchase order file'),
    );
    await refused(
      approvalForm(q._id, {
        purchaseOrderFile: pdfPart(
          'purchaseOrderFile',
          'po.pdf',
          Buffer.from('%PDF-1.4\n<script>alert(1)</script>'),
        ),
      }),
      400,
      M.fileNotPdf('Purchase order file'),
    );
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(PROJECT_FILE_MAX_BYTES)]);
    await refused(
      approvalForm(q._id, { purchaseOrderFile: pdfPart('purchaseOrderFile', 'po.pdf', big) }),
      400,
      M.fileTooLarge('Purchase order file'),
    );
    await refused(
      approvalForm(q._id, { extra: [pdfPart('agreementFile', 'again.pdf')] }),
      400,
      M.fileTooMany('Agreement file'),
    );
    await refused(
      approvalForm(q._id, { extra: [pdfPart('specification', 'x.pdf')] }),
      400,
      'Unexpected file field specification',
    );
    await refused(
      approvalForm(q._id, { agreementFile: pdfPart('agreementFile', '../../etc/agreement.pdf') }),
      400,
      'Invalid file name.',
    );
    // The quotation field.
    await refused(approvalForm(''), 400, M.quotationRequired);
    await refused(approvalForm('not-an-id'), 400, 'Invalid id');
    await refused(approvalForm(newId()), 400, M.quotationNotFound);
    // A file of exactly 5 MB is accepted (the limit is inclusive).
    const exact = Buffer.concat([pdfBytes(), Buffer.alloc(PROJECT_FILE_MAX_BYTES - pdfBytes().length)]);
    const ok = await post(
      approvalForm(q._id, { agreementFile: pdfPart('agreementFile', 'full.pdf', exact) }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    // The file of exactly 5 MB went through: the quotation is Approved.
    expect((await getQuotation(q._id)).activeVersion.status).toBe('Approved');
  });

  it('a quotation that is not decidable is refused: Rejected, deleted, out of scope, or already approved (409)', async () => {
    const rejected = await kit.newQuotation();
    await ctx.database.db
      .update(quotationVersions)
      .set({ status: 'Rejected' })
      .where(eq(quotationVersions.quotationId, rejected._id));
    await ctx.database.db
      .update(quotations)
      .set({ status: 'Rejected' })
      .where(eq(quotations.id, rejected._id));
    await refused(approvalForm(rejected._id), 400, M.notDecidable);

    const deleted = await kit.newQuotation();
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/crm/quotations/${deleted._id}` })).statusCode,
    ).toBe(200);
    await refused(approvalForm(deleted._id), 400, M.notDecidable);

    // Row scope: a quotation of a customer the caller does not see is not found; one of theirs is approved.
    const exec = await asUserWithSession(ctx, [
      { resource: 'project', actions: ['create', 'read'] },
      { resource: 'quotation', actions: ['read'] },
      { resource: 'customer', actions: ['read'] },
    ]);
    const unseen = await kit.newQuotation();
    const before = await written();
    const notSeen = await exec.request({ method: 'POST', url: PROJECTS, ...approvalForm(unseen._id) });
    expect([notSeen.statusCode, notSeen.json().message]).toEqual([400, M.quotationNotFound]);
    expect(await written()).toEqual(before);
    const theirs = await kit.newCustomer('Govt. High School, Jatni', { assignedTo: [exec.user.id] });
    const seen = await kit.newQuotation(theirs);
    expect((await kit.approve(seen._id, exec)).statusCode).toBe(201);

    const once = await kit.newProject();
    const approved = await getQuotation(once.quotation._id);
    await refused(approvalForm(once.quotation._id), 409, M.alreadyApproved);
    expect(await getQuotation(once.quotation._id)).toEqual(approved);
  });

  it('two approvals of one quotation sent at the same moment: one project, the other 409, no stray bytes', async () => {
    const q = await kit.newQuotation();
    const before = await written();
    const [a, b] = await Promise.all([kit.approve(q._id), kit.approve(q._id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(M.alreadyApproved);
    const after = await written();
    expect(after.projects - before.projects).toBe(1);
    expect(after.statusChanges - before.statusChanges).toBe(1);
    expect(after.files - before.files).toBe(2);
    expect(after.stored.length - before.stored.length).toBe(2);
    const rows = await ctx.database.db.select().from(projects).where(eq(projects.quotationId, q._id));
    expect(rows).toHaveLength(1);
  });

  it('all or nothing: a file store failing on the second file, or the database refusing, leaves nothing behind', async () => {
    const storage = ctx.app.deps.storage;
    let puts = 0;
    const failing: FileStorage = {
      ...storage,
      put: async (key, data) => {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        await storage.put(key, data);
      },
    };
    const q = await kit.newQuotation();
    const before = await written();
    ctx.app.deps.storage = failing;
    try {
      const res = await kit.approve(q._id);
      expect(res.statusCode).toBe(500);
    } finally {
      ctx.app.deps.storage = storage;
    }
    expect(puts).toBe(2);
    expect(await written()).toEqual(before);
    expect((await getQuotation(q._id)).activeVersion.status).toBe('Draft');

    // The database refuses the last write of the transaction: the bytes already stored are removed.
    await ctx.database.db.execute(sql`create function refuse_status_change() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await ctx.database.db.execute(
      sql`create trigger refuse_status_change before insert on project_status_changes for each row execute function refuse_status_change()`,
    );
    try {
      const res = await kit.approve(q._id);
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_status_change on project_status_changes`);
      await ctx.database.db.execute(sql`drop function refuse_status_change()`);
    }
    expect(await written()).toEqual(before);
    const quotation = await getQuotation(q._id);
    expect([quotation.activeVersion.status, quotation.project]).toEqual(['Draft', null]);
    // And once the store and the database answer again, the same quotation is approved.
    expect((await kit.approve(q._id)).statusCode).toBe(201);
  });
});
