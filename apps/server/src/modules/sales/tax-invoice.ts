// A sale's tax invoice (issue 27 §2): the sale as the sales module answers it, its customer's address and
// GSTIN as they are, the company settings, drawn by the one PDF engine (quotation-document/document-pdf.ts).
import {
  SALE_RESOURCE,
  TAX_INVOICE_SEND_MESSAGES,
  type TaxInvoiceItemInfo,
  taxInvoiceDocument,
  taxInvoiceFileName,
} from '@karya/domain';
import { eq, inArray } from 'drizzle-orm';
import { customers, files, productItems } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { getCompanySettings } from '../company/company.service.ts';
import { mailDocumentToCustomer } from '../customers/customer-emails.ts';
import { renderDocumentPdf } from '../quotation-document/document-pdf.ts';
import { getSale } from './sales.service.ts';

const logoOf = async (deps: AppDeps, fileId: string | undefined) => {
  if (!fileId) return null;
  const [file] = await deps.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return file ? deps.storage.get(file.storageKey) : null;
};

/** The sale's tax invoice as a PDF and its file name. */
export const taxInvoicePdf = async (deps: AppDeps, saleId: string) => {
  const sale = await getSale(deps, saleId);
  const [customer] = sale.customer
    ? await deps.db
        .select({
          name: customers.name,
          customerId: customers.customerId,
          street: customers.street,
          city: customers.city,
          district: customers.district,
          state: customers.state,
          country: customers.country,
          zipCode: customers.zipCode,
          gstin: customers.gstin,
          phone: customers.phone,
          email: customers.email,
        })
        .from(customers)
        .where(eq(customers.id, sale.customer._id))
        .limit(1)
    : [];
  const itemIds = sale.items.flatMap((l) => (l.item ? [l.item._id] : []));
  const kinds = itemIds.length
    ? await deps.db
        .select({ id: productItems.id, gstZeroKind: productItems.gstZeroKind, uqc: productItems.uqc })
        .from(productItems)
        .where(inArray(productItems.id, itemIds))
    : [];
  const company = await getCompanySettings(deps);
  const doc = taxInvoiceDocument(
    sale,
    company,
    {
      name: customer?.name ?? sale.customer?.name ?? '',
      customerId: customer?.customerId ?? null,
      address: customer
        ? {
            street: customer.street,
            city: customer.city,
            district: customer.district,
            state: customer.state,
            country: customer.country,
            zipCode: customer.zipCode,
          }
        : null,
      gstin: customer?.gstin ?? null,
      phone: customer?.phone ?? null,
      email: customer?.email ?? null,
    },
    new Map<string, TaxInvoiceItemInfo>(kinds.map((k) => [k.id, { gstZeroKind: k.gstZeroKind, uqc: k.uqc }])),
  );
  const pdf = await renderDocumentPdf({ doc, logo: await logoOf(deps, company.logo?.fileId) });
  return { pdf, fileName: taxInvoiceFileName(sale.invoiceNo), sale, company };
};

/**
 * Send (issue 27 §2): the tax invoice's PDF e-mailed to the customer's own address or one of its contacts'
 * over SMTP, recorded in the sale's history.
 */
export const sendTaxInvoice = async (
  deps: AppDeps,
  principal: Principal,
  saleId: string,
  input: { email: string },
) => {
  const { pdf, fileName, sale } = await taxInvoicePdf(deps, saleId);
  if (!sale.customer) throw badRequest(TAX_INVOICE_SEND_MESSAGES.noCustomer);
  const email = await mailDocumentToCustomer(deps, principal, {
    customer: sale.customer,
    email: input.email,
    subject: `Tax invoice ${sale.invoiceNo}`,
    what: `our tax invoice ${sale.invoiceNo}`,
    file: { name: fileName, pdf },
    history: { entity: SALE_RESOURCE, recordId: sale._id, title: sale.invoiceNo, number: sale.invoiceNo },
    kind: 'invoice',
    link: `/admin/products/sales/${sale._id}`,
  });
  return { email, fileName };
};
