import {
  CATALOGUE,
  type CatalogueKind,
  type CatalogueRecordDto,
  type ListPage,
  type ListQuery,
} from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { api, toFormData } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

export type CataloguePage = ListPage<string, CatalogueRecordDto> & Record<string, unknown>;

/** Query keys per kind: 'brands', 'categories', 'classes' (every change refreshes that kind's queries). */
export const catalogueKeys = {
  brand: recordKeys('brands'),
  category: recordKeys('categories'),
  class: recordKeys('classes'),
} as const;

const path = (kind: CatalogueKind, id = '', suffix = '') =>
  `${CATALOGUE[kind].path}${id ? `/${encodeURIComponent(id)}` : ''}${suffix}`;

export const fetchCatalogue = async (kind: CatalogueKind, query: Partial<ListQuery>, signal?: AbortSignal) =>
  (await api.list<CataloguePage>(path(kind), query, { signal })).data;

/** A page of one kind; the previous page stays on screen while the next loads. */
export const useCatalogueList = (kind: CatalogueKind, query: ListQuery) =>
  useQuery({
    queryKey: catalogueKeys[kind].list(query),
    queryFn: ({ signal }) => fetchCatalogue(kind, query, signal),
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });

export const useCatalogueRecord = (kind: CatalogueKind, id: string | null) =>
  useQuery({
    queryKey: catalogueKeys[kind].detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<CatalogueRecordDto>(path(kind, id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

export type CatalogueFormInput = { name: string; description: string };

/** POST {collection}: multipart (name, description, image); empty values are left out. */
export const createCatalogueRecord = (
  kind: CatalogueKind,
  values: CatalogueFormInput,
  image: File | null,
  idempotencyKey?: string,
) =>
  api.post<CatalogueRecordDto>(path(kind), toFormData(values, { field: 'image', file: image }), {
    idempotencyKey,
  });

/** PATCH {collection}/{id}: multipart; an emptied description is sent empty (cleared). */
export const updateCatalogueRecord = (
  kind: CatalogueKind,
  id: string,
  values: CatalogueFormInput & { deleteImage?: boolean },
  image: File | null,
  idempotencyKey?: string,
) =>
  api.patch<CatalogueRecordDto>(
    path(kind, id),
    toFormData(
      { ...values, deleteImage: values.deleteImage ? true : undefined },
      { field: 'image', file: image },
      { keepEmpty: true },
    ),
    { idempotencyKey },
  );

/** The kind's suggestion call: brands send one selectedId, categories and classes selectedIds. */
export const searchCatalogue = async (kind: CatalogueKind, name: string, signal?: AbortSignal) =>
  (await api.get<{ _id: string; name: string }[]>(path(kind, '', '/suggestion'), { name }, { signal })).data;

/** Delete / restore / permanent delete with the spec's confirmations ('Delete Category', 'Delete brand'). */
export const useCatalogueLifecycle = (kind: CatalogueKind) => {
  const info = CATALOGUE[kind];
  return useRecordLifecycle({
    noun: info.noun,
    plural: info.plural,
    // Spec 3 §8 writes 'Delete Category / Class / Margin / Item / brand / vendor'.
    title: kind === 'brand' ? info.noun : info.title,
    queryRoot: catalogueKeys[kind].all[0],
    api: {
      remove: (id: string) => api.delete<null>(path(kind, id)),
      restore: (id: string) => api.patch<null>(path(kind, id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(kind, id, '/permanent')),
    },
  });
};
