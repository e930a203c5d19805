import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../enums.ts';
import { OBJECT_ID_RE } from '../id-pattern.ts';
import { cleanText, textProblem, textProblemMessage } from './text.ts';

/**
 * One list-query contract for every list: page, limit, sortBy, sortOrder and whitelisted filters sent as
 * bracket-style query parameters (filters[name]=x, filters[status][]=A, filters[createdAt][start]=2026-01-01).
 * The server parses flat keys against the whitelist — nothing is ever expanded into nested objects, so
 * keys like __proto__ are just unknown filters (400). The web serialises with toListSearchParams.
 */
export type FilterKind =
  | 'text' // contains, case-insensitive (1 or 2 characters: starts with; see the server's matchText)
  | 'exact'
  | 'integer' // one whole number (a SKU, a customer number): digits only
  | 'ids' // one or more 24-hex ids
  | 'boolean'
  | 'dateRange' // {start, end} as YYYY-MM-DD, both inclusive
  | 'numberRange' // {min, max}
  | { enum: readonly string[] };

export type ListSpec<F extends Record<string, FilterKind> = Record<string, FilterKind>> = {
  filters: F;
  sortFields: readonly string[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
};

/**
 * A text filter means "contains" from this many characters; shorter terms match the start of the value
 * (one or two letters occur in most rows, and the list's count would read the whole table).
 */
export const TEXT_FILTER_CONTAINS_FROM = 3;
/** What the filter panels say under a text filter. */
export const TEXT_FILTER_HINT = '1 or 2 letters match the start; 3 or more match anywhere';

export const defineList = <F extends Record<string, FilterKind>>(spec: ListSpec<F>) => spec;

/** The filters every soft-deleted record type offers (spec: Deleted, Deleted By, Created By, dates). */
export const LIFECYCLE_FILTERS = {
  isDeleted: 'boolean',
  deletedBy: 'ids',
  createdBy: 'ids',
  createdAt: 'dateRange',
  updatedAt: 'dateRange',
} as const satisfies Record<string, FilterKind>;

/**
 * Assignment state of records assigned to users (spec 2 §3), a filter of their lists (it needs view-all).
 * Orphaned: assigned, but to no live, unblocked user.
 */
export const ASSIGNMENT_STATES = ['Assigned', 'UnAssigned', 'Orphaned'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

export type DateRange = { start?: string; end?: string };
export type NumberRange = { min?: number; max?: number };
export type FilterValue = string | string[] | boolean | DateRange | NumberRange;

export type ListQuery = {
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
  filters: Record<string, FilterValue>;
  /**
   * How a list says how many match (decision 0021): counted exactly up to LIST_COUNT_BOUND, then "more than
   * that" (bounded, the default), or counted to the end when the user asks (`count=exact`).
   */
  count?: 'exact';
};

/**
 * A list counts its matches exactly up to this many, then says "10,000+" (as Odoo does): a count must not
 * read every one of 200,000 matches to draw a page of twenty. `count=exact` counts them all on request.
 */
export const LIST_COUNT_BOUND = 10_000;

/** The deepest page a list serves (a deeper one is refused with 400, not read). */
export const MAX_LIST_PAGE = 1_000_000;

export class ListQueryError extends Error {}

type Raw = Record<string, string | string[] | undefined>;

const KEY_RE = /^filters\[([A-Za-z][\w.]{0,60})\](?:\[([a-z]*|\d{1,3})\])?$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_VALUES = 100;
const MAX_TEXT = 200;

const one = (v: string | string[] | undefined, key: string): string | undefined => {
  if (v === undefined) return undefined;
  if (Array.isArray(v)) {
    if (v.length > 1) throw new ListQueryError(`${key} must be given once`);
    return v[0];
  }
  return v;
};

const positiveInt = (v: string | undefined, key: string, fallback: number, max?: number) => {
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,9}$/.test(v)) throw new ListQueryError(`${key} must be a positive whole number`);
  const n = Number(v);
  if (n < 1) throw new ListQueryError(`${key} must be at least 1`);
  if (max !== undefined && n > max) throw new ListQueryError(`${key} must be at most ${max}`);
  return n;
};

const isValidDate = (v: string) =>
  DATE_RE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Parse a raw query record against a list's whitelist. Throws ListQueryError with a user-facing message. */
export const parseListQuery = (raw: Raw, spec: ListSpec): ListQuery => {
  const grouped = new Map<string, { sub: string | undefined; values: string[] }[]>();
  let sortBy: string | undefined;
  let sortOrder: string | undefined;
  let page: string | undefined;
  let limit: string | undefined;
  let count: string | undefined;

  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (key === 'page') page = one(value, 'page');
    else if (key === 'count') count = one(value, 'count');
    else if (key === 'limit') limit = one(value, 'limit');
    else if (key === 'sortBy' || key === 'filters[sortBy]') sortBy = one(value, 'sortBy');
    else if (key === 'sortOrder' || key === 'filters[sortOrder]') sortOrder = one(value, 'sortOrder');
    else {
      const m = KEY_RE.exec(key);
      if (!m) throw new ListQueryError(`Unknown query parameter: ${key.slice(0, 60)}`);
      const name = m[1]!;
      if (!Object.hasOwn(spec.filters, name)) throw new ListQueryError(`Unknown filter: ${name}`);
      const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (values.length > MAX_VALUES) throw new ListQueryError(`Too many values for filter ${name}`);
      const list = grouped.get(name) ?? [];
      list.push({ sub: m[2], values });
      grouped.set(name, list);
    }
  }

  const filters: Record<string, FilterValue> = Object.create(null);
  for (const [name, parts] of grouped) {
    const kind = spec.filters[name]!;
    const flat = () =>
      parts.flatMap((p) => (p.sub === undefined || p.sub === '' || /^\d+$/.test(p.sub) ? p.values : []));
    const bad = (why: string) => new ListQueryError(`Invalid value for filter ${name}: ${why}`);
    if (kind === 'dateRange' || kind === 'numberRange') {
      const keys = kind === 'dateRange' ? ['start', 'end'] : ['min', 'max'];
      const range: Record<string, string> = {};
      for (const p of parts) {
        if (!p.sub || !keys.includes(p.sub)) throw bad(`use ${keys.map((k) => `[${k}]`).join(' or ')}`);
        if (p.values.length !== 1) throw bad(`${p.sub} must be given once`);
        const v = p.values[0]!.trim();
        if (v !== '') range[p.sub] = v;
      }
      if (kind === 'dateRange') {
        for (const k of keys)
          if (range[k] !== undefined && !isValidDate(range[k]!)) throw bad('dates must be YYYY-MM-DD');
        if (range.start && range.end && range.start > range.end) throw bad('start is after end');
        if (range.start || range.end) filters[name] = { start: range.start, end: range.end };
      } else {
        const out: NumberRange = {};
        for (const k of keys as ('min' | 'max')[]) {
          if (range[k] === undefined) continue;
          const n = Number(range[k]);
          if (!Number.isFinite(n) || range[k]!.length > 20) throw bad(`${k} must be a number`);
          out[k] = n;
        }
        if (out.min !== undefined || out.max !== undefined) filters[name] = out;
      }
      continue;
    }
    if (parts.some((p) => p.sub !== undefined && p.sub !== '' && !/^\d+$/.test(p.sub)))
      throw bad('unexpected sub-key');
    const values = flat()
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) continue;
    if (kind === 'integer') {
      if (values.length > 1 || !/^\d{1,9}$/.test(values[0]!)) throw bad('must be a whole number');
      filters[name] = values[0]!;
    } else if (kind === 'text' || kind === 'exact') {
      if (values.length > 1) throw bad('give one value');
      if (values[0]!.length > MAX_TEXT) throw bad(`at most ${MAX_TEXT} characters`);
      // The text rule (text.ts): NFC, so either spelling of é finds it; no NUL, control or bidi character.
      const text = cleanText(values[0]!);
      const problem = textProblem(text, 'one-line');
      if (problem) throw new ListQueryError(textProblemMessage(problem, `Filter ${name}`));
      if (text === '') continue;
      filters[name] = text;
    } else if (kind === 'boolean') {
      if (values.length > 1 || !['true', 'false'].includes(values[0]!)) throw bad('use true or false');
      filters[name] = values[0] === 'true';
    } else if (kind === 'ids') {
      const ids = values.flatMap((v) => v.split(',')).filter(Boolean);
      if (ids.length > MAX_VALUES || !ids.every((id) => OBJECT_ID_RE.test(id))) throw bad('expected ids');
      filters[name] = ids;
    } else {
      const allowed = kind.enum;
      const list = values.flatMap((v) => v.split(',')).filter(Boolean);
      const wrong = list.find((v) => !allowed.includes(v));
      if (wrong !== undefined) throw bad(`${wrong.slice(0, 40)} is not one of ${allowed.join(', ')}`);
      filters[name] = list;
    }
  }

  if (sortBy !== undefined && sortBy !== '' && !spec.sortFields.includes(sortBy))
    throw new ListQueryError(`Cannot sort by ${sortBy.slice(0, 40)}`);
  if (sortOrder !== undefined && sortOrder !== '' && sortOrder !== 'asc' && sortOrder !== 'desc')
    throw new ListQueryError('sortOrder must be asc or desc');
  if (count !== undefined && count !== '' && count !== 'exact')
    throw new ListQueryError('count must be exact');

  return {
    page: positiveInt(page, 'page', 1, MAX_LIST_PAGE),
    limit: positiveInt(limit, 'limit', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sortBy: sortBy || spec.defaultSort?.field,
    sortOrder: (sortOrder || (sortBy ? 'asc' : spec.defaultSort?.order) || 'desc') as 'asc' | 'desc',
    filters: { ...filters },
    ...(count === 'exact' ? { count: 'exact' as const } : {}),
  };
};

/**
 * What a list's count means: exact, or (past LIST_COUNT_BOUND) at least that many. Shown "95", or "10,000+"
 * for a bounded count (in Indian digit grouping: "1,00,000").
 */
export const formatListCount = (count: number, exact: boolean) =>
  exact ? count.toLocaleString('en-IN') : `${(count - 1).toLocaleString('en-IN')}+`;

export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
