/**
 * The sign-in rules without zod (spec 1 §5): the sign-in page checks them before sending and loads no schema
 * library for it, while `emailSchema` and `signInPasswordSchema` (fields.ts) are built from the same limits,
 * pattern and messages, so each rule and its words exist once.
 */

export const EMAIL_MAX = 254;
/** Zod's own e-mail pattern, named here so the zod-free check and `z.email` use the same one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MESSAGES = {
  required: 'Email is required',
  tooLong: 'Email is too long',
  format: 'Invalid email format',
} as const;

/** Both password rule sets demand 8 to 128 characters, so sign-in checks only these. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const SIGN_IN_PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must not exceed 128 characters',
} as const;

/** The e-mail as the server reads it: trimmed, lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The first problem with an e-mail address, or null (the order zod reports them in). */
export const emailProblem = (raw: string): string | null => {
  const email = normalizeEmail(raw);
  if (email.length < 1) return EMAIL_MESSAGES.required;
  if (email.length > EMAIL_MAX) return EMAIL_MESSAGES.tooLong;
  if (!EMAIL_PATTERN.test(email)) return EMAIL_MESSAGES.format;
  return null;
};

/** The first problem with a password typed at sign-in, or null. */
export const signInPasswordProblem = (password: string): string | null => {
  if (password.length < 1) return SIGN_IN_PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN) return SIGN_IN_PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX) return SIGN_IN_PASSWORD_MESSAGES.tooLong;
  return null;
};

export type SignInProblems = { email?: string; password?: string };

/** Every field's problem with a sign-in form, empty when it may be sent. */
export const signInProblems = (values: { email: string; password: string }): SignInProblems => {
  const email = emailProblem(values.email);
  const password = signInPasswordProblem(values.password);
  return { ...(email && { email }), ...(password && { password }) };
};

/** The special characters of the password rules (spec 1 §5): reset and own passwords, and a new user's. */
export const PASSWORD_SPECIALS = '@$!%*?&';
export const NEW_USER_PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
