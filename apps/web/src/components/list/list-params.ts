import {
  DEFAULT_PAGE_SIZE,
  type FilterKind,
  type FilterValue,
  type ListQuery,
  type ListSpec,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
} from '@karya/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type Filters = Record<string, FilterValue>;
export type SortOrder = 'asc' | 'desc';
/** How an update navigates: `hash: ''` also closes the filter drawer in the same history step. */
export type NavigateOptions = { hash?: string; replace?: boolean };

const FILTER_KEY_RE = /^filters\[([A-Za-z][\w.]{0,60})\](?:\[([a-z]*)\])?$/;

const isEmptyValue = (v: unknown): boolean => {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.filter((x) => !isEmptyValue(x)).length === 0;
  if (typeof v === 'object') return Object.values(v).every(isEmptyValue);
  return false;
};

/** Drop empty strings, empty arrays and ranges with no bound, so they never reach the URL (spec 1 §5). */
export const stripEmptyFilters = (filters: Record<string, unknown>): Filters => {
  const out: Filters = {};
  for (const [key, value] of Object.entries(filters)) {
    if (isEmptyValue(value)) continue;
    if (Array.isArray(value)) out[key] = value.filter((x) => !isEmptyValue(x)) as string[];
    else if (typeof value === 'object' && value !== null) {
      const range: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) if (!isEmptyValue(v)) range[k] = v;
      out[key] = range as FilterValue;
    } else if (typeof value === 'string') out[key] = value.trim();
    else out[key] = value as FilterValue;
  }
  return out;
};

/**
 * Read filters back from URL search params written by writeListParams. Lenient on purpose: the URL is
 * user-editable, so anything odd is dropped instead of throwing. With a ListSpec, values are decoded by
 * kind (booleans, single values of multi-selects); without one, 'true'/'false' become booleans.
 */
export const readFilters = (params: URLSearchParams, spec?: ListSpec): Filters => {
  const raw: Record<string, FilterValue> = {};
  for (const [key, value] of params) {
    const m = FILTER_KEY_RE.exec(key);
    if (!m) continue;
    const name = m[1]!;
    const sub = m[2];
    if (spec && !Object.hasOwn(spec.filters, name)) continue;
    if (sub === '') {
      const prev = raw[name];
      raw[name] = [...(Array.isArray(prev) ? prev : []), value];
    } else if (sub !== undefined) {
      const prev = raw[name];
      raw[name] = {
        ...(prev && typeof prev === 'object' && !Array.isArray(prev) ? prev : {}),
        [sub]: value,
      } as FilterValue;
    } else raw[name] = value;
  }
  const out: Filters = {};
  for (const [name, value] of Object.entries(raw)) {
    const kind: FilterKind | undefined = spec?.filters[name];
    if (kind === 'boolean' || (!kind && (value === 'true' || value === 'false'))) {
      if (value === 'true' || value === 'false') out[name] = value === 'true';
    } else if (kind && typeof kind === 'object' && typeof value === 'string') out[name] = [value];
    else if (kind === 'ids' && typeof value === 'string') out[name] = value.split(',').filter(Boolean);
    else out[name] = value;
  }
  return stripEmptyFilters(out);
};

export type ListState = {
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder: SortOrder;
  filters: Filters;
};

/** Write the list state into search params, in the same bracket style the API uses. */
export const writeListParams = (state: ListState, base?: URLSearchParams) => {
  const params = new URLSearchParams();
  // Keep unrelated params (e.g. a tab) that other code put on the URL.
  if (base)
    for (const [k, v] of base)
      if (!['page', 'limit', 'sortBy', 'sortOrder'].includes(k) && !k.startsWith('filters['))
        params.append(k, v);
  if (state.page > 1) params.set('page', String(state.page));
  params.set('limit', String(state.limit));
  if (state.sortBy) {
    params.set('sortBy', state.sortBy);
    params.set('sortOrder', state.sortOrder);
  }
  for (const [name, value] of Object.entries(stripEmptyFilters(state.filters))) {
    if (Array.isArray(value)) for (const v of value) params.append(`filters[${name}][]`, v);
    else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value)) params.set(`filters[${name}][${k}]`, String(v));
    else params.set(`filters[${name}]`, String(value));
  }
  return params;
};

const readStoredLimit = (key: string): number | undefined => {
  try {
    const n = Number(localStorage.getItem(key));
    return (PAGE_SIZES as readonly number[]).includes(n) ? n : undefined;
  } catch {
    return undefined;
  }
};

const storeLimit = (key: string, limit: number) => {
  try {
    localStorage.setItem(key, String(limit));
  } catch {
    // Private mode or a full quota: the size still applies through the URL.
  }
};

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** The list state a search string describes; the page size falls back to the stored one, then the default. */
export const parseListState = (
  search: string,
  options: {
    listKey: string;
    defaultLimit?: number;
    spec?: ListSpec;
    defaultSort?: { sortBy: string; sortOrder: SortOrder };
  },
): ListState => {
  const params = new URLSearchParams(search);
  // A URL's page size the server accepts is kept (the page-size choice shows it); past the server's
  // maximum, the maximum. Never silently the default (issue 22): only a limit that is no size at all is.
  const urlLimit = positive(params.get('limit'));
  const limit = urlLimit
    ? Math.min(urlLimit, MAX_PAGE_SIZE)
    : (readStoredLimit(options.listKey) ?? options.defaultLimit ?? DEFAULT_PAGE_SIZE);
  const sortBy = params.get('sortBy') || undefined;
  const order = params.get('sortOrder');
  return {
    page: positive(params.get('page')) ?? 1,
    limit,
    sortBy: sortBy ?? options.defaultSort?.sortBy,
    sortOrder: order === 'asc' || order === 'desc' ? order : (options.defaultSort?.sortOrder ?? 'desc'),
    filters: readFilters(params, options.spec),
  };
};

const hasFilterParams = (search: string) =>
  [...new URLSearchParams(search).keys()].some((k) => k.startsWith('filters['));

/**
 * Filters saved under `key` (JSON), read back through the same URL round trip as a hand-edited URL, so a
 * stale or tampered value can only yield filters the list knows.
 */
export const readStoredFilters = (key: string, spec?: ListSpec): Filters => {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const params = writeListParams({
      page: 1,
      limit: DEFAULT_PAGE_SIZE,
      sortOrder: 'desc',
      filters: parsed as Filters,
    });
    return readFilters(params, spec);
  } catch {
    return {};
  }
};

/**
 * The query a list opens with at `search` (as `useListParams`'s first render: the URL's state, or the saved
 * filters when the URL has none), for starting its first call before the page has rendered.
 */
export const openingListQuery = (
  search: string,
  listKey: string,
  options: Pick<ListParamsOptions, 'defaultLimit' | 'spec' | 'storeFiltersKey'> = {},
): ListQuery => {
  const state = parseListState(search, { listKey, defaultLimit: options.defaultLimit, spec: options.spec });
  const saved =
    options.storeFiltersKey && !hasFilterParams(search)
      ? readStoredFilters(options.storeFiltersKey, options.spec)
      : {};
  const s = Object.keys(saved).length > 0 ? { ...state, page: 1, filters: saved } : state;
  return { page: s.page, limit: s.limit, sortBy: s.sortBy, sortOrder: s.sortOrder, filters: s.filters };
};

/** Save the applied filters under `key`; no filters removes the entry. */
export const storeFilters = (key: string, filters: Filters) => {
  try {
    if (Object.keys(filters).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(filters));
  } catch {
    // Private mode or a full quota: the filters still apply through the URL.
  }
};

export type ListParamsOptions = {
  defaultLimit?: number;
  spec?: ListSpec;
  defaultSort?: { sortBy: string; sortOrder: SortOrder };
  /**
   * Remember the filters of this list in localStorage under this key (e.g. 'taskFilters'): every filter
   * change saves them, reset removes them, and opening the list with no filters in the URL applies the
   * saved ones (replacing the history entry, page 1).
   */
  storeFiltersKey?: string;
};

export type ListParams = ListState & {
  /** The query to hand to api.list (empty filters already stripped). */
  query: ListQuery;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sortBy: string | undefined, sortOrder?: SortOrder) => void;
  /** Replace every filter; page goes back to 1. */
  setFilters: (filters: Record<string, unknown>, options?: NavigateOptions) => void;
  /** Set (or clear with undefined/'') one filter; page goes back to 1. */
  setFilter: (name: string, value: unknown, options?: NavigateOptions) => void;
  resetFilters: (options?: NavigateOptions) => void;
};

/**
 * Page, page size, sort and filters of a list, kept in the URL so a list can be shared, reloaded and
 * navigated with Back. The page size is remembered in localStorage under `listKey` (spec 1 §4: users use
 * `userLimit`).
 */
export const useListParams = (listKey: string, options: ListParamsOptions = {}): ListParams => {
  const location = useLocation();
  const navigate = useNavigate();
  const { defaultLimit = DEFAULT_PAGE_SIZE, spec, storeFiltersKey } = options;
  const defaultSortBy = options.defaultSort?.sortBy;
  const defaultSortOrder = options.defaultSort?.sortOrder;

  // Several setters may run in one event (e.g. apply filters then close): each builds on the latest URL.
  const latest = useRef({ search: location.search, hash: location.hash });
  latest.current = { search: location.search, hash: location.hash };

  const parse = useCallback(
    (search: string) =>
      parseListState(search, {
        listKey,
        defaultLimit,
        spec,
        defaultSort: defaultSortBy
          ? { sortBy: defaultSortBy, sortOrder: defaultSortOrder ?? 'desc' }
          : undefined,
      }),
    [listKey, defaultLimit, spec, defaultSortBy, defaultSortOrder],
  );
  // Saved filters to apply when the list opens without any in the URL. They count from the first render
  // (no query runs unfiltered first); the effect below then writes them to the URL.
  const restore = useRef<Filters | undefined>(undefined);
  const restoreChecked = useRef(false);
  if (!restoreChecked.current) {
    restoreChecked.current = true;
    if (storeFiltersKey && !hasFilterParams(location.search)) {
      const saved = readStoredFilters(storeFiltersKey, spec);
      if (Object.keys(saved).length > 0) restore.current = saved;
    }
  }
  const state = useMemo(() => {
    const parsed = parse(location.search);
    return restore.current ? { ...parsed, page: 1, filters: restore.current } : parsed;
  }, [parse, location.search]);

  const update = useCallback(
    (change: (s: ListState) => ListState, nav: NavigateOptions = {}) => {
      const params = new URLSearchParams(latest.current.search);
      const next = writeListParams(change(parse(latest.current.search)), params);
      const search = next.toString() ? `?${next.toString()}` : '';
      const hash = nav.hash ?? latest.current.hash;
      latest.current = { search, hash };
      navigate({ pathname: location.pathname, search, hash }, { replace: nav.replace ?? true });
    },
    [parse, navigate, location.pathname],
  );

  useEffect(() => {
    const saved = restore.current;
    if (!saved) return;
    restore.current = undefined;
    update((s) => ({ ...s, filters: saved, page: 1 }), { replace: true });
  }, [update]);

  const changeFilters = useCallback(
    (change: (filters: Filters) => Filters, nav?: NavigateOptions) =>
      update((s) => {
        const filters = stripEmptyFilters(change(s.filters));
        if (storeFiltersKey) storeFilters(storeFiltersKey, filters);
        return { ...s, filters, page: 1 };
      }, nav),
    [update, storeFiltersKey],
  );

  return useMemo<ListParams>(
    () => ({
      ...state,
      query: {
        page: state.page,
        limit: state.limit,
        sortBy: state.sortBy,
        sortOrder: state.sortOrder,
        filters: state.filters,
      },
      // Paging is a real step the user may want to go Back from; the rest replaces the entry.
      setPage: (page) => update((s) => ({ ...s, page }), { replace: false }),
      setLimit: (limit) => {
        storeLimit(listKey, limit);
        update((s) => ({ ...s, limit, page: 1 }));
      },
      setSort: (sortBy, sortOrder = 'asc') => update((s) => ({ ...s, sortBy, sortOrder, page: 1 })),
      setFilters: (filters, nav) => changeFilters(() => filters as Filters, nav),
      setFilter: (name, value, nav) =>
        changeFilters((current) => ({ ...current, [name]: value }) as Filters, nav),
      resetFilters: (nav) => changeFilters(() => ({}), nav),
    }),
    [state, update, changeFilters, listKey],
  );
};
