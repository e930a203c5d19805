import {
  formatQuotationId,
  mayBeSent,
  QUOTATION_MESSAGES,
  QUOTATION_RESOURCE,
  QUOTATION_SEND_MESSAGES,
  type QuotationDto,
  quotationDocument,
  quotationFileName,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { getCompanySettings } from '../company/company.service.ts';
import { mailDocumentToCustomer } from '../customers/customer-emails.ts';
import { renderQuotationPdf } from './quotation-pdf.ts';

const logoOf = async (deps: AppDeps, fileId: string | undefined) => {
  if (!fileId) return null;
  const [file] = await deps.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return file ? deps.storage.get(file.storageKey) : null;
};

/** A version of a quotation (the active one unless `versionId`) as a PDF and its file name. */
export const quotationPdf = async (deps: AppDeps, quotation: QuotationDto, versionId?: string) => {
  const version = versionId ? quotation.versions.find((v) => v._id === versionId) : quotation.activeVersion;
  if (!version) throw notFound(QUOTATION_MESSAGES.versionNotFound);
  const company = await getCompanySettings(deps);
  const logo = await logoOf(deps, company.logo?.fileId);
  const pdf = await renderQuotationPdf({ doc: quotationDocument(quotation, company, version), logo });
  return { pdf, version, fileName: quotationFileName(quotation.quotationId, version.versionNumber) };
};

/**
 * Send (issue 25): the version's PDF e-mailed to one of the customer's contacts over SMTP, recorded in the
 * quotation's history. Refused while the version may not leave the company (its review has not passed).
 */
export const sendQuotation = async (
  deps: AppDeps,
  principal: Principal,
  quotation: QuotationDto,
  input: { email: string; version?: string },
) => {
  const version = input.version
    ? quotation.versions.find((v) => v._id === input.version)
    : quotation.activeVersion;
  if (!version) throw notFound(QUOTATION_MESSAGES.versionNotFound);
  if (!mayBeSent(version)) throw badRequest(QUOTATION_MESSAGES.awaitingReview);
  if (!quotation.customer) throw badRequest(QUOTATION_SEND_MESSAGES.noCustomer);
  const { pdf, fileName } = await quotationPdf(deps, quotation, version._id);
  const number = formatQuotationId(quotation.quotationId, version.versionNumber);
  const email = await mailDocumentToCustomer(deps, principal, {
    customer: quotation.customer,
    email: input.email,
    subject: `Quotation ${number}: ${version.title}`,
    what: `our quotation ${number} (${version.title})`,
    file: { name: fileName, pdf },
    history: { entity: QUOTATION_RESOURCE, recordId: quotation._id, title: version.title, number },
    kind: 'quotation',
    link: `/crm/quotations/${quotation._id}`,
  });
  return { email, version: version._id, fileName };
};
