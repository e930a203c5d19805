import { z } from 'zod';
import type { ActivityDto } from '../entities/activity.ts';
import type { Same } from './same.ts';

/** Answers of the sign-in codes, the activity log and the permission catalogue. */

/** POST /auth/{id}/send-otp: the code is on its way; how long it lives and when another may be asked. */
export const verificationCodeSentSchema = z.object({
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});

/** POST /auth/{id}/verify-otp: the message again, as data. */
export const emailVerifiedSchema = z.object({ message: z.string() });

/**
 * POST /auth/reset-password/send-otp: when another code may be asked; the same whether or not the e-mail
 * has an account, so the answer tells nobody who has one.
 */
export const resetCodeRequestedSchema = z.object({ resendInSeconds: z.number().int() });

/** GET /auth/who-can: active users holding every permission asked about, at most five, and how many. */
export const whoCanSchema = z.object({
  users: z.array(z.object({ _id: z.string(), name: z.string() })),
  total: z.number().int().min(0),
});

/** GET /admin/resources: the permission catalogue, by module. */
export const permissionResourceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  module: z.string(),
  actions: z.array(z.string()),
});

/** One entry of a user's activity log (sign-ins, password changes, exports…). */
export const activityDtoSchema = z.object({
  _id: z.string(),
  type: z.string(),
  ipAddress: z.string().nullable(),
  deviceInfo: z
    .object({ os: z.string(), browser: z.string(), device: z.string(), model: z.string() })
    .nullable(),
  message: z.string(),
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  createdAt: z.string(),
});

/** GET /admin/users/{id}/activities: newest first, paged. */
export const activityPageSchema = z.object({
  activities: z.array(activityDtoSchema),
  activitiesCount: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});

const checks: [Same<z.output<typeof activityDtoSchema>, ActivityDto>] = [true];
void checks;
