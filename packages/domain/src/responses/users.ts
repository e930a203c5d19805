import { z } from 'zod';
import type { RecordStamps, UserRef } from '../common/records.ts';
import type { RoleDto } from '../entities/role.ts';
import type { MeDto, UserDto, UserSuggestionDto } from '../entities/user.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';

const isoDateTime = z.string().describe('ISO 8601 date-time');
const image = z.object({ url: z.string() });

/** A user as another record names them (createdBy, assignedTo…). */
export const userRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().optional(),
  image: image.nullable().optional(),
});

/** The stamps every record carries. */
export const recordStampsShape = {
  createdBy: userRefSchema.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  isDeleted: z.boolean(),
  deletedAt: isoDateTime.nullable(),
  deletedBy: userRefSchema.nullable(),
};

export const userDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  maritalStatus: z.string(),
  employmentType: z.string().nullable(),
  duration: z.number(),
  languages: z.array(z.string()),
  bio: z.string().nullable(),
  address: z
    .object({
      street: z.string().optional(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      zipCode: z.string().optional(),
    })
    .nullable(),
  roles: z.array(z.object({ _id: z.string(), name: z.string(), expiresAt: z.string().nullable() })),
  status: z.string(),
  image: image.nullable(),
  emergencyContact: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
  socialMedia: z.record(z.string(), z.string()),
  notes: z.string().nullable(),
  lastPasswordChanged: isoDateTime.nullable(),
  lastLogin: isoDateTime.nullable(),
  isDeleted: z.boolean(),
  deletedAt: isoDateTime.nullable(),
  deletedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isSuperAdmin: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** GET /auth/me and the sign-in answer. */
export const meDtoSchema = userDtoSchema.extend({
  permissions: z.array(z.object({ resource: z.string(), actions: z.array(z.string()) })),
  expiredRoles: z.array(z.string()),
  mustChangePassword: z.boolean(),
  companyState: z.string(),
});

export const userSuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  image: image.nullable(),
});

export const roleDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.object({ resource: z.string(), actions: z.array(z.string()), module: z.string() })),
  expiresAt: isoDateTime.nullable(),
  isSystem: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

const checks: [
  Same<z.output<typeof userRefSchema>, UserRef>,
  Same<z.output<z.ZodObject<typeof recordStampsShape>>, RecordStamps>,
  Same<z.output<typeof userDtoSchema>, UserDto>,
  Same<z.output<typeof meDtoSchema>, MeDto>,
  Same<z.output<typeof userSuggestionSchema>, UserSuggestionDto>,
  Same<z.output<typeof roleDtoSchema>, RoleDto>,
] = [true, true, true, true, true, true];
void checks;

/** GET /admin/roles: every role on one page (the list is small), without the bounded count. */
export const roleListAnswerSchema = z.object({
  roles: z.array(roleDtoSchema),
  rolesCount: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});

/** GET /admin/users. */
export const userListAnswerSchema = listAnswer('users', userDtoSchema);
