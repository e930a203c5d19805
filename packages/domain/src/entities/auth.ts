import { z } from 'zod';
import {
  emailSchema,
  passwordSchema,
  phoneSchema,
  securityContextSchema,
  signInPasswordSchema,
} from '../common/fields.ts';
import { oneLineText } from '../common/text.ts';
import { VERIFICATION_METHODS } from '../enums.ts';

export const loginSchema = securityContextSchema.extend({
  email: emailSchema,
  password: signInPasswordSchema,
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** An empty confirmation says it is required, not that it needs 6 characters. */
const confirmMin = z
  .string({ error: 'Confirmation password is required' })
  .min(1, 'Confirmation password is required')
  .min(6, 'Confirmation password must be at least 6 characters');

/** Change own password (spec 1 §5). The form carries the confirmation; the API receives it too when sent. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z
      .string({ error: 'Old password is required' })
      .min(1, 'Old password is required')
      .min(6, 'Old password must be at least 6 characters'),
    newPassword: passwordSchema,
    confirmNewPassword: confirmMin,
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: 'Confirmation password must match',
    path: ['confirmNewPassword'],
  });

export const changePasswordSchema = securityContextSchema
  .extend({
    oldPassword: z
      .string({ error: 'Old password is required' })
      .min(1, 'Old password is required')
      .min(6, 'Old password must be at least 6 characters')
      .max(128, 'Password must not exceed 128 characters'),
    newPassword: passwordSchema,
    // Optional for API clients; sent empty, it is a missing confirmation rather than a mismatch.
    confirmNewPassword: z.string().min(1, 'Confirmation password is required').optional(),
  })
  .refine((v) => v.confirmNewPassword === undefined || v.newPassword === v.confirmNewPassword, {
    message: 'Confirmation password must match',
    path: ['confirmNewPassword'],
  });

const methodSchema = z.enum(VERIFICATION_METHODS, { error: 'Invalid verification method' });

const byMethod = <T extends { method: string; email?: string; phone?: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.method === 'email' && !v.email)
    ctx.addIssue({ code: 'custom', message: 'Email is required', path: ['email'] });
  if (v.method === 'phone' && !v.phone)
    ctx.addIssue({ code: 'custom', message: 'Phone is required', path: ['phone'] });
};

export const otpSchema = oneLineText({ error: 'OTP is required' })
  .min(1, 'OTP is required')
  .regex(/^\d{6}$/, 'OTP must be 6 digits');

export const resetSendOtpSchema = securityContextSchema
  .extend({ method: methodSchema, email: emailSchema.optional(), phone: phoneSchema.optional() })
  .superRefine(byMethod);

export const resetVerifyOtpSchema = securityContextSchema
  .extend({
    method: methodSchema,
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    otp: otpSchema,
    newPassword: passwordSchema,
    confirmNewPassword: z
      .string({ error: 'Confirmation password is required' })
      .min(1, 'Confirmation password is required'),
  })
  .superRefine(byMethod)
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: 'Confirmation password does not match',
    path: ['confirmNewPassword'],
  });

/** Account verification (the verification dialog). */
export const sendOtpSchema = z.object({ method: methodSchema });
export const verifyOtpSchema = z.object({ method: methodSchema, otp: otpSchema });

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_SECONDS = 30;
export const PHONE_METHOD_UNAVAILABLE = 'Verification by phone is not available. Please use email.';
