import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../entities/attendance-day.ts';
import type { AdminDashboard, CrmDashboard, FollowUpCounts } from '../entities/dashboard.ts';
import type { HrmDashboard } from '../entities/holiday.ts';
import { attendanceDaySchema, holidayDtoSchema } from './attendance.ts';
import { leaveBalanceSchema } from './hrm.ts';
import { taskDtoSchema } from './records.ts';
import type { Same } from './same.ts';

/** Answers of the three dashboards and the follow-up queue beside the menu. */
const count = z.number().int().min(0);
const ref = z.object({ _id: z.string(), name: z.string() });
const roleSummary = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});

/** GET /admin/dashboard (spec 1 §2); "new" is this week, Monday to Sunday in India. */
export const adminDashboardSchema = z.object({
  users: z.object({
    new: count,
    total: count,
    newThisWeek: z.array(
      z.object({ _id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() }),
    ),
  }),
  roles: z.object({
    total: count,
    newRoles: z.array(roleSummary),
    updatedRoles: z.array(roleSummary),
    expiredRoles: z.array(roleSummary),
  }),
  verifications: z.object({
    total: count,
    new: count,
    unverified: count,
    quotation: count,
    retiredGst: count.describe('Live items whose GST rate is no longer in force; not part of total'),
  }),
  unVerifiedItems: z.array(z.object({ name: z.string(), createdAt: z.string(), createdBy: ref.nullable() })),
  suggestedItems: z.array(
    z.object({
      name: z.string(),
      createdAt: z.string(),
      createdBy: ref.nullable(),
      preferredBrand: z.string().nullable(),
    }),
  ),
  unVerifiedQuotations: z.array(
    z.object({
      activeVersion: z.object({ title: z.string(), createdBy: ref.nullable() }),
      createdAt: z.string(),
      customer: ref.nullable(),
    }),
  ),
  teams: z.object({ total: count, newTeams: count }),
});

const followUpSummary = z.object({
  _id: z.string(),
  followUpId: z.number().int(),
  customer: ref.nullable(),
  type: z.string(),
  reason: z.string(),
  date: z.string().describe('YYYY-MM-DD in India (the planned next follow-up’s when planned)'),
  time: z.string().describe('HH:mm in India (the planned next follow-up’s when planned)'),
  status: z.string(),
  planned: z.boolean().describe('The row is the next follow-up a Completed one planned'),
});

/** GET /crm/dashboard: each part in the caller's row scope, zeros without read on its resource. */
export const crmDashboardSchema = z.object({
  customers: z.object({
    total: count,
    new: count,
    newCustomers: z.array(
      z.object({
        _id: z.string(),
        customerId: z.number().int(),
        name: z.string(),
        type: z.string(),
        email: z.string().nullable(),
      }),
    ),
  }),
  followUps: z.object({
    total: count,
    upcoming: count,
    upcomingFollowUps: z.array(followUpSummary),
    noResponseFollowUps: z.array(followUpSummary),
    overdue: count,
    dueToday: count,
    perDay: z
      .array(z.object({ date: z.string(), count }))
      .describe('The work still ahead per day, today first (CRM_CHART_DAYS entries)'),
  }),
  requirements: z.object({
    newRequirements: count,
    new: count,
    open: count,
    closed: count,
    total: count,
    byStatus: z.array(z.object({ status: z.string(), count })),
  }),
  productItems: z.object({ totalCount: count, verifiedCount: count, unverifiedCount: count }),
  quotations: z.object({
    total: count,
    new: count,
    draft: count,
    pendingReview: count,
    approved: count,
    rejected: count,
    draftValue: z.number().describe('Rupees with GST of the Draft quotations'),
  }),
});

/** GET /crm/dashboard/follow-up-counts: the badge beside the menu entry. */
export const followUpCountsSchema = z.object({ overdue: count, dueToday: count });

/** GET /hrm/dashboard: the caller's own work; each part `visible` false (and empty) without read on it. */
export const hrmDashboardSchema = z.object({
  tasks: z.object({
    visible: z.boolean(),
    upcoming: z.array(taskDtoSchema),
    overdue: z.array(taskDtoSchema),
    openCount: count,
  }),
  holidays: z.array(holidayDtoSchema),
  attendance: z.object({
    visible: z.boolean(),
    today: attendanceDaySchema.nullable(),
    team: z
      .object({
        total: count,
        counts: z.partialRecord(z.enum([...ATTENDANCE_STATUSES, 'Not in yet']), count),
      })
      .nullable(),
    pendingCorrections: count,
  }),
  leave: z.object({
    visible: z.boolean(),
    balances: z.array(leaveBalanceSchema),
    myPending: count,
    pendingApprovals: count,
  }),
  expenses: z.object({
    visible: z.boolean(),
    myOpen: count,
    myOpenAmount: z.number().describe('Rupees'),
    pendingApprovals: count,
    toPay: count,
  }),
});

const checks: [
  Same<z.output<typeof adminDashboardSchema>, AdminDashboard>,
  Same<z.output<typeof crmDashboardSchema>, CrmDashboard>,
  Same<z.output<typeof followUpCountsSchema>, FollowUpCounts>,
  Same<z.output<typeof hrmDashboardSchema>, HrmDashboard>,
] = [true, true, true, true];
void checks;
