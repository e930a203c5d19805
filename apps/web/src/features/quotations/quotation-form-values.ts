// Deliberate import circle with ./quotation-validation.ts (loaded lazily): keeps zod out of first paint.
import {
  daysFromToday,
  type QuotationDto,
  reQuotationTitle,
  todayInAppZone,
  VALID_UNTIL_DEFAULT_DAYS,
} from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';
import { linesBody, linesFromVersion, type QuotationLineState } from './line-pricing';

/** Create, update the active (Draft) version, or make a new version of it ('Create Re-Quotation'). */
export type QuotationFormMode = 'create' | 'update' | 're-quotation';

/** What the quotation form's inputs hold: texts are '' when empty so every input stays controlled. */
export type QuotationFormState = {
  customer: string;
  requirement: string;
  title: string;
  /** YYYY-MM-DD */
  validUntil: string;
  notes: string;
  items: QuotationLineState[];
};

/** Spec 3 §9: valid for 7 days from today by default. */
export const defaultValidUntil = (now = new Date()) => daysFromToday(VALID_UNTIL_DEFAULT_DAYS, now);

/** A new quotation: what Convert to Quotation carried (customer, requirement, title, items), valid 7 days. */
export const newQuotationValues = (
  prefill: Partial<Pick<QuotationFormState, 'customer' | 'requirement' | 'title' | 'items'>> = {},
  now = new Date(),
): QuotationFormState => ({
  customer: prefill.customer ?? '',
  requirement: prefill.requirement ?? '',
  title: prefill.title ?? '',
  validUntil: defaultValidUntil(now),
  notes: '',
  items: prefill.items ?? [],
});

/**
 * The active version's values: as they are to update it; for a re-quotation its title in the Re-Quotation
 * wording, and its validity kept only while it is still ahead (else 7 days from today).
 */
export const quotationFormValuesFrom = (
  q: QuotationDto,
  mode: Exclude<QuotationFormMode, 'create'>,
  now = new Date(),
): QuotationFormState => {
  const v = q.activeVersion;
  const validUntil = v.validUntil.slice(0, 10);
  return {
    customer: q.customer?._id ?? '',
    requirement: q.requirement?._id ?? '',
    title: mode === 're-quotation' ? reQuotationTitle(v.title) : v.title,
    validUntil:
      mode === 're-quotation' && !(validUntil > todayInAppZone(now)) ? defaultValidUntil(now) : validUntil,
    notes: v.notes ?? '',
    items: linesFromVersion(v.items),
  };
};

/**
 * The request the form stands for (numbers still as typed: the domain schema reads them). An update leaves
 * out a validity it did not change (it may have passed since: it is not the update's to refuse).
 */
export const quotationRequestFrom = (
  v: QuotationFormState,
  mode: QuotationFormMode,
  storedValidUntil: string | null = null,
) => ({
  ...(mode === 'create' ? { customer: v.customer, requirement: v.requirement } : {}),
  title: v.title,
  ...(mode === 'update' && v.validUntil === storedValidUntil ? {} : { validUntil: v.validUntil }),
  notes: v.notes,
  items: linesBody(v.items),
});

const plainLines = (lines: readonly QuotationLineState[]) =>
  JSON.stringify(lines.map((l) => [l.item, l.quantity.trim(), l.marginTier, l.unitPrice.trim()]));

/** PATCH sends only what changed; the items as a whole when any line changed. */
export const changedQuotationFields = (
  validated: Record<string, unknown>,
  values: QuotationFormState,
  initial: QuotationFormState,
) => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(validated)) {
    if (key === 'customer' || key === 'requirement') continue;
    const changed =
      key === 'items'
        ? plainLines(values.items) !== plainLines(initial.items)
        : String(values[key as keyof QuotationFormState] ?? '').trim() !==
          String(initial[key as keyof QuotationFormState] ?? '').trim();
    if (changed) out[key] = validated[key] ?? null;
  }
  return out;
};

/** The form field a schema issue or a server message belongs to. */
export const formFieldOf = (path: readonly (string | number)[]): keyof QuotationFormState | null => {
  const head = path[0];
  return typeof head === 'string' &&
    ['customer', 'requirement', 'title', 'validUntil', 'notes', 'items'].includes(head)
    ? (head as keyof QuotationFormState)
    : null;
};

/** An issue of a line, said on the items: 'Item 2: Quantity must be greater than 0'. */
export const lineIssue = (path: readonly (string | number)[], message: string) =>
  path[0] === 'items' && typeof path[1] === 'number' && message !== 'This item is already listed below'
    ? `Item ${path[1] + 1}: ${message}`
    : message;

const MESSAGE_FIELDS: [RegExp, keyof QuotationFormState][] = [
  [/requirement/i, 'requirement'],
  [/customer/i, 'customer'],
  [/^title/i, 'title'],
  [/^valid until/i, 'validUntil'],
  [/^notes/i, 'notes'],
  [/\bitems?\b|quantity|unit price|margin|\bGST\b/i, 'items'],
];

/**
 * The form field a refused save points at (a 400 or 409): a validation error's path ('items.1.quantity'
 * goes to the items as 'Item 2: …'), else the field its message names. Null: the message goes above the form.
 */
export const fieldOfServerError = (
  status: number,
  body: unknown,
  message: string,
): { field: keyof QuotationFormState; message: string } | null => {
  if (status !== 400 && status !== 409) return null;
  const errors = (body as { errors?: { path?: string; message?: string }[] } | undefined)?.errors ?? [];
  for (const e of errors) {
    const path = (e.path ?? '').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const field = formFieldOf(path);
    if (field) return { field, message: lineIssue(path, e.message ?? message) };
  }
  for (const [re, field] of MESSAGE_FIELDS) if (re.test(message)) return { field, message };
  return null;
};

/** The quotation form's validation (zod and the schemas), loaded as the form renders. */
export const quotationValidation = lazyValidation(() => import('./quotation-validation'));
