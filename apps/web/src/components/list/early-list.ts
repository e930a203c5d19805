import type { ListQuery, ListSpec } from '@karya/domain';
import { hadFirstPaint } from '../../lib/first-paint';
import { openingListQuery } from './list-params';

let early: { key: string; at: number; answer: Promise<unknown> } | undefined;
/** An early answer older than this is not used (the page took long to render: ask again). */
const FRESH_MS = 10_000;

const keyOf = (pathname: string, query: ListQuery) => `${pathname}?${JSON.stringify(query)}`;

/**
 * Starts a list page's first call while its chunk is evaluated, when the address bar shows that list: the
 * router fetches the page's chunk beside the session check, so the call leaves before the shell and the page
 * have rendered rather than after (on a phone, a render and a round trip sooner). Call it at the top of the
 * page's module; the list query takes the answer with `takeEarlyList`.
 */
export const startListEarly = (
  pathname: string,
  list: { limitKey: string; filtersKey?: string; spec?: ListSpec },
  fetchPage: (query: ListQuery) => Promise<unknown>,
) => {
  // After the server's first paint the list's first page is already in the query cache.
  if (typeof window === 'undefined' || window.location.pathname !== pathname || hadFirstPaint) return;
  const query = openingListQuery(window.location.search, list.limitKey, {
    spec: list.spec,
    storeFiltersKey: list.filtersKey,
  });
  const answer = fetchPage(query);
  answer.catch(() => undefined); // an early failure is asked again by the query, not reported here
  early = { key: keyOf(pathname, query), at: Date.now(), answer };
};

/** The early answer for this list and query (once), else `fetchPage()`; an early failure asks again. */
export const takeEarlyList = <D>(pathname: string, query: ListQuery, fetchPage: () => Promise<D>) => {
  const found = early && early.key === keyOf(pathname, query) && Date.now() - early.at < FRESH_MS;
  if (!found) return fetchPage();
  const answer = early!.answer as Promise<D>;
  early = undefined;
  return answer.catch(fetchPage);
};
