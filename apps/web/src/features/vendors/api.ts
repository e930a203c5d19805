import type { ListPage, VendorContactPerson, VendorDto } from '@karya/domain';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { toFormData } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

export const vendorKeys = recordKeys('vendors');
export type VendorsPage = ListPage<'productVendors', VendorDto>;

const vendorApi = recordApi<VendorsPage, VendorDto>({ base: '/crm/products/vendors', keys: vendorKeys });
/** The app's vendor pages (the API lives under /crm/products/vendors). */
export const VENDORS_PAGE = '/admin/products/vendors';
/** A vendor's edit dialog on the list (spec 3 §2) is open under '#update-<id>', as brands' and margins'. */
export const VENDOR_UPDATE_HASH = '#update-';

export const useVendorsList = vendorApi.useList;
export const useVendor = vendorApi.useOne;

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
  vendorApi.create(toFormData(values, { field: 'image', file: image }), idempotencyKey);

/** PATCH multipart: emptied fields are sent empty, so they are cleared. */
export const updateVendor = (
  id: string,
  values: VendorFormInput & { deleteImage?: boolean },
  image: File | null,
  idempotencyKey?: string,
) =>
  vendorApi.update(
    id,
    toFormData(
      { ...values, deleteImage: values.deleteImage ? true : undefined },
      { field: 'image', file: image },
      { keepEmpty: true },
    ),
    idempotencyKey,
  );

/** GET …/suggestion?name&selectedId; the palette waits 400 ms after typing (spec 3 §9). */
export const searchVendors = (name: string, signal?: AbortSignal) =>
  vendorApi.suggest<{ _id: string; name: string }[]>({ name }, signal);

/** Spec 3 §8 writes the vendor dialogs in lower case: 'Delete vendor'. */
export const useVendorLifecycle = () =>
  useRecordLifecycle({
    noun: 'vendor',
    title: 'vendor',
    queryRoot: vendorKeys.all[0],
    api: vendorApi.lifecycle,
  });
