import {
  ATTENDANCE_PATH,
  type AttendanceRules,
  type HolidayDto,
  LEAVE_PATH,
  type LeaveAllocationsDto,
  type LeaveBalancesDto,
  type LeaveCalendarDto,
  type LeaveDto,
  type LeaveHalf,
  type LeaveType,
  type ListPage,
  type ListQuery,
  MAX_PAGE_SIZE,
} from '@karya/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { queryKeys, recordKeys } from '../../lib/query-keys';

// Leave's calls (issue 28, decision 0023): the list, one leave and its history, balances, the team's
// calendar, allocations; apply, decide and cancel. Every key starts with 'leaves', so a change refreshes all.

export const leaveKeys = {
  ...recordKeys('leaves'),
  /** The signed-in user's own applications (My leave). */
  mine: (userId: string) => ['leaves', 'mine', userId] as const,
  /** Pending applications the caller sees (Waiting for you keeps those they may decide). */
  waiting: () => ['leaves', 'waiting'] as const,
  balances: (year: number, user: string | null) => ['leaves', 'balances', year, user ?? 'me'] as const,
  calendar: (month: string) => ['leaves', 'calendar', month] as const,
  allocations: (year: number) => ['leaves', 'allocations', year] as const,
};

export type LeavesPage = ListPage<'leaves', LeaveDto>;

const STALE_MS = 60_000;
const leaveApi = recordApi<LeavesPage, LeaveDto>({ base: LEAVE_PATH, keys: leaveKeys });

/** GET /hrm/leaves: a page of the leave the caller sees (own, their teams', or all with view-all). */
export const fetchLeaves = leaveApi.fetchList;
/** A page of the All leave list; the previous page stays on screen while the next loads. */
export const useLeavesList = leaveApi.useList;
/** GET /hrm/leaves/{id}. */
export const useLeave = leaveApi.useOne;
/** Where a leave's history is read (the detail page's History section). */
export const leaveHistoryPath = (id: string) => leaveApi.path(id, '/history');

/** How many of their own applications My leave shows (newest first); the rest are in All leave. */
export const MY_LEAVES_LIMIT = 20;

/** The signed-in user's applications, newest first (GET /hrm/leaves filtered on them). */
export const useMyLeaves = (userId: string | undefined) =>
  useQuery({
    queryKey: leaveKeys.mine(userId ?? ''),
    queryFn: ({ signal }) =>
      fetchLeaves(
        {
          page: 1,
          limit: MY_LEAVES_LIMIT,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          filters: { user: [userId ?? ''] },
        } satisfies ListQuery,
        signal,
      ),
    enabled: Boolean(userId),
    staleTime: STALE_MS,
  });

/** Pending applications the caller sees, soonest first; Waiting for you keeps those with canDecide. */
export const useWaitingLeaves = (enabled = true) =>
  useQuery({
    queryKey: leaveKeys.waiting(),
    queryFn: ({ signal }) =>
      fetchLeaves(
        {
          page: 1,
          limit: MAX_PAGE_SIZE,
          sortBy: 'from',
          sortOrder: 'asc',
          filters: { status: ['Pending'] },
        } satisfies ListQuery,
        signal,
      ),
    enabled,
    staleTime: STALE_MS,
  });

/** GET /hrm/leaves/balances?year=: the signed-in user's balances (or `user`'s, for a manager). */
export const useLeaveBalances = (year: number, user: string | null = null, enabled = true) =>
  useQuery({
    queryKey: leaveKeys.balances(year, user),
    queryFn: async ({ signal }) =>
      (
        await api.get<LeaveBalancesDto>(
          `${LEAVE_PATH}/balances`,
          { year: String(year), user: user ?? undefined },
          { signal },
        )
      ).data as LeaveBalancesDto,
    enabled,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

/**
 * GET /hrm/leaves/calendar?month=: the approved and pending leave of the people the caller sees; `team`
 * says whether that is a team (a manager, or view-all) or only their own. The previous month stays on
 * screen while the next loads.
 */
export const useLeaveCalendar = (month: string, enabled = true) =>
  useQuery({
    queryKey: leaveKeys.calendar(month),
    queryFn: async ({ signal }) =>
      (await api.get<LeaveCalendarDto>(`${LEAVE_PATH}/calendar`, { month }, { signal }))
        .data as LeaveCalendarDto,
    enabled,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

/** GET /hrm/leaves/allocations?year= (allocate on leave). */
export const useLeaveAllocations = (year: number, enabled = true) =>
  useQuery({
    queryKey: leaveKeys.allocations(year),
    queryFn: async ({ signal }) =>
      (await api.get<LeaveAllocationsDto>(`${LEAVE_PATH}/allocations`, { year: String(year) }, { signal }))
        .data as LeaveAllocationsDto,
    enabled,
    staleTime: STALE_MS,
  });

/**
 * The company's weekly offs (GET /hrm/attendances/rules, read on attendance): asked only with that
 * permission, so the working-days preview knows them. Under the attendance key, so saved rules refresh it.
 */
export const useWeeklyOff = (enabled: boolean) =>
  useQuery({
    queryKey: ['attendance', 'rules'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<AttendanceRules>(`${ATTENDANCE_PATH}/rules`, undefined, { signal }))
        .data as AttendanceRules,
    enabled,
    staleTime: 5 * STALE_MS,
    select: (rules) => rules.weeklyOff,
  });

/** GET /hrm/holidays?from=&to=: the national and Odisha holidays of a year, as a set of days. */
export const useHolidays = (year: number, enabled = true) =>
  useQuery({
    queryKey: ['holidays', year] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ holidays: HolidayDto[] }>(
          '/hrm/holidays',
          { from: `${year}-01-01`, to: `${year}-12-31` },
          { signal },
        )
      ).data?.holidays ?? [],
    enabled,
    staleTime: 30 * STALE_MS,
  });

// ------------------------------------------------------------------------------------------------ writes

/** POST /hrm/leaves: the caller's own application, Pending. */
export type LeaveApplicationBody = {
  leaveType: LeaveType;
  from: string;
  to: string;
  half: LeaveHalf | null;
  reason: string;
};
/** Sent whole: a full day's `half: null` goes as null (the contract's body), not stripped. */
export const applyLeave = (body: LeaveApplicationBody, idempotencyKey: string) =>
  api.send<LeaveDto>('POST', LEAVE_PATH, body, { idempotencyKey, keepEmpty: true });

/** PATCH /hrm/leaves/{id}/decision: approve, or reject with a reason. */
export const decideLeave = (
  id: string,
  body: { decision: 'Approved' | 'Rejected'; reason?: string },
  idempotencyKey: string,
) => api.patch<LeaveDto>(leaveApi.path(id, '/decision'), body, { idempotencyKey });

/** PATCH /hrm/leaves/{id}/cancel, with a reason when one is given. */
export const cancelLeave = (id: string, body: { reason?: string }, idempotencyKey: string) =>
  api.patch<LeaveDto>(leaveApi.path(id, '/cancel'), body, { idempotencyKey });

/** PUT /hrm/leaves/allocations: the year's whole list (what is not sent is removed). */
export type LeaveAllocationsBody = {
  year: number;
  allocations: { leaveType: LeaveType; roleId?: string; userId?: string; days: number }[];
};
export const saveLeaveAllocations = (body: LeaveAllocationsBody, idempotencyKey: string) =>
  api.put<LeaveAllocationsDto>(`${LEAVE_PATH}/allocations`, body, { idempotencyKey });

/**
 * After a leave changed: every leave query (lists, balances, the calendar), attendance (approved leave is
 * On Leave there) and the HRM dashboard (its balances and counts) refresh.
 */
export const AFTER_LEAVE_CHANGE = [leaveKeys.all, ['attendance'], queryKeys.dashboards.hrm] as const;
export const refreshAfterLeaveChange = (client: QueryClient) => {
  for (const queryKey of AFTER_LEAVE_CHANGE) void client.invalidateQueries({ queryKey });
};
