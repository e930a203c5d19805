// Deliberate import circle with ./user-validation.ts (loaded lazily): keeps zod out of the first paint.
import {
  EDITABLE_USER_STATUSES,
  EMPLOYMENT_TYPES_WITH_DURATION,
  type EmergencyContact,
  stripEmpty,
  type UserDto,
} from '@karya/domain';
import type { Resolver } from 'react-hook-form';
import { lazyValidation } from '../../lib/lazy-validation';

export type UserFormMode = 'create' | 'update' | 'profile';

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What the inputs hold: every text is a string ('' when empty) so inputs stay controlled. */
export type UserFormValues = {
  name: string;
  email: string;
  phone: string;
  gender: string;
  dateOfBirth: string;
  maritalStatus: string;
  employmentType: string;
  duration: string;
  languages: string[];
  bio: string;
  address: { street: string; city: string; state: string; country: string; zipCode: string };
  roles: string[];
  status: string;
  notes: string;
  password: string;
  emergencyContact: EmergencyContact[];
  socialMedia: Record<SocialNetwork, string>;
  deleteImage: boolean;
};

export const hasDuration = (employmentType: string) =>
  (EMPLOYMENT_TYPES_WITH_DURATION as readonly string[]).includes(employmentType);

/** Spec 1 §4: an employment type other than Contract or Internship has no duration. */
export const durationAfterTypeChange = (employmentType: string, duration: string) =>
  hasDuration(employmentType) ? duration : '0';

export const emptyUserFormValues = (): UserFormValues => ({
  name: '',
  email: '',
  phone: '',
  gender: '',
  dateOfBirth: '',
  maritalStatus: '',
  employmentType: '',
  duration: '0',
  languages: [],
  bio: '',
  // The form defaults state and country (spec 1 §5).
  address: { street: '', city: '', state: 'Odisha', country: 'India', zipCode: '' },
  roles: [],
  status: '',
  notes: '',
  password: '',
  emergencyContact: [],
  socialMedia: { facebook: '', twitter: '', instagram: '', linkedin: '', youtube: '' },
  deleteImage: false,
});

/** The form's starting values for an existing user (update and profile). */
export const userFormValuesFrom = (user: UserDto | null | undefined): UserFormValues => {
  const base = emptyUserFormValues();
  if (!user) return base;
  return {
    ...base,
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    gender: user.gender ?? '',
    dateOfBirth: user.dateOfBirth ? user.dateOfBirth.slice(0, 10) : '',
    maritalStatus: user.maritalStatus ?? '',
    employmentType: user.employmentType ?? '',
    duration: String(user.duration ?? 0),
    languages: user.languages ?? [],
    bio: user.bio ?? '',
    address: {
      street: user.address?.street ?? '',
      city: user.address?.city ?? '',
      state: user.address?.state ?? '',
      country: user.address?.country ?? '',
      zipCode: user.address?.zipCode ?? '',
    },
    roles: (user.roles ?? []).map((r) => r._id),
    // Blocked, Deleted and Recovered come from lifecycle actions, not from this form.
    status: (EDITABLE_USER_STATUSES as readonly string[]).includes(user.status) ? user.status : '',
    notes: user.notes ?? '',
    emergencyContact: (user.emergencyContact ?? []).map((c) => ({ ...c })),
    socialMedia: {
      ...base.socialMedia,
      ...Object.fromEntries(SOCIAL_NETWORKS.map((k) => [k, user.socialMedia?.[k] ?? ''])),
    },
  };
};

const addressOf = (values: UserFormValues) => ({
  ...(stripEmpty(values.address) as object),
  city: values.address.city,
  state: values.address.state,
  country: values.address.country,
});

const updatePayloadFrom = (values: UserFormValues, mode: UserFormMode): Record<string, unknown> => {
  const out: Record<string, unknown> = {
    name: values.name,
    email: values.email,
    phone: values.phone,
    gender: values.gender,
    dateOfBirth: values.dateOfBirth,
    maritalStatus: values.maritalStatus,
    languages: values.languages,
    bio: values.bio,
    address: addressOf(values),
    emergencyContact: values.emergencyContact,
    socialMedia: stripEmpty(values.socialMedia),
  };
  if (mode === 'update') {
    out.employmentType = values.employmentType;
    // A contract type needs a duration; the others always send 0 so an old duration does not linger.
    out.duration = hasDuration(values.employmentType) ? Number(values.duration || 0) : 0;
    out.roles = values.roles;
    out.notes = values.notes;
    // A status is never cleared: none picked (a Blocked or Deleted user) means unchanged.
    if (values.status) out.status = values.status;
  }
  if (values.deleteImage) out.deleteImage = true;
  return out;
};

/**
 * The update request: only the fields the user changed against the loaded user (so someone else's edit
 * of another field survives), each as validated; a cleared optional text (null after validation) as ''.
 */
export const changedUserPayload = (
  validated: Record<string, unknown>,
  values: UserFormValues,
  initial: UserFormValues,
): Record<string, unknown> => {
  const changed = (k: keyof UserFormValues) => JSON.stringify(values[k]) !== JSON.stringify(initial[k]);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(validated)) {
    const sent =
      k === 'deleteImage' ||
      (k in initial && changed(k as keyof UserFormValues)) ||
      // The duration belongs to the employment type: a new type takes its duration along.
      (k === 'duration' && changed('employmentType'));
    if (sent) out[k] = v ?? '';
  }
  return out;
};

const createPayloadFrom = (values: UserFormValues): Record<string, unknown> => {
  const { password, deleteImage, ...rest } = values;
  const out = stripEmpty({
    ...rest,
    duration: rest.duration === '' ? undefined : Number(rest.duration),
  }) as Record<string, unknown>;
  for (const k of ['name', 'email', 'phone', 'gender', 'maritalStatus'] as const) out[k] = values[k];
  out.languages = values.languages;
  out.address = addressOf(values);
  out.password = password;
  delete out.status;
  // A contract type needs a duration; the others always send 0.
  if (out.employmentType && !hasDuration(String(out.employmentType))) out.duration = 0;
  if (deleteImage) out.deleteImage = true;
  return out;
};

/**
 * What is validated and sent. Create: empty values stripped (spec 1 §5). Update and profile: every field
 * as the form holds it, an emptied one included, since on update an empty value means "clear it" (bio,
 * notes, date of birth and employment type as '', contacts and roles as [], social links as {}; the
 * address goes whole, without a blank street or zip code). Fields the mode does not have are removed.
 * Required fields are kept as typed, so a cleared one fails with its own 'is required' message.
 */
export const userPayloadFrom = (values: UserFormValues, mode: UserFormMode): Record<string, unknown> =>
  mode === 'create' ? createPayloadFrom(values) : updatePayloadFrom(values, mode);

/** The user form's validation (user-validation.ts: zod and the schemas), downloaded as the form renders. */
export const userValidation = lazyValidation(() => import('./user-validation'));

/** The domain schema of the mode, applied to the payload the form would send. */
export const userFormResolver = (mode: UserFormMode): Resolver<UserFormValues> =>
  userValidation.resolver((m) => m.userFormResolvers[mode]);

/** Server field names a message may name, in the order they are checked (spec 1 §8 field errors). */
const MESSAGE_FIELDS: [RegExp, string][] = [
  [/\bemail\b/i, 'email'],
  [/\bphone\b/i, 'phone'],
  [/\brole/i, 'roles'],
  [/\bpassword\b/i, 'password'],
  [/date of birth/i, 'dateOfBirth'],
  [/\blanguage/i, 'languages'],
  [/\bduration\b/i, 'duration'],
  [/employment type/i, 'employmentType'],
];

/**
 * The form field a failed call points at: a validation error's path, or a field named in a 400/409
 * message ('Email already exists'). Null when the message belongs in a toast.
 */
export const fieldOfServerError = (
  status: number,
  body: unknown,
  message: string,
  fields: readonly string[],
): { field: string; message: string } | null => {
  if (status !== 400 && status !== 409) return null;
  const errors = (body as { errors?: { path?: string; message?: string }[] } | undefined)?.errors;
  const first = errors?.find((e) => e.path && fields.includes(e.path.split('.')[0]!));
  if (first?.path) return { field: first.path, message: first.message ?? message };
  for (const [re, field] of MESSAGE_FIELDS)
    if (re.test(message) && fields.includes(field)) return { field, message };
  return null;
};
