import { z } from 'zod';
import { LEDGER_NAME_KEYS, type LedgerNames } from '../entities/accounts.ts';
import type { CompanySettingsDto } from '../entities/quotation-document.ts';
import type { Same } from './same.ts';
import { userRefSchema } from './users.ts';

/** Answers of the process's own routes and the company-wide settings. */

/** GET /api/health: the process answers; it touches nothing outside itself. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  replica: z
    .object({
      state: z.enum(['starting', 'streaming', 'lagging', 'unreachable']),
      lagMs: z.number().nullable().describe('How far behind the primary it is now (null: not known)'),
      maxLagMs: z.number().describe('The most seen since the process started'),
      reads: z.object({ replica: z.number().int(), primary: z.number().int() }),
    })
    .optional()
    .describe('Only with a read replica (DATABASE_READ_URL)'),
});

/** GET /api/ready: each service the server needs answers (a 503 names those that do not). */
export const readySchema = z.object({
  status: z.literal('ready'),
  checks: z
    .record(z.string(), z.enum(['ok', 'ok (log only)']))
    .describe('By service (database, redis when configured, mail); mail without SMTP is "ok (log only)"'),
});

/** GET and PATCH /admin/settings/company: what a document prints of the company. */
export const companySettingsDtoSchema = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string().nullable(),
  state: z.string().describe('The state for GST, a name of GST_STATE_CODES'),
  logo: z.object({ url: z.string(), fileId: z.string() }).nullable(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  ifsc: z.string(),
  bankBranch: z.string(),
  terms: z.string(),
  declaration: z.string(),
  saleInvoiceSeries: z.string().describe("The sales' invoice number series, e.g. INV/{FY}/"),
  updatedAt: z.string().nullable(),
  updatedBy: userRefSchema.nullable(),
});

/** GET and PATCH /admin/accounts/ledgers: the ten ledger names a Tally export uses. */
export const ledgerNamesDtoSchema = z.object(
  Object.fromEntries(LEDGER_NAME_KEYS.map((k) => [k, z.string()])) as Record<
    (typeof LEDGER_NAME_KEYS)[number],
    z.ZodString
  >,
);

const checks: [
  Same<z.output<typeof companySettingsDtoSchema>, CompanySettingsDto>,
  Same<z.output<typeof ledgerNamesDtoSchema>, LedgerNames>,
] = [true, true];
void checks;
