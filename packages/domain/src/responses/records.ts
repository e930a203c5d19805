import { z } from 'zod';
import type { CatalogueRecordDto } from '../entities/catalogue-list.ts';
import { MAIL_KINDS, MAIL_STATUSES, type MailDto } from '../entities/mail.ts';
import { MARGIN_LIST_KEY, MARGIN_TIERS, type MarginDto } from '../entities/margin-list.ts';
import type { TaskDto } from '../entities/task.ts';
import type { TeamDto } from '../entities/team.ts';
import { VENDOR_LIST_KEY, type VendorDto } from '../entities/vendor-list.ts';
import { TASK_PRIORITIES, TASK_STATUSES, TEAM_MEMBER_ROLES } from '../enums.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';
import { recordStampsShape, userRefSchema } from './users.ts';

/** Answers of the smaller record types: tasks, teams, vendors, the catalogue, margins, mail. */
const text = z.string().nullable();
const image = z.object({ url: z.string() }).nullable();

/** A suggestion of a record known by its name (roles, teams, vendors, the catalogue, margins). */
export const nameSuggestionSchema = z.object({ _id: z.string(), name: z.string() });

export const taskDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  title: z.string(),
  description: text,
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  date: z.string(),
  time: text,
  deadline: text,
  reason: text,
  assignedTo: z.array(userRefSchema),
  assignedBy: userRefSchema.nullable(),
});
export const taskListAnswerSchema = listAnswer('tasks', taskDtoSchema);

export const teamDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  name: z.string(),
  description: text,
  members: z.array(z.object({ user: userRefSchema, role: z.enum(TEAM_MEMBER_ROLES) })),
  membersCount: z.number().int(),
});
export const teamListAnswerSchema = listAnswer('teams', teamDtoSchema);

export const vendorDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  name: z.string(),
  email: text,
  phone: text,
  address: text,
  website: text,
  gstin: text,
  rating: z.number().nullable(),
  image,
  contactPerson: z
    .object({
      name: text.optional(),
      designation: text.optional(),
      email: text.optional(),
      phone: text.optional(),
    })
    .nullable(),
});
export const vendorListAnswerSchema = listAnswer(VENDOR_LIST_KEY, vendorDtoSchema);

/** A brand, category or class. */
export const catalogueRecordDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  name: z.string(),
  description: text,
  image,
});

export const marginDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  name: z.string(),
  description: text,
  margins: z.object(
    Object.fromEntries(MARGIN_TIERS.map((t) => [t, z.number()])) as Record<
      (typeof MARGIN_TIERS)[number],
      z.ZodNumber
    >,
  ),
  isActive: z.boolean(),
});
export const marginListAnswerSchema = listAnswer(MARGIN_LIST_KEY, marginDtoSchema);

export const mailDtoSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.enum(MAIL_KINDS),
  status: z.enum(MAIL_STATUSES),
  error: text,
  explanation: text,
  link: text,
  createdAt: z.string(),
  sentAt: text,
  canResend: z.boolean(),
});
export const mailListAnswerSchema = listAnswer('mails', mailDtoSchema);

const checks: [
  Same<z.output<typeof taskDtoSchema>, TaskDto>,
  Same<z.output<typeof teamDtoSchema>, TeamDto>,
  Same<z.output<typeof vendorDtoSchema>, VendorDto>,
  Same<z.output<typeof catalogueRecordDtoSchema>, CatalogueRecordDto>,
  Same<z.output<typeof marginDtoSchema>, MarginDto>,
  Same<z.output<typeof mailDtoSchema>, MailDto>,
] = [true, true, true, true, true, true];
void checks;
