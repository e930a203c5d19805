import {
  CATALOGUE,
  type CatalogueKind,
  type CatalogueRecordDto,
  type ListPage,
  type ListQuery,
} from '@karya/domain';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { toFormData } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

export type CataloguePage = ListPage<string, CatalogueRecordDto> & Record<string, unknown>;

/** Query keys per kind: 'brands', 'categories', 'classes' (every change refreshes that kind's queries). */
export const catalogueKeys = {
  brand: recordKeys('brands'),
  category: recordKeys('categories'),
  class: recordKeys('classes'),
} as const;

const kindApi = (kind: CatalogueKind) =>
  recordApi<CataloguePage, CatalogueRecordDto>({ base: CATALOGUE[kind].path, keys: catalogueKeys[kind] });
const apis = { brand: kindApi('brand'), category: kindApi('category'), class: kindApi('class') } as const;

export const fetchCatalogue = (kind: CatalogueKind, query: Partial<ListQuery>, signal?: AbortSignal) =>
  apis[kind].fetchList(query, signal);

/** A page of one kind; the previous page stays on screen while the next loads. */
export const useCatalogueList = (kind: CatalogueKind, query: ListQuery) => apis[kind].useList(query);

export const useCatalogueRecord = (kind: CatalogueKind, id: string | null) => apis[kind].useOne(id);

export type CatalogueFormInput = { name: string; description: string };

/** POST {collection}: multipart (name, description, image); empty values are left out. */
export const createCatalogueRecord = (
  kind: CatalogueKind,
  values: CatalogueFormInput,
  image: File | null,
  idempotencyKey?: string,
) => apis[kind].create(toFormData(values, { field: 'image', file: image }), idempotencyKey);

/** PATCH {collection}/{id}: multipart; an emptied description is sent empty (cleared). */
export const updateCatalogueRecord = (
  kind: CatalogueKind,
  id: string,
  values: CatalogueFormInput & { deleteImage?: boolean },
  image: File | null,
  idempotencyKey?: string,
) =>
  apis[kind].update(
    id,
    toFormData(
      { ...values, deleteImage: values.deleteImage ? true : undefined },
      { field: 'image', file: image },
      { keepEmpty: true },
    ),
    idempotencyKey,
  );

/** The kind's suggestion call: brands send one selectedId, categories and classes selectedIds. */
export const searchCatalogue = (kind: CatalogueKind, name: string, signal?: AbortSignal) =>
  apis[kind].suggest<{ _id: string; name: string }[]>({ name }, signal);

/** Delete / restore / permanent delete with the spec's confirmations ('Delete Category', 'Delete brand'). */
export const useCatalogueLifecycle = (kind: CatalogueKind) => {
  const info = CATALOGUE[kind];
  return useRecordLifecycle({
    noun: info.noun,
    plural: info.plural,
    // Spec 3 §8 writes 'Delete Category / Class / Margin / Item / brand / vendor'.
    title: kind === 'brand' ? info.noun : info.title,
    queryRoot: catalogueKeys[kind].all[0],
    api: apis[kind].lifecycle,
  });
};
