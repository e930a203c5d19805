import { z } from 'zod';
import { deviceInfoSchema, locationSchema } from '../common/fields.ts';
import { oneLineText } from '../common/text.ts';
import { ACTIVITY_TYPES } from '../enums.ts';
import { objectIdSchema } from '../ids.ts';

/** POST /admin/user-activities: a client-side event worth auditing (e.g. a customer export). */
export const activityCreateSchema = z.object({
  type: z.enum(ACTIVITY_TYPES, { error: 'Invalid activity type' }),
  deviceInfo: deviceInfoSchema,
  location: locationSchema,
  user: objectIdSchema.optional(),
  message: oneLineText().min(1, 'Message is required').max(500, 'Message is too long'),
});

export type ActivityDto = {
  _id: string;
  type: string;
  ipAddress: string | null;
  deviceInfo: { os: string; browser: string; device: string; model: string } | null;
  message: string;
  location: { type: 'Point'; coordinates: [number, number] } | null;
  createdAt: string;
};
