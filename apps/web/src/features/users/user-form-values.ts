import { zodResolver } from '@hookform/resolvers/zod';
import {
  EDITABLE_USER_STATUSES,
  EMPLOYMENT_TYPES_WITH_DURATION,
  type EmergencyContact,
  profileUpdateSchema,
  stripEmpty,
  type UserDto,
  userCreateSchema,
  userUpdateSchema,
} from '@karya/domain';
import type { Resolver } from 'react-hook-form';

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

/** Fields an administrator sets; the profile form neither shows nor sends them. */
const ADMIN_ONLY = ['employmentType', 'duration', 'roles', 'status', 'notes'] as const;

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

/**
 * What is validated and sent: empty values stripped (spec 1 §5), fields the mode does not have removed.
 * Required fields are kept as typed, so a cleared one fails with its own 'is required' message instead of
 * silently dropping out of a partial (update) schema.
 */
export const userPayloadFrom = (values: UserFormValues, mode: UserFormMode): Record<string, unknown> => {
  const { password, deleteImage, ...rest } = values;
  const out = stripEmpty({
    ...rest,
    duration: rest.duration === '' ? undefined : Number(rest.duration),
  }) as Record<string, unknown>;
  for (const k of ['name', 'email', 'phone', 'gender', 'maritalStatus'] as const) out[k] = values[k];
  out.languages = values.languages;
  out.address = {
    ...(stripEmpty(values.address) as object),
    city: values.address.city,
    state: values.address.state,
    country: values.address.country,
  };
  if (mode === 'create') out.password = password;
  if (mode !== 'update') delete out.status;
  if (mode === 'profile') for (const k of ADMIN_ONLY) delete out[k];
  // A contract type needs a duration; the others always send 0 so an old duration does not linger.
  if (mode !== 'profile' && out.employmentType && !hasDuration(String(out.employmentType))) out.duration = 0;
  if (deleteImage) out.deleteImage = true;
  return out;
};

export const schemaFor = (mode: UserFormMode) =>
  mode === 'create' ? userCreateSchema : mode === 'update' ? userUpdateSchema : profileUpdateSchema;

/** The domain schema of the mode, applied to the payload the form would send. */
export const userFormResolver = (mode: UserFormMode): Resolver<UserFormValues> => {
  const base = zodResolver(schemaFor(mode) as never) as unknown as Resolver<Record<string, unknown>>;
  return ((values, context, options) =>
    base(
      userPayloadFrom(values as UserFormValues, mode),
      context,
      options as never,
    )) as Resolver<UserFormValues>;
};

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
