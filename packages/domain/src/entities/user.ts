import { z } from 'zod';
import {
  clearable,
  dateInputSchema,
  emailSchema,
  isBlank,
  newUserPasswordSchema,
  passwordSchema,
  phoneSchema,
  urlSchema,
} from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import {
  DURATIONS,
  EDITABLE_USER_STATUSES,
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPES_WITH_DURATION,
  GENDERS,
  MARITAL_STATUSES,
} from '../enums.ts';
import { objectIdSchema } from '../ids.ts';

export const MAX_EMERGENCY_CONTACTS = 3;
export const EMERGENCY_CONTACTS_LIMIT_MESSAGE = 'You can only add up to 3 contacts.';
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TOO_LARGE = 'File size exceeds the limit of 5MB.';
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_IMAGE_WRONG_TYPE = 'Only JPG, JPEG or PNG images are allowed.';
/** Date of birth must be before this day (spec 1 §5). */
export const DATE_OF_BIRTH_BEFORE = '2015-01-01';

const text = (max: number, message = 'Too long') => oneLineText().max(max, message);
const longText = (max: number, message: string) => multiLineText().max(max, message);

export const emergencyContactSchema = z.object({
  name: oneLineText({ error: 'Name is required' }).min(1, 'Name is required').max(100, 'Name is too long'),
  relationship: oneLineText({ error: 'Relationship is required' })
    .min(1, 'Relationship is required')
    .max(50, 'Relationship is too long'),
  // Spaces are removed from the phone before it is checked (spec 1 §5).
  phone: z
    .string({ error: 'Phone is required' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Phone is required')
        .regex(
          /^(?:[6-9]\d{9}|\d{3,5}-\d{6,8})$/,
          'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
        ),
    ),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

export const addressSchema = z.object({
  street: text(200).optional(),
  city: oneLineText({ error: 'City is required' }).min(1, 'City is required').max(100, 'City is too long'),
  state: oneLineText({ error: 'State is required' })
    .min(1, 'State is required')
    .max(100, 'State is too long'),
  country: oneLineText({ error: 'Country is required' })
    .min(1, 'Country is required')
    .max(100, 'Country is too long'),
  zipCode: text(12).optional(),
});

export const socialMediaSchema = z.object({
  facebook: urlSchema.optional(),
  twitter: urlSchema.optional(),
  instagram: urlSchema.optional(),
  linkedin: urlSchema.optional(),
  youtube: urlSchema.optional(),
});

export const dateOfBirthSchema = dateInputSchema.refine(
  (v) => new Date(v).getTime() < Date.parse(`${DATE_OF_BIRTH_BEFORE}T00:00:00Z`),
  'Date of birth must be in the past.',
);

const bioSchema = longText(1000, 'Bio must not exceed 1000 characters');
const notesSchema = longText(5000, 'Notes must not exceed 5000 characters');
const emergencyContactsSchema = z
  .array(emergencyContactSchema)
  .max(MAX_EMERGENCY_CONTACTS, EMERGENCY_CONTACTS_LIMIT_MESSAGE);
const employmentTypeSchema = z.enum(EMPLOYMENT_TYPES, { error: 'Invalid employment type' });
const rolesSchema = z.array(objectIdSchema).max(50, 'Too many roles');

/** Fields an employee may change about themselves (profile update). */
const personalFields = {
  name: oneLineText({ error: 'Name is required' }).min(1, 'Name is required').max(100, 'Name is too long'),
  email: emailSchema,
  phone: phoneSchema,
  gender: z.enum(GENDERS, { error: 'Gender is required' }),
  dateOfBirth: dateOfBirthSchema.optional(),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Marital status is required' }),
  languages: z
    .array(oneLineText().min(1).max(40), { error: 'At least one language is required' })
    .min(1, 'At least one language is required')
    .max(20, 'Too many languages'),
  bio: bioSchema.optional(),
  address: addressSchema,
  emergencyContact: emergencyContactsSchema.optional(),
  socialMedia: socialMediaSchema.optional(),
  deleteImage: z.boolean().optional(),
};

/** Fields only an administrator sets. */
const employmentFields = {
  employmentType: employmentTypeSchema.optional(),
  duration: z.coerce
    .number({ error: 'Duration is required' })
    .refine((v) => (DURATIONS as readonly number[]).includes(v), 'Duration must be 0, 3, 6, 12 or 24 months')
    .optional(),
  roles: rolesSchema.optional(),
  status: z.enum(EDITABLE_USER_STATUSES, { error: 'Invalid status' }).optional(),
  notes: notesSchema.optional(),
};

/**
 * Update mode: a field that is sent is applied, so an empty value means "clear" (spec 1 says empties are
 * stripped; on update that would make a set value impossible to remove). Optional texts become null,
 * optional lists and links their empty value; required fields keep their own 'is required' message.
 */
const blankAs = <T extends z.ZodType>(empty: unknown, schema: T) =>
  z.preprocess((v) => (isBlank(v) ? empty : v), schema);

const personalUpdateFields = {
  ...personalFields,
  dateOfBirth: clearable(dateOfBirthSchema),
  bio: clearable(bioSchema),
  // Replaced whole: a street or zip code left out is cleared.
  address: z.object(addressSchema.shape, { error: 'Address is required' }),
  emergencyContact: blankAs([], emergencyContactsSchema),
  socialMedia: blankAs({}, socialMediaSchema),
};
const employmentUpdateFields = {
  ...employmentFields,
  employmentType: clearable(employmentTypeSchema),
  roles: blankAs([], rolesSchema),
  notes: clearable(notesSchema),
};

/** Duration is required for Contract and Internship; every other type has none (spec 1 §4, §5). */
const durationRule = (v: { employmentType?: string | null; duration?: number }, ctx: z.RefinementCtx) => {
  const needs =
    v.employmentType && (EMPLOYMENT_TYPES_WITH_DURATION as readonly string[]).includes(v.employmentType);
  if (needs && !v.duration)
    ctx.addIssue({ code: 'custom', message: 'Duration is required', path: ['duration'] });
};

export const userCreateSchema = z
  .object({ ...personalFields, ...employmentFields, password: newUserPasswordSchema })
  .superRefine(durationRule);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({ ...personalUpdateFields, ...employmentUpdateFields })
  .partial()
  .superRefine(durationRule);
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const profileUpdateSchema = z.object(personalUpdateFields).partial();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Multipart fields that carry JSON text (spec 1 §7: nested values in multipart forms). */
export const USER_JSON_FIELDS = ['address', 'languages', 'roles', 'emergencyContact', 'socialMedia'] as const;

export const adminChangePasswordSchema = z
  .object({
    newPassword: passwordSchema,
    // Optional for API clients; sent empty, it is a missing confirmation rather than a mismatch.
    confirmNewPassword: z.string().min(1, 'Confirmation password is required').optional(),
  })
  .refine((v) => v.confirmNewPassword === undefined || v.confirmNewPassword === v.newPassword, {
    message: 'Confirmation password must match',
    path: ['confirmNewPassword'],
  });

/** A user as the API returns it. */
export type UserDto = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  gender: string;
  dateOfBirth: string | null;
  maritalStatus: string;
  employmentType: string | null;
  duration: number;
  languages: string[];
  bio: string | null;
  address: { street?: string; city: string; state: string; country: string; zipCode?: string } | null;
  roles: { _id: string; name: string; expiresAt: string | null }[];
  status: string;
  image: { url: string } | null;
  emergencyContact: EmergencyContact[];
  socialMedia: Record<string, string>;
  notes: string | null;
  lastPasswordChanged: string | null;
  lastLogin: string | null;
  isDeleted: boolean;
  deletedAt: string | null;
  deletedBy: { _id: string; name: string } | null;
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  isSuperAdmin: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /auth/me and the sign-in answer: the user plus what the session may do. */
export type MeDto = UserDto & {
  permissions: { resource: string; actions: string[] }[];
  /** Names of the user's roles that have expired (shown once per session). */
  expiredRoles: string[];
  mustChangePassword: boolean;
  /**
   * The company's state for GST (the server's COMPANY_STATE): a sale to a party registered there carries
   * CGST and SGST, elsewhere IGST. The party forms name it when a GSTIN and an address disagree.
   */
  companyState: string;
};

/** An entry of GET /admin/users/suggestion. */
export type UserSuggestionDto = { _id: string; name: string; email: string; image: { url: string } | null };
