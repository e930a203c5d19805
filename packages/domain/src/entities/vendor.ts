import { z } from 'zod';
import { clearable, gstinSchema, hasAtMostTwoDecimals, PHONE_MESSAGE, PHONE_RE } from '../common/fields.ts';
import { EMAIL_MAX, EMAIL_PATTERN } from '../common/sign-in.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { VENDOR_MESSAGES, VENDOR_RATING_MAX } from './vendor-list.ts';

const text = (max: number) => oneLineText().max(max, `Must not exceed ${max} characters`);

/** Optional e-mail and phone of a vendor and of its contact person follow the same rules (spec 3 §5). */
const emailSchema = oneLineText()
  .toLowerCase()
  .max(EMAIL_MAX, VENDOR_MESSAGES.email)
  .regex(EMAIL_PATTERN, VENDOR_MESSAGES.email);
const phoneSchema = oneLineText().regex(PHONE_RE, PHONE_MESSAGE);

/** URL-like: a host with a dot, with or without http(s)://, no spaces ('www.example.in' is fine). */
const WEBSITE_RE =
  /^(https?:\/\/)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const websiteSchema = oneLineText()
  .max(2048, VENDOR_MESSAGES.website)
  .regex(WEBSITE_RE, VENDOR_MESSAGES.website);

const ratingSchema = z
  .number({ error: 'Rating must be a number' })
  .min(0, VENDOR_MESSAGES.ratingMin)
  .max(VENDOR_RATING_MAX, VENDOR_MESSAGES.ratingMax)
  .refine(hasAtMostTwoDecimals, VENDOR_MESSAGES.ratingDecimals);

export const vendorContactPersonSchema = z.object(
  {
    name: clearable(text(200)).optional(),
    designation: clearable(text(200)).optional(),
    email: clearable(emailSchema).optional(),
    phone: clearable(phoneSchema).optional(),
  },
  { error: 'Contact person must be an object' },
);

/**
 * Vendor fields (spec 3 §3, §5). Only the name is required; an empty optional field is omitted on create
 * and cleared on update. The image travels as the multipart file `image`; contactPerson as JSON text.
 * createdBy is stamped from the session, never read.
 */
const vendorFields = {
  name: oneLineText({ error: VENDOR_MESSAGES.nameRequired })
    .min(1, VENDOR_MESSAGES.nameEmpty)
    .max(200, 'Vendor name must not exceed 200 characters'),
  email: clearable(emailSchema).optional(),
  phone: clearable(phoneSchema).optional(),
  address: clearable(multiLineText().max(500, 'Must not exceed 500 characters')).optional(),
  website: clearable(websiteSchema).optional(),
  /** GSTIN (issue 12): upper-cased, check character verified; its state decides a purchase's GST split. */
  gstin: clearable(gstinSchema).optional(),
  // Multipart sends the rating as text; '' clears it (clearable), anything else must read as a number.
  rating: clearable(z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), ratingSchema)).optional(),
  contactPerson: z.preprocess((v) => (v === '' ? null : v), vendorContactPersonSchema.nullable()).optional(),
};

export const vendorCreateSchema = z.object(vendorFields);
export type VendorInput = z.infer<typeof vendorCreateSchema>;
export const vendorUpdateSchema = z
  .object(vendorFields)
  .partial()
  .extend({ deleteImage: z.boolean().optional() });
export type VendorUpdateInput = z.infer<typeof vendorUpdateSchema>;

/** The multipart fields sent as JSON text. */
export const VENDOR_JSON_FIELDS = ['contactPerson'] as const;
