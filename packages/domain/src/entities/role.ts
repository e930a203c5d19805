import { z } from 'zod';
import { isCalendarDay } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { todayInAppZone } from '../dates.ts';
import { MODULES } from '../enums.ts';
import { ACTIONS, RESOURCES } from '../permissions.ts';

const resourceNames = new Set(RESOURCES.map((r) => r.name));

export const rolePermissionSchema = z.object({
  resource: z
    .string({ error: 'Invalid resource. Please provide a valid resource.' })
    .refine((v) => resourceNames.has(v), 'Invalid resource. Please provide a valid resource.'),
  actions: z
    .array(z.enum(ACTIONS, { error: 'Invalid action.' }), {
      error: 'At least one action permission is required.',
    })
    .min(1, 'At least one action permission is required.'),
  module: z.enum(MODULES).optional(),
});

/** expiresAt: optional; if set, today or later (compared as calendar days). */
export const roleExpiresAtSchema = oneLineText()
  .refine((v) => !Number.isNaN(Date.parse(v)) && isCalendarDay(v), { message: 'Invalid date', abort: true })
  .refine((v) => v.slice(0, 10) >= todayInAppZone(), 'Expiration date must be today or in the future.');

const roleFields = {
  name: oneLineText({ error: 'Role name is required.' })
    .min(1, 'Role name cannot be empty.')
    .max(100, 'Role name must not exceed 100 characters.'),
  description: multiLineText({ error: 'Description is required.' })
    .min(1, 'Description cannot be empty.')
    .max(500, 'Description must not exceed 500 characters.'),
  permissions: z
    .array(rolePermissionSchema, { error: 'Permissions array is required.' })
    .min(1, 'At least one permission is required.'),
  expiresAt: roleExpiresAtSchema.nullable().optional(),
};

export const roleCreateSchema = z.object(roleFields);
export type RoleInput = z.infer<typeof roleCreateSchema>;
export const roleUpdateSchema = z.object(roleFields).partial();

export type RoleDto = {
  _id: string;
  name: string;
  description: string;
  permissions: { resource: string; actions: string[]; module: string }[];
  expiresAt: string | null;
  isSystem: boolean;
  createdAt: string;
  updatedAt: string;
};
