// The accounts' request rules (issue 27 §3; decision 0019): the export ranges and the Tally ledger names.
import { z } from 'zod';
import { ALL_GST_RATES } from '../common/gst-slabs.ts';
import { oneLineText } from '../common/text.ts';
import {
  ACCOUNTS_MESSAGES,
  ACCOUNTS_RANGE_MAX_DAYS,
  LEDGER_NAME_KEYS,
  type LedgerNameKey,
  ledgerAt,
  PER_RATE_LEDGERS,
} from './accounts.ts';

const M = ACCOUNTS_MESSAGES;

const realDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const day = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(realDay, M.dayInvalid);

/** Whether an export's answer is the progress stream (EXPORT_FRAME) or the bare file. */
const progress = z
  .enum(['true', 'false'], { error: 'progress must be true or false' })
  .optional()
  .describe('true: the answer is the progress stream of frames, else the bare file');

/** A date range, both ends included: `from` and `to` as YYYY-MM-DD, at most a year; the export's query. */
export const accountsRangeSchema = z
  .object({ from: day(M.fromRequired), to: day(M.toRequired), progress })
  .refine((r) => r.from <= r.to, { message: M.order, path: ['to'] })
  .refine((r) => daysBetween(r.from, r.to) < ACCOUNTS_RANGE_MAX_DAYS, { message: M.span, path: ['to'] });

/** A GSTR-1 period: `month` as YYYY-MM; the export's query. */
export const gstr1PeriodSchema = z.object({
  month: z
    .string({ error: M.monthInvalid })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.monthInvalid),
  progress,
});

const ledgerName = (key: LedgerNameKey) =>
  oneLineText({ error: M.ledgerRequired })
    .min(1, M.ledgerRequired)
    .max(100, M.ledgerMax)
    .refine((v) => !PER_RATE_LEDGERS.includes(key) || v.split('{rate}').length <= 2, M.ledgerRate)
    .refine((v) => PER_RATE_LEDGERS.includes(key) || !v.includes('{rate}'), M.ledgerRate);

/**
 * The ledger names, all ten. Apart: a sales ledger named as a purchase or tax ledger would post both to one
 * account (compared at every rate, ignoring case); the message is on the later of the two.
 */
export const ledgerNamesSchema = z
  .strictObject(
    Object.fromEntries(LEDGER_NAME_KEYS.map((k) => [k, ledgerName(k)])) as Record<
      LedgerNameKey,
      ReturnType<typeof ledgerName>
    >,
  )
  .superRefine((names, ctx) => {
    const owner = new Map<string, LedgerNameKey>();
    for (const key of LEDGER_NAME_KEYS)
      for (const rate of ALL_GST_RATES) {
        const name = ledgerAt(names[key], rate).toLowerCase();
        const other = owner.get(name);
        if (other && other !== key) {
          // On the later of the two fields, so the form shows it where the clash is.
          ctx.addIssue({ code: 'custom', message: M.ledgerDistinct, path: [key] });
          return;
        }
        owner.set(name, key);
      }
  });
