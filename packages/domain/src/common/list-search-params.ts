import type { ListQuery } from './list-query.ts';

/** Serialise a list query for the URL of an API call. Empty values are stripped. */
export const toListSearchParams = (q: Partial<ListQuery>): URLSearchParams => {
  const params = new URLSearchParams();
  if (q.page) params.set('page', String(q.page));
  if (q.limit) params.set('limit', String(q.limit));
  if (q.sortBy) params.set('sortBy', q.sortBy);
  if (q.sortBy && q.sortOrder) params.set('sortOrder', q.sortOrder);
  if (q.count) params.set('count', q.count);
  for (const [name, value] of Object.entries(q.filters ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(`filters[${name}][]`, v);
    else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if (v !== undefined && v !== null && v !== '') params.set(`filters[${name}][${k}]`, String(v));
      }
    else params.set(`filters[${name}]`, String(value));
  }
  return params;
};
