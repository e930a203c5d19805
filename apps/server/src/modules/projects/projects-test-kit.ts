// Tests only: quotations ready to approve, real small PDFs and the approval's multipart form, shared by the
// projects' suites and the central ones (mass assignment, authorization matrix).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  type CustomerDto,
  daysFromToday,
  type ItemDto,
  type ProjectCreated,
  type QuotationDto,
} from '@karya/domain';
import { expect } from 'vitest';
import type { Agent, TestContext } from '../../../test/helpers.ts';
import { quotationKit } from '../quotations/quotations-test-kit.ts';
import { type FilePart, multipartBody } from '../users/users-test-kit.ts';

export const PROJECTS = '/api/crm/projects';

/** A PDF as small as a reader accepts: header, one empty catalogue, trailer. */
export const pdfBytes = (text = 'Agreement') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

export const pdfPart = (field: string, filename = `${field}.pdf`, data = pdfBytes(field)): FilePart => ({
  field,
  filename,
  contentType: 'application/pdf',
  data,
});

/** POST /crm/projects's form: the quotation and, unless replaced or left out (null), both PDFs. */
export const approvalForm = (
  quotation: string,
  files: { agreementFile?: FilePart | null; purchaseOrderFile?: FilePart | null; extra?: FilePart[] } = {},
  fields: Record<string, unknown> = {},
) =>
  multipartBody(
    { quotation, ...fields },
    [
      files.agreementFile === undefined
        ? pdfPart('agreementFile', 'Agreement signed.pdf')
        : files.agreementFile,
      files.purchaseOrderFile === undefined
        ? pdfPart('purchaseOrderFile', 'PO-2026-11.pdf')
        : files.purchaseOrderFile,
      ...(files.extra ?? []),
    ].filter((f): f is FilePart => f !== null),
  );

/** The keys in the storage folder (DATA_DIR/files), sorted: what an approval left there. */
export const storedKeys = (ctx: TestContext) => {
  try {
    return readdirSync(path.join(ctx.app.deps.config.DATA_DIR, 'files')).sort();
  } catch {
    return [];
  }
};

/** Call `setUp` first (in beforeAll): a margin and one verified, priced item. */
export const projectKit = (ctx: TestContext, admin: Agent) => {
  const make = quotationKit(ctx, admin);
  let item: ItemDto;
  const setUp = async () => {
    await make.createMargin();
    item = await make.newItem('Interactive flat panel 65 inch', { hsnCode: '8528' }, 50000);
  };
  let n = 0;
  /** A customer (the admin's unless `extra` assigns it) with a fresh requirement and a Draft quotation. */
  const newQuotation = async (customer?: CustomerDto, who: Agent = admin) => {
    n += 1;
    const c = customer ?? (await make.newCustomer(`Saraswati Shishu Mandir ${n}, Cuttack`));
    const requirement = await make.newRequirement(c._id, [item._id], who);
    return make.createQuotation(
      {
        title: `Quotation for smart classrooms ${n}`,
        customer: c._id,
        requirement: requirement._id,
        validUntil: daysFromToday(7),
        items: [{ item: item._id, quantity: 2, marginTier: 't2', gst: 18, unitPrice: 1 }],
      },
      who,
    ) as Promise<QuotationDto>;
  };
  /** POST /crm/projects; with `key`, as the web sends it: with an Idempotency-Key. */
  const approve = (
    quotation: string,
    who: Agent = admin,
    files?: Parameters<typeof approvalForm>[1],
    key?: string,
  ) => {
    const form = approvalForm(quotation, files);
    return who.request({
      method: 'POST',
      url: PROJECTS,
      payload: form.payload,
      headers: { ...form.headers, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };
  /** A quotation approved into a project; answers what POST /crm/projects did. */
  const newProject = async (customer?: CustomerDto, who: Agent = admin) => {
    const q = await newQuotation(customer, who);
    const res = await approve(q._id, who);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as ProjectCreated;
    return { _id: created._id, projectId: created.projectId, quotation: q };
  };
  return { ...make, setUp, newQuotation, approve, newProject, item: () => item };
};
