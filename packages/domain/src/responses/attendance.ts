import { z } from 'zod';
import {
  ATTENDANCE_STATUSES,
  type AttendanceDay,
  type AttendanceMonthDto,
  type AttendanceRules,
  type AttendanceTeamDayDto,
  CORRECTION_STATUSES,
  type CorrectionDto,
  PUNCH_KINDS,
  type PunchDto,
} from '../entities/attendance-day.ts';
import type { HolidayDto } from '../entities/holiday.ts';
import { HOLIDAY_KINDS } from '../enums.ts';
import type { Same } from './same.ts';

/** Answers of attendance and holidays (issue 28; decision 0022). */
const text = z.string().nullable();
const ref = z.object({ _id: z.string(), name: z.string() });

export const holidayDtoSchema = z.object({
  _id: z.string(),
  date: z.string(),
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  region: z.string(),
});
/** GET /hrm/holidays. */
export const holidaysAnswerSchema = z.object({ holidays: z.array(holidayDtoSchema) });

/** GET and PUT /hrm/attendances/rules. */
export const attendanceRulesDtoSchema = z.object({
  officeStart: z.string().describe('HH:MM, India time'),
  officeEnd: z.string().describe('HH:MM, India time'),
  graceMinutes: z.number().int(),
  halfDayBelowMinutes: z.number().int(),
  weeklyOff: z.array(z.number().int().min(0).max(6)).describe('0 is Sunday'),
});

export const punchDtoSchema = z.object({
  _id: z.string(),
  kind: z.enum(PUNCH_KINDS),
  at: z.string(),
  day: z.string().describe('The India calendar day it counts for'),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  device: text,
  receivedAt: z.string(),
});

/** What one day was for one person. */
export const attendanceDaySchema = z.object({
  date: z.string(),
  status: z.enum(ATTENDANCE_STATUSES).nullable().describe('null for a day still to come'),
  firstIn: text,
  lastOut: text,
  workedMinutes: z.number(),
  late: z.boolean(),
  missingCheckOut: z.boolean(),
  open: z.boolean(),
  holiday: text,
  visits: z.number().int(),
});

/** POST /hrm/attendances/punches: the punch (the one already there, for a replay) and its day. */
export const punchAnswerSchema = z.object({ punch: punchDtoSchema, day: attendanceDaySchema });

/** GET /hrm/attendances/month. */
export const attendanceMonthDtoSchema = z.object({
  month: z.string(),
  user: ref,
  rules: attendanceRulesDtoSchema,
  days: z.array(attendanceDaySchema),
  summary: z.record(z.enum(ATTENDANCE_STATUSES), z.number().int()),
  today: z.object({ date: z.string(), punches: z.array(punchDtoSchema), open: z.boolean() }),
});

/** GET /hrm/attendances/team. */
export const attendanceTeamDayDtoSchema = z.object({
  date: z.string(),
  manages: z.boolean(),
  members: z.array(z.object({ user: ref, teams: z.array(z.string()), day: attendanceDaySchema })),
});

export const correctionDtoSchema = z.object({
  _id: z.string(),
  user: ref,
  date: z.string(),
  kind: z.enum(PUNCH_KINDS),
  at: z.string(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  decidedBy: ref.nullable(),
  decidedAt: text,
  decisionReason: text,
  createdAt: z.string(),
  canDecide: z.boolean(),
});
/** GET /hrm/attendances/corrections: newest first, at most 100. */
export const correctionListAnswerSchema = z.object({ corrections: z.array(correctionDtoSchema) });

const checks: [
  Same<z.output<typeof holidayDtoSchema>, HolidayDto>,
  Same<z.output<typeof attendanceRulesDtoSchema>, AttendanceRules>,
  Same<z.output<typeof punchDtoSchema>, PunchDto>,
  Same<z.output<typeof attendanceDaySchema>, AttendanceDay>,
  Same<z.output<typeof attendanceMonthDtoSchema>, AttendanceMonthDto>,
  Same<z.output<typeof attendanceTeamDayDtoSchema>, AttendanceTeamDayDto>,
  Same<z.output<typeof correctionDtoSchema>, CorrectionDto>,
] = [true, true, true, true, true, true, true];
void checks;
