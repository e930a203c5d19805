// What the margin list page and its cards need at first paint, kept free of zod (see catalogue-list.ts).
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps } from '../common/records.ts';

/** Margin tiers (spec 3 §9): percentages from 0 to 100. */
export const MARGIN_TIERS = ['t1', 't2', 't3', 'pt1', 'pt2', 'pt3'] as const;
export type MarginTier = (typeof MARGIN_TIERS)[number];
export type MarginTiers = Record<MarginTier, number>;

/** How a tier reads on screen. */
export const MARGIN_TIER_LABELS: Record<MarginTier, string> = {
  t1: 'T1',
  t2: 'T2',
  t3: 'T3',
  pt1: 'PT1',
  pt2: 'PT2',
  pt3: 'PT3',
};

/** How a tier is named in its messages: spec 3 §5 says 'P3' for pt3, and clients match the text. */
const MESSAGE_NAME: Record<MarginTier, string> = { ...MARGIN_TIER_LABELS, pt3: 'P3' };

export const MARGIN_PERCENT_MIN = 0;
export const MARGIN_PERCENT_MAX = 100;

/** Spec 3 §5 "Margin" and §8. */
export const MARGIN_MESSAGES = {
  nameRequired: 'Name is required.',
  isActiveRequired: 'Active is required.',
  marginsRequired: 'Margins are required.',
  tierRequired: (t: MarginTier) => `${MESSAGE_NAME[t]} is required.`,
  tierMin: (t: MarginTier) => `${MESSAGE_NAME[t]} cannot be less than 0.`,
  tierMax: (t: MarginTier) => `${MESSAGE_NAME[t]} cannot be more than 100.`,
  tierDecimals: (t: MarginTier) => `${MESSAGE_NAME[t]} can have at most 2 decimal places.`,
  notFound: 'Margin not found',
  empty: 'No Margins Available',
} as const;

export const MARGIN_LIST_KEY = 'productMargins';

export const marginListSpec = defineList({
  filters: { name: 'text', description: 'text', isActive: 'boolean', ...LIFECYCLE_FILTERS },
  sortFields: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export type MarginDto = RecordStamps & {
  _id: string;
  name: string;
  description: string | null;
  margins: MarginTiers;
  isActive: boolean;
};
