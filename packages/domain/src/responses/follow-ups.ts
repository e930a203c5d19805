import { z } from 'zod';
import {
  FOLLOW_UP_LIST_KEY,
  FOLLOW_UP_REASONS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_TYPES,
  type FollowUpDto,
  type NextFollowUpDto,
} from '../entities/follow-up-list.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';
import { recordStampsShape, userRefSchema } from './users.ts';

/** Answers of follow-ups (spec 2; decision 0007). */
const text = z.string().nullable();

export const nextFollowUpDtoSchema = z.object({
  nextRequired: z.boolean(),
  type: z.enum(FOLLOW_UP_TYPES).nullable(),
  date: text,
  time: text,
  visitors: z.array(userRefSchema),
  followUpBy: userRefSchema.nullable(),
});

/** A follow-up as the list, the detail, the suggestions and every write answer it. */
export const followUpDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  followUpId: z.number().int(),
  customer: z.object({ _id: z.string(), customerId: z.number().int(), name: z.string() }).nullable(),
  type: z.enum(FOLLOW_UP_TYPES),
  reason: z.enum(FOLLOW_UP_REASONS),
  requirement: z.object({ _id: z.string(), requirementId: z.number().int(), title: z.string() }).nullable(),
  quotation: text.describe('The quotation’s id, for a Quotation reason'),
  project: text.describe('The project’s id, for a Project reason'),
  otherReason: text,
  date: z.string().describe('YYYY-MM-DD, the day in India'),
  time: z.string().describe('HH:mm, India time'),
  visitors: z.array(userRefSchema),
  followUpBy: userRefSchema.nullable(),
  status: z.enum(FOLLOW_UP_STATUSES),
  response: text,
  remarks: text,
  nextFollowUp: nextFollowUpDtoSchema.nullable(),
  updatedBy: userRefSchema.nullable(),
});
/** The follow-up list, and the follow-ups of one customer, requirement or quotation. */
export const followUpListAnswerSchema = listAnswer(FOLLOW_UP_LIST_KEY, followUpDtoSchema);

const checks: [
  Same<z.output<typeof nextFollowUpDtoSchema>, NextFollowUpDto>,
  Same<z.output<typeof followUpDtoSchema>, FollowUpDto>,
] = [true, true];
void checks;
