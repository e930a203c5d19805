// The next number of the sales' invoice series (issue 27 §2): the company settings' series in the financial
// year of the sale's date, one past the highest number of that year's sales (deleted ones too: a number
// once issued is never issued again). A proposal: the user may still type another number, which the
// one-active-sale-per-number rule (invoice-numbers.ts) and rule 46's 16 characters check.
import { saleInvoiceNumber, saleInvoicePrefix } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { sales } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { getCompanySettings } from '../company/company.service.ts';

const likePattern = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const nextSaleInvoiceNo = async (deps: Pick<AppDeps, 'db' | 'config'>, day: string) => {
  const { saleInvoiceSeries } = await getCompanySettings(deps);
  const prefix = saleInvoicePrefix(saleInvoiceSeries, day);
  const from = prefix.length + 1;
  // The prefix index (lower(invoice_no) text_pattern_ops) finds the year's numbers; their running parts
  // are compared as numbers.
  const [row] = await deps.db
    .select({
      last: sql<number | null>`max((substr(${sales.invoiceNo}, ${from}))::int)`,
    })
    .from(sales)
    .where(
      sql`lower(${sales.invoiceNo}) like ${likePattern(prefix)} and substr(${sales.invoiceNo}, ${from}) ~ '^[0-9]{1,9}$'`,
    );
  return {
    invoiceNo: saleInvoiceNumber(saleInvoiceSeries, day, (row?.last ?? 0) + 1),
    series: saleInvoiceSeries,
  };
};
