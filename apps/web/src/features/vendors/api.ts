import type { ListPage, ListQuery, VendorContactPerson, VendorDto } from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { api, toFormData } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

export const vendorKeys = recordKeys('vendors');
export type VendorsPage = ListPage<'productVendors', VendorDto>;

const BASE = '/crm/products/vendors';
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;
/** The app's vendor pages (the API lives under /crm/products/vendors). */
export const VENDORS_PAGE = '/admin/products/vendors';

export const useVendorsList = (query: ListQuery) =>
  useQuery({
    queryKey: vendorKeys.list(query),
    queryFn: async ({ signal }) => (await api.list<VendorsPage>(BASE, query, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });

export const useVendor = (id: string | null | undefined) =>
  useQuery({
    queryKey: vendorKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await api.get<VendorDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

export type VendorFormInput = {
  name: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  gstin: string;
  rating: number | string;
  contactPerson: Required<{ [K in keyof VendorContactPerson]: string }>;
};

/** POST multipart: the fields, contactPerson as JSON text, the image; empty values left out (spec 3 §5). */
export const createVendor = (values: VendorFormInput, image: File | null, idempotencyKey?: string) =>
  api.post<VendorDto>(BASE, toFormData(values, { field: 'image', file: image }), { idempotencyKey });

/** PATCH multipart: emptied fields are sent empty, so they are cleared. */
export const updateVendor = (
  id: string,
  values: VendorFormInput & { deleteImage?: boolean },
  image: File | null,
  idempotencyKey?: string,
) =>
  api.patch<VendorDto>(
    path(id),
    toFormData(
      { ...values, deleteImage: values.deleteImage ? true : undefined },
      { field: 'image', file: image },
      { keepEmpty: true },
    ),
    { idempotencyKey },
  );

/** GET …/suggestion?name&selectedId; the palette waits 400 ms after typing (spec 3 §9). */
export const searchVendors = async (name: string, signal?: AbortSignal) =>
  (await api.get<{ _id: string; name: string }[]>(`${BASE}/suggestion`, { name }, { signal })).data;

/** Spec 3 §8 writes the vendor dialogs in lower case: 'Delete vendor'. */
export const useVendorLifecycle = () =>
  useRecordLifecycle({
    noun: 'vendor',
    title: 'vendor',
    queryRoot: vendorKeys.all[0],
    api: {
      remove: (id: string) => api.delete<null>(path(id)),
      restore: (id: string) => api.patch<null>(path(id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
    },
  });
