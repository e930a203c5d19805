// The GST slabs in force on a day (issue 27 §1), once for the server and the forms. The specification lists
// 28, 18, 12 and 5 with 28 as the default; since 22 September 2025 (the 56th GST Council; CBIC notification
// 9/2025-Central Tax (Rate) of 17 September 2025) the slabs are 0, 5, 18 and 40, and 12 and 28 are gone
// for almost all goods. A document keeps the slabs of its own date: a purchase invoice of August 2025 at
// 12% is recorded as it was. Days are India calendar days, 'YYYY-MM-DD' (ledgerDaySchema's form).
import { todayInAppZone } from '../dates.ts';

export type GstSlabPeriod = {
  /** The first India day the slabs apply (inclusive). */
  readonly from: string;
  /** Highest first, as the specification lists them. */
  readonly rates: readonly number[];
  /** Where the slabs come from. */
  readonly source: string;
};

/** Oldest first; each period runs until the next one's `from`. */
export const GST_SLAB_PERIODS: readonly GstSlabPeriod[] = [
  {
    from: '2017-07-01',
    rates: [28, 18, 12, 5],
    source: 'The specification (spec 3 §5, §9): the slabs of GST as introduced on 1 July 2017.',
  },
  {
    from: '2025-09-22',
    rates: [40, 18, 5, 0],
    source:
      'Notification 9/2025-Central Tax (Rate), 17 September 2025, in force from 22 September 2025 (56th GST Council).',
  },
];

/** Every rate any period allows, highest first: what a stored line or item may carry, and the list filters. */
export const ALL_GST_RATES: readonly number[] = [...new Set(GST_SLAB_PERIODS.flatMap((p) => p.rates))].sort(
  (a, b) => b - a,
);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The period in force on a day (a 'YYYY-MM-DD' India day or an instant); a day before the first is the first. */
export const gstPeriodOn = (day: string | Date): GstSlabPeriod => {
  const d = typeof day === 'string' ? day.slice(0, 10) : todayInAppZone(day);
  if (!DAY_RE.test(d)) throw new Error(`Not a day: ${String(day)}`);
  let found = GST_SLAB_PERIODS[0] as GstSlabPeriod;
  for (const p of GST_SLAB_PERIODS) if (p.from <= d) found = p;
  return found;
};

/** The slabs in force on a day. */
export const gstRatesOn = (day: string | Date): readonly number[] => gstPeriodOn(day).rates;

export const isGstRateOn = (rate: unknown, day: string | Date): rate is number =>
  typeof rate === 'number' && gstRatesOn(day).includes(rate);

/** A 'YYYY-MM-DD' day as the screens show dates (DD/MM/YYYY, spec 1 §9). */
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The message for a rate not in force on a day, listing the slabs that are. The first period's is the
 * specification's own text; a later one says from when its slabs apply.
 */
export const gstRateMessageOn = (day: string | Date): string => {
  const p = gstPeriodOn(day);
  const list = `GST must be one of (${p.rates.join(', ')})`;
  return p === GST_SLAB_PERIODS[0] ? list : `${list} for a document dated from ${shown(p.from)}`;
};

/** The slabs in force on a day as the item form says them: 'GST must be one of (40, 18, 5, 0)'. */
export const gstRatesInForceMessage = (day: string | Date): string =>
  `GST must be one of (${gstRatesOn(day).join(', ')})`;

/** The rates some period allowed that are not in force on a day (12 and 28 today): an item's to fix. */
export const retiredGstRatesOn = (day: string | Date): number[] =>
  ALL_GST_RATES.filter((r) => !gstRatesOn(day).includes(r));

/**
 * What a sale or quotation dated on a day is told of an item whose rate is not in force then: the item
 * must get a current rate first (an administrator sets it; the verification queue lists such items).
 */
export const retiredGstRateMessage = (itemName: string, rate: number, day: string | Date): string => {
  const p = gstPeriodOn(day);
  return `${itemName}: GST ${rate}% is not in force on this date (since ${shown(p.from)} the slabs are ${p.rates.join(', ')}). Set a current GST rate on the item first`;
};

/** The latest change of slabs as screens show it ('22/09/2025'). */
export const GST_SLAB_CHANGE_SHOWN = shown((GST_SLAB_PERIODS.at(-1) as GstSlabPeriod).from);

/** The verification queue of items whose rate is no longer in force, and its count on the admin dashboard. */
export const GST_RATE_QUEUE_TITLE = 'GST rate no longer in force';

/** The rate a new item starts with (issue 27: 18, in force in every period). */
export const NEW_ITEM_GST_RATE = 18;

/** How a 0% line is printed: nil-rated goods and exempt goods are different things in law. */
export const GST_ZERO_KINDS = ['Nil rated', 'Exempt'] as const;
export type GstZeroKind = (typeof GST_ZERO_KINDS)[number];
export const GST_ZERO_KIND_MESSAGE = 'A 0% item must say whether it is Nil rated or Exempt';
