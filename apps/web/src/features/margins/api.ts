import type { ListPage, ListQuery, MarginDto, MarginInput } from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

export const marginKeys = recordKeys('margins');
export type MarginsPage = ListPage<'productMargins', MarginDto>;

const BASE = '/crm/products/margins';
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;

export const useMarginsList = (query: ListQuery) =>
  useQuery({
    queryKey: marginKeys.list(query),
    queryFn: async ({ signal }) => (await api.list<MarginsPage>(BASE, query, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });

export const useMargin = (id: string | null) =>
  useQuery({
    queryKey: marginKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await api.get<MarginDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

/** POST as JSON; PATCH with the whole margin (spec 3 §7), a cleared description as null. */
export const createMargin = (input: MarginInput, idempotencyKey?: string) =>
  api.post<MarginDto>(BASE, input, { idempotencyKey });
export const updateMargin = (id: string, input: MarginInput, idempotencyKey?: string) =>
  api.patch<MarginDto>(
    path(id),
    { ...input, description: input.description ?? null },
    { keepEmpty: true, idempotencyKey },
  );

/** GET …/suggestion?name&selectedId (one id, spec 3 §7). */
export const searchMargins = async (name: string, signal?: AbortSignal) =>
  (await api.get<{ _id: string; name: string }[]>(`${BASE}/suggestion`, { name }, { signal })).data;

export const useMarginLifecycle = () =>
  useRecordLifecycle({
    noun: 'margin',
    queryRoot: marginKeys.all[0],
    api: {
      remove: (id: string) => api.delete<null>(path(id)),
      restore: (id: string) => api.patch<null>(path(id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
    },
  });
