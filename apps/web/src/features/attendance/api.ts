import {
  ATTENDANCE_PATH,
  type AttendanceDay,
  type AttendanceMonthDto,
  type AttendanceRules,
  type AttendanceTeamDayDto,
  appDayOf,
  type PunchDto,
  type PunchInput,
} from '@karya/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { type OutboxEntry, outbox, sendOrQueue, useOutbox } from '../../lib/outbox';
import { currentMonth, punchLabel } from './attendance-format';

// Issue 28's calls: a punch (through the outbox: it works without signal), a month, the team's day, the rules.

/** Every attendance query key starts with 'attendance' (a sent punch refreshes them all). */
export const attendanceKeys = {
  all: ['attendance'] as const,
  months: () => ['attendance', 'month'] as const,
  /** `userId`: whose month (the signed-in user's own id for their own). */
  month: (month: string, userId: string) => ['attendance', 'month', month, userId] as const,
  team: (date: string) => ['attendance', 'team', date] as const,
};

export const PUNCH_PATH = `${ATTENDANCE_PATH}/punches`;
const MONTH_PATH = `${ATTENDANCE_PATH}/month`;
const TEAM_PATH = `${ATTENDANCE_PATH}/team`;
const RULES_PATH = `${ATTENDANCE_PATH}/rules`;
const STALE_MS = 60_000;

// ------------------------------------------------------------------ the last month seen, kept on the device

/**
 * The signed-in user's current month as last fetched, kept on the device: the page draws it at once on the
 * next visit (then refreshes), and without signal the check-in card still knows whether they are checked in.
 */
const SNAPSHOT_KEY = 'karyaAttendance:';
type Snapshot = { at: number; month: AttendanceMonthDto };

const readSnapshot = (userId: string): Snapshot | null => {
  try {
    const s = JSON.parse(localStorage.getItem(SNAPSHOT_KEY + userId) ?? 'null') as Snapshot | null;
    return s?.month?.today ? s : null;
  } catch {
    return null;
  }
};
const writeSnapshot = (userId: string, month: AttendanceMonthDto, at: number) => {
  try {
    localStorage.setItem(SNAPSHOT_KEY + userId, JSON.stringify({ at, month }));
  } catch {
    // Storage full or refused: the page simply has nothing to show offline.
  }
};
const readSnapshotFor = (userId: string, month: string) => {
  const s = readSnapshot(userId);
  return s && s.month.month === month ? s : null;
};
/** Today's block of the last month seen (the check-in card's fallback before any answer). */
export const lastKnownToday = (userId: string | undefined) =>
  userId ? (readSnapshot(userId)?.month.today ?? null) : null;

// ----------------------------------------------------------------------------------------------- reads

export const fetchAttendanceMonth = async (month: string, user: string | undefined, signal?: AbortSignal) =>
  (await api.get<AttendanceMonthDto>(MONTH_PATH, { month, user }, { signal })).data as AttendanceMonthDto;

/**
 * GET /hrm/attendances/month: `user` is a team member's id, or null / the user's own for their own month.
 * The user's own current month starts from the copy on the device, if any, and is kept there.
 */
export const useAttendanceMonth = (month: string, user: string | null, meId: string | undefined) => {
  const own = !user || user === meId;
  const target = own ? (meId ?? '') : user;
  // Read only when the query is first made (not on every render).
  const kept = () => (own && meId && month === currentMonth() ? readSnapshotFor(meId, month) : null);
  const query = useQuery({
    queryKey: attendanceKeys.month(month, target),
    queryFn: ({ signal }) => fetchAttendanceMonth(month, own ? undefined : user, signal),
    enabled: Boolean(target),
    staleTime: STALE_MS,
    initialData: () => kept()?.month,
    initialDataUpdatedAt: () => kept()?.at,
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (own && meId && data && data.month === currentMonth()) writeSnapshot(meId, data, dataUpdatedAt);
  }, [own, meId, data, dataUpdatedAt]);
  return query;
};

/** GET /hrm/attendances/team: the day of the teams the user manages; the previous day stays while the next loads. */
export const useTeamDay = (date: string, enabled = true) =>
  useQuery({
    queryKey: attendanceKeys.team(date),
    queryFn: async ({ signal }) =>
      (await api.get<AttendanceTeamDayDto>(TEAM_PATH, { date }, { signal })).data as AttendanceTeamDayDto,
    enabled,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

// -------------------------------------------------------------------------------------------- punches

export type PunchAnswer = { punch: PunchDto; day: AttendanceDay };
/** A punch as the card shows it: sent now, or waiting in the outbox (or refused there). */
export type PendingPunch = {
  id: string;
  kind: 'in' | 'out';
  at: string;
  state: OutboxEntry['state'];
  message?: string;
};

const isPunch = (e: OutboxEntry) => e.path === PUNCH_PATH;
const isWaiting = (e: OutboxEntry) => e.state === 'waiting' || e.state === 'sending';

/** The user's punches still on this device (waiting, being sent, or refused), oldest first. */
export const usePendingPunches = (userId: string | undefined): PendingPunch[] =>
  useOutbox(userId)
    .filter(isPunch)
    .map((e) => ({
      id: e.id,
      kind: e.body.kind === 'out' ? 'out' : 'in',
      at: String(e.body.at),
      state: e.state,
      message: e.message,
    }));

/**
 * POST /hrm/attendances/punches through the outbox: sent now, or kept on the device without signal and
 * sent later with its own time (its Idempotency-Key makes a replay safe). A punch made while an earlier one
 * still waits goes behind it, so the server gets them in order (a check-out before its check-in would be
 * refused). Resolves `{sent: true, data}` or `{sent: false}`; a refusal (4xx) rejects with its message.
 */
export const sendPunch = async (
  userId: string,
  input: PunchInput,
): Promise<{ sent: true; data: PunchAnswer; message?: string } | { sent: false }> => {
  const entry = {
    userId,
    label: punchLabel(input.kind, input.at),
    queryRoot: attendanceKeys.all[0],
    href: ATTENDANCE_PATH,
    method: 'POST' as const,
    path: PUNCH_PATH,
    body: input as unknown as Record<string, unknown>,
  };
  if (outbox.list(userId).some((e) => isPunch(e) && isWaiting(e))) {
    outbox.add(entry);
    // A run already under way does not see the new entry: a second run after it does.
    void outbox.flush().then(() => outbox.flush());
    return { sent: false };
  }
  const result = await sendOrQueue<PunchAnswer>(entry);
  return result.sent ? result : { sent: false };
};

/**
 * A punch the server has: the user's cached months show its day and whether they are checked in now (no
 * flicker back while they refresh), then every attendance query refreshes (summaries, the team's day).
 */
export const applyPunch = (client: QueryClient, userId: string, { punch, day }: PunchAnswer) => {
  client.setQueriesData<AttendanceMonthDto>(
    { queryKey: attendanceKeys.months(), predicate: (q) => q.queryKey[3] === userId },
    (dto) => {
      if (!dto) return dto;
      const todays = dto.today.date === punch.day || dto.today.date === appDayOf(punch.at);
      return {
        ...dto,
        days: dto.days.map((d) => (d.date === day.date ? day : d)),
        today: {
          ...dto.today,
          punches: todays
            ? [...dto.today.punches.filter((p) => p._id !== punch._id), punch]
            : dto.today.punches,
          open: punch.kind === 'in',
        },
      };
    },
  );
  void client.invalidateQueries({ queryKey: attendanceKeys.all });
};

// ---------------------------------------------------------------------------------------------- rules

/** PUT /hrm/attendances/rules (update on company-settings): answers the rules as saved. */
export const saveAttendanceRules = (rules: AttendanceRules, idempotencyKey: string) =>
  api.put<AttendanceRules>(RULES_PATH, rules, { idempotencyKey });
