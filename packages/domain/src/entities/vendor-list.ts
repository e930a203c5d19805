// What the vendor list page and its cards need at first paint, kept free of zod (see catalogue-list.ts).
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps } from '../common/records.ts';

/** Spec 3 §5 "Vendor" and §8. */
export const VENDOR_MESSAGES = {
  nameRequired: 'Vendor name is required',
  nameEmpty: 'Vendor name cannot be empty',
  email: 'Invalid email format',
  website: 'Please enter a valid URL.',
  ratingMin: 'Rating cannot be negative',
  ratingMax: 'Rating cannot be greater than 5',
  ratingDecimals: 'Rating can have at most 2 decimal places',
  notFound: 'Vendor not found',
  empty: 'No Vendors Available',
} as const;

export const VENDOR_RATING_MAX = 5;
export const VENDOR_LIST_KEY = 'productVendors';

export const vendorListSpec = defineList({
  filters: {
    name: 'text',
    email: 'text',
    phone: 'text',
    address: 'text',
    'contactPerson.name': 'text',
    rating: 'numberRange',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['name', 'rating', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export type VendorContactPerson = {
  name?: string | null;
  designation?: string | null;
  email?: string | null;
  phone?: string | null;
};

export type VendorDto = RecordStamps & {
  _id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  /** GSTIN (issue 12), upper case; its state decides a purchase's GST split. */
  gstin: string | null;
  rating: number | null;
  image: { url: string } | null;
  contactPerson: VendorContactPerson | null;
};
