// "What the wins and losses teach" (issue 26, beyond the spec; decision 0017): the analytics page's query,
// its answer and its words, shared by the server (validation, OpenAPI) and the page (filters, labels).
import { z } from 'zod';
import { isCalendarDay } from '../common/values.ts';
import { todayInAppZone } from '../dates.ts';
import { OBJECT_ID_RE } from '../ids.ts';
import type { LostTo } from './rejection-analysis-list.ts';

/** The page reads as the rejection analyses do: read on rejection-analysis (and read on quotation). */
export const WIN_LOSS_PATH = '/admin/wins-and-losses';
export const WIN_LOSS_API = '/crm/win-loss';
/** At most five years in one answer: 60 month bars are the most a chart can still tell apart. */
export const WIN_LOSS_MAX_MONTHS = 60;
/** The months shown when no range is given: this month and the eleven before it. */
export const WIN_LOSS_DEFAULT_MONTHS = 12;
/** Competitors and reasons beyond these many are summed into one 'Others' row. */
export const WIN_LOSS_TOP = 12;

export const WIN_LOSS_MESSAGES = {
  fetched: 'Wins and losses fetched successfully',
  fromInvalid: 'From must be a date (YYYY-MM-DD)',
  toInvalid: 'To must be a date (YYYY-MM-DD)',
  fromAfterTo: 'From must be on or before To',
  rangeTooLong: `The date range may span at most ${WIN_LOSS_MAX_MONTHS / 12} years`,
  createdByInvalid: 'Sales executive must be a user id',
  needsQuotationRead: 'The wins and losses page also needs read on quotation',
  empty: 'No quotation was won or lost in this period',
  others: 'Others',
  noDistrict: 'No district',
} as const;
const M = WIN_LOSS_MESSAGES;

/** The first day of the month `months - 1` months before `today`'s (the default From). */
export const winLossDefaultFrom = (today = todayInAppZone(), months = WIN_LOSS_DEFAULT_MONTHS) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - (months - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/** The months from `from` to `to`, both included, as 'YYYY-MM'. */
export const monthsBetween = (from: string, to: string): string[] => {
  const start = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1;
  const end = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = start; i <= end; i++)
    out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
};

/** A calendar day, or nothing (a blank value is no value). */
const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDay(v)), message)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * GET /crm/win-loss query: `from` and `to` (calendar days in India, both included; default the last 12
 * months up to today) and `createdBy`, the sales executive whose quotations are counted (the quotation's
 * creator).
 */
export const winLossQuerySchema = z
  .object({
    from: day(M.fromInvalid),
    to: day(M.toInvalid),
    createdBy: z
      .string({ error: M.createdByInvalid })
      .trim()
      // A pattern (not a refinement), so the OpenAPI document says what an id looks like; blank is none.
      .regex(new RegExp(`^(?:${OBJECT_ID_RE.source.slice(1, -1)})?$`), M.createdByInvalid)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: M.fromAfterTo });
    else if (q.from && q.to && monthsBetween(q.from, q.to).length > WIN_LOSS_MAX_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong });
  });
export type WinLossQueryInput = z.input<typeof winLossQuerySchema>;
export type WinLossQuery = z.output<typeof winLossQuerySchema>;

/** The range a query means: its own days, else the default 12 months ending today. */
export const winLossRange = (q: WinLossQuery, today = todayInAppZone()) => {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  let from = q.from ?? winLossDefaultFrom(to);
  if (monthsBetween(from, to).length > WIN_LOSS_MAX_MONTHS)
    from = winLossDefaultFrom(to, WIN_LOSS_MAX_MONTHS);
  return { from, to };
};

/** Won and lost in one month ('YYYY-MM'), counts and values in rupees (with GST). */
export type WinLossMonth = { month: string; won: number; lost: number; wonValue: number; lostValue: number };
/** Won and lost within one group (an institution type, a district) and its win rate (null: nothing decided). */
export type WinRateRow = { key: string; won: number; lost: number; winRate: number | null };
/** What was lost to one competitor or for one reason: how many quotations and their quoted value. */
export type LostRow = { key: string; count: number; value: number };

export type WinLoss = {
  from: string;
  to: string;
  createdBy: string | null;
  totals: WinLossMonth & { winRate: number | null };
  months: WinLossMonth[];
  byInstitutionType: WinRateRow[];
  byDistrict: WinRateRow[];
  lostByCompetitor: LostRow[];
  lostByReason: LostRow[];
  lostTo: (LostRow & { key: LostTo })[];
  daysToApproval: {
    /** Won quotations made from a requirement (the others have no start to count from). */
    count: number;
    median: number | null;
    average: number | null;
    buckets: { key: string; label: string; count: number }[];
  };
};

/** Days from requirement to approval, in these buckets (the upper bound included; null: no bound). */
export const DAYS_TO_APPROVAL_BUCKETS = [
  { key: '0-7', label: 'Within a week', max: 7 },
  { key: '8-30', label: '8 to 30 days', max: 30 },
  { key: '31-60', label: '31 to 60 days', max: 60 },
  { key: '61-90', label: '61 to 90 days', max: 90 },
  { key: '91+', label: 'Over 90 days', max: null },
] as const;

/** Won / (won + lost), as a fraction; null when nothing was decided. */
export const winRate = (won: number, lost: number) => (won + lost === 0 ? null : won / (won + lost));

/** A rate as people read it: '62.5%'; '—' when there is none. */
export const formatWinRate = (rate: number | null) =>
  rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1).replace(/\.0$/, '')}%`;

/** 'YYYY-MM' as 'Mar 2026'. */
export const formatMonth = (month: string) => {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? '?'} ${month.slice(0, 4)}`;
};
