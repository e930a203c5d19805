import {
  ATTENDANCE_PATH,
  CORRECTION_MAX_DAYS,
  type CorrectionDecision,
  type CorrectionDto,
  type CorrectionInput,
  type CorrectionStatus,
} from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../lib/api';
import { type IdempotencyKeeper, idempotencyKeeper } from '../../lib/idempotency';

// Correction requests ("I forgot to check out") and their decision: ask, list, approve or reject.

export const CORRECTIONS_PATH = `${ATTENDANCE_PATH}/corrections`;

/** Under the attendance root: a punch or a decision, which refresh every attendance query, refresh these too. */
export const correctionKeys = {
  all: ['attendance', 'corrections'] as const,
  list: (status: CorrectionStatus | null) => ['attendance', 'corrections', status ?? 'any'] as const,
};

type CorrectionList = { corrections: CorrectionDto[] };
const STALE_MS = 60_000;

/**
 * GET /hrm/attendances/corrections (`?status=`): the caller's own requests and those they may decide
 * (`canDecide`), newest first, at most 100.
 */
export const useCorrections = (status: CorrectionStatus | null, enabled = true) =>
  useQuery({
    queryKey: correctionKeys.list(status),
    queryFn: async ({ signal }) =>
      (await api.get<CorrectionList>(CORRECTIONS_PATH, { status: status ?? undefined }, { signal }))
        .data as CorrectionList,
    enabled,
    staleTime: STALE_MS,
  });

const DAY_MS = 24 * 60 * 60_000;

/**
 * The signed-in user's own requests (`mine=true`) that still wait, or were decided in the last 31 days,
 * newest first.
 */
export const useMyCorrections = (meId: string | undefined, enabled = true) => {
  const query = useQuery({
    queryKey: [...correctionKeys.all, 'mine'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<CorrectionList>(CORRECTIONS_PATH, { mine: 'true' }, { signal })).data as CorrectionList,
    enabled: enabled && Boolean(meId),
    staleTime: STALE_MS,
  });
  const since = Date.now() - CORRECTION_MAX_DAYS * DAY_MS;
  const mine = (query.data?.corrections ?? []).filter(
    (c) =>
      c.user._id === meId &&
      (c.status === 'Pending' || (c.decidedAt !== null && Date.parse(c.decidedAt) >= since)),
  );
  return {
    corrections: mine,
    loading: query.isLoading,
    error: query.error ?? null,
    refetch: () => void query.refetch(),
  };
};

/** POST /hrm/attendances/corrections: answers the request, Pending. */
export const requestCorrection = (input: CorrectionInput, idempotencyKey: string) =>
  api.post<CorrectionDto>(CORRECTIONS_PATH, input, { idempotencyKey });

/** PATCH /hrm/attendances/corrections/{id}: approve, or reject with a reason. */
export const decideCorrection = (id: string, decision: CorrectionDecision, idempotencyKey: string) =>
  api.patch<CorrectionDto>(`${CORRECTIONS_PATH}/${id}`, decision, { idempotencyKey });

/**
 * One Idempotency-Key per request (a day and kind, a correction's decision), kept across the user's
 * retries of it after a lost answer or a 5xx (lib/idempotency.ts); another request has a key of its own.
 */
export const useKeepers = () => {
  const keepers = useRef(new Map<string, IdempotencyKeeper>());
  return (id: string) => {
    const keeper = keepers.current.get(id) ?? idempotencyKeeper();
    keepers.current.set(id, keeper);
    return keeper;
  };
};

/** 'Check-in' / 'Check-out'. */
export const kindLabel = (kind: 'in' | 'out') => (kind === 'in' ? 'Check-in' : 'Check-out');

/** Each status's colour: waiting orange, approved green, rejected red. */
export const CORRECTION_COLORS: Record<CorrectionStatus, string> = {
  Pending: 'orange',
  Approved: 'green',
  Rejected: 'red',
};
