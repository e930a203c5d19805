import { z } from 'zod';
import { GSTIN_MESSAGE, gstinProblem } from './money.ts';
import {
  EMAIL_MAX,
  EMAIL_MESSAGES,
  EMAIL_PATTERN,
  NEW_USER_PASSWORD_SPECIALS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_SPECIALS,
  SIGN_IN_PASSWORD_MESSAGES,
} from './sign-in.ts';
import { isInvisibleText, oneLineText } from './text.ts';
import { isCalendarDay } from './values.ts';

// Re-exported here, where they used to live; they sit in values.ts so that zod-free code can import them.
export { isCalendarDay, stripEmpty } from './values.ts';

/** Password rules for login, reset and new passwords (spec 1 §5). */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters long')
  .max(128, 'Password must not exceed 128 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one digit')
  .regex(/[@$!%*?&]/, `Password must contain at least one special character (${PASSWORD_SPECIALS})`);

/** Password rules for a new user created by an administrator (spec 1 §5, a different special set). */
export const newUserPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'At least 8 characters')
  .max(128, 'At most 128 characters')
  .regex(/[A-Z]/, 'At least one uppercase letter')
  .regex(/[a-z]/, 'At least one lowercase letter')
  .regex(/[0-9]/, 'At least one number')
  .regex(/[!@#$%^&*(),.?":{}|<>]/, `At least one special character (${NEW_USER_PASSWORD_SPECIALS})`);

/**
 * The password typed at sign-in is checked for presence and length only (spec 1 §5 names the length rule for
 * login): both rule sets above demand 8 to 128 characters, so no stored password is shorter, but their
 * special-character sets differ, so a password that passed the new-user rules (say with '#') must still be
 * able to sign in.
 */
export const signInPasswordSchema = z
  .string({ error: SIGN_IN_PASSWORD_MESSAGES.required })
  .min(1, SIGN_IN_PASSWORD_MESSAGES.required)
  .min(PASSWORD_MIN, SIGN_IN_PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, SIGN_IN_PASSWORD_MESSAGES.tooLong);

export const emailSchema = oneLineText({ error: EMAIL_MESSAGES.required }, 'Email')
  .toLowerCase()
  .min(1, EMAIL_MESSAGES.required)
  .max(EMAIL_MAX, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGES.format }));

export const PHONE_MESSAGE =
  'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).';
export const PHONE_RE = /^(?:[6-9]\d{9}|\d{3,5}-\d{6,8})$/;
export const phoneSchema = oneLineText({ error: 'Phone is required' }, 'Phone')
  .min(1, 'Phone is required')
  .regex(PHONE_RE, PHONE_MESSAGE);

/**
 * An empty value (null, or text that shows nothing: blank or invisible characters only, the text rule):
 * on update it clears an optional field; on create it is absent.
 */
export const isBlank = (v: unknown) => v === null || (typeof v === 'string' && isInvisibleText(v));
/** An optional field whose empty value means null ("clear"; on create: not given). */
export const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? null : v), schema.nullable());

/**
 * A GSTIN (issue 12): trimmed and upper-cased, then checked by its shape, state code and check character
 * (money.ts gstinProblem). Wrap in clearable() for an optional one.
 */
export const gstinSchema = oneLineText({ error: GSTIN_MESSAGE }, 'GSTIN')
  .toUpperCase()
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** At most two decimal places, judged on the number's shortest decimal form (exact: 12.34, not 12.345). */
export const hasAtMostTwoDecimals = (v: number) => /^-?\d+(\.\d{1,2})?$/.test(String(v));

export const urlSchema = oneLineText(undefined, 'URL')
  .max(2048, 'Please enter a valid URL.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL.');

/** GeoJSON point: coordinates [lat, lng] as the spec's clients send them. */
export const locationSchema = z.object(
  {
    type: z.literal('Point', { error: 'Location type must be Point' }),
    coordinates: z
      .array(z.number({ error: 'Coordinates must be numbers' }).finite(), {
        error: 'Location coordinates are required',
      })
      .length(2, 'Location must have exactly 2 coordinates')
      .refine(([lat, lng]) => Math.abs(lat!) <= 90 && Math.abs(lng!) <= 180, 'Location is out of range'),
  },
  { error: 'Location is required' },
);
export type GeoPoint = z.infer<typeof locationSchema>;

const deviceField = (name: string) =>
  oneLineText({ error: `Device ${name} is required` }, `Device ${name}`)
    .min(1, `Device ${name} is required`)
    .max(200, `Device ${name} is too long`);

export const deviceInfoSchema = z.object(
  {
    os: deviceField('os'),
    browser: deviceField('browser'),
    device: deviceField('device'),
    model: deviceField('model'),
  },
  { error: 'Device information is required' },
);
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** Security context the sign-in and password flows must carry (spec 1 §5). */
export const securityContextSchema = z.object({ location: locationSchema, deviceInfo: deviceInfoSchema });

/** A calendar date sent as YYYY-MM-DD or a full ISO timestamp. */
export const dateInputSchema = oneLineText({ error: 'Invalid date' }, 'Date').refine(
  (v) =>
    /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
    !Number.isNaN(Date.parse(v)) &&
    isCalendarDay(v),
  'Invalid date',
);

/**
 * For a cross-field refinement (`superRefine(fn, { when })`): run it when the fields it reads parsed, even
 * if others did not. Zod's default skips it whenever any field failed, so a form would show a message such
 * as 'Reason is required' only on its second submit, after the title was fixed.
 */
export const whenFieldsValid =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    // An issue without a path is about the whole value (not an object at all): nothing to compare.
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
