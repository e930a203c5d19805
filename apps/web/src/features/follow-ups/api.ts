import {
  type BulkResult,
  FOLLOW_UP_CONFIRM,
  FOLLOW_UP_LOADING,
  type FollowUpDto,
  type FollowUpInput,
  followUpSearchQuery,
  type ListPage,
  type ListQuery,
  type RequirementSuggestion,
} from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import type { RefOption } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { sendOrQueue } from '../../lib/outbox';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/** Every follow-ups query key starts with 'followUps' (customer changes refresh them too). */
export const followUpKeys = recordKeys('followUps');

export type FollowUpsPage = ListPage<'followUps', FollowUpDto>;

const BASE = '/crm/follow-ups';
/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const FOLLOW_UPS_PAGE = '/crm/follow-ups';
export const FOLLOW_UP_CREATE_PATH = '/crm/follow-ups/create';
export const followUpPath = (id: string) => `${FOLLOW_UPS_PAGE}/${id}`;
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;

/** GET /crm/follow-ups: a page of follow-ups (without view-all, only those the caller may see). */
export const fetchFollowUps = async (query: Partial<ListQuery>, signal?: AbortSignal) =>
  (await api.list<FollowUpsPage>(BASE, query, { signal })).data;

/** A page of follow-ups; fresh for 300 s (spec 2 §7), the previous page stays while the next loads. */
export const useFollowUpsList = (query: ListQuery) =>
  useQuery({
    queryKey: followUpKeys.list(query),
    queryFn: ({ signal }) => takeEarlyList(FOLLOW_UPS_PAGE, query, () => fetchFollowUps(query, signal)),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** GET /crm/follow-ups/suggestion: the number when the text has a digit (FI0012 or 12), else the customer name. */
export const searchFollowUps = async (text: string, signal?: AbortSignal) =>
  (await api.get<FollowUpDto[]>(`${BASE}/suggestion`, followUpSearchQuery(text), { signal })).data;

/** One follow-up, deleted ones included (the detail shows them with Restore). */
export const useFollowUp = (id: string | undefined) =>
  useQuery({
    queryKey: followUpKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await api.get<FollowUpDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

/**
 * The form's save, in one place so it can be wrapped (an offline queue replays it later): POST for a new
 * follow-up, PATCH with the whole follow-up and `expectedUpdatedAt` for an existing one (409 when someone
 * changed it meanwhile).
 */
export const saveFollowUp = async (
  input: FollowUpInput,
  existing: { _id: string; updatedAt: string } | null | undefined,
  who: { userId: string; label: string },
): Promise<{ message?: string; data?: FollowUpDto; queued?: true }> => {
  // Without signal (issue 11) the follow-up waits on the device and goes by itself later, with its
  // Idempotency-Key (lib/outbox.ts); an update carries the version it was made on, so a change made
  // meanwhile by someone else comes back as a conflict for the user, never overwritten.
  const result = await sendOrQueue<FollowUpDto>({
    userId: who.userId,
    label: who.label,
    queryRoot: followUpKeys.all[0],
    href: FOLLOW_UPS_PAGE,
    ...(existing
      ? {
          method: 'PATCH' as const,
          path: path(existing._id),
          body: { ...input, expectedUpdatedAt: existing.updatedAt },
          keepEmpty: true,
        }
      : { method: 'POST' as const, path: BASE, body: input as unknown as Record<string, unknown> }),
  });
  return result.sent
    ? { message: result.message, data: result.data }
    : { message: FOLLOW_UP_SAVED_OFFLINE, queued: true };
};

/** The toast when a follow-up was kept on the device (no connection). */
export const FOLLOW_UP_SAVED_OFFLINE =
  'No connection: the follow-up is saved on this device and will be sent when the connection returns.';

/** The requirement picker: a customer's requirements by title (GET /crm/requirements/suggestion). */
export const fetchRequirementOptions = async (
  customerId: string,
  title: string,
  selectedIds: string[],
  signal?: AbortSignal,
): Promise<RefOption[]> => {
  const answer = await api.get<RequirementSuggestion[]>(
    '/crm/requirements/suggestion',
    { title, customerId: customerId || undefined, selectedId: selectedIds[0] },
    { signal },
  );
  return (answer.data ?? []).map((r) => ({
    _id: r._id,
    name: `RI${String(r.requirementId).padStart(4, '0')} · ${r.title}`,
  }));
};

/** Delete / restore / delete permanently, one or many, with spec 2 §8's confirmations and loading texts. */
export const useFollowUpLifecycle = () =>
  useRecordLifecycle({
    noun: 'follow-up',
    title: 'Follow Up',
    titlePlural: 'Follow Ups',
    queryRoot: followUpKeys.all[0],
    alsoInvalidate: [['customers'], ['requirements'], ['dashboard']],
    loading: {
      remove: FOLLOW_UP_LOADING.remove,
      restore: FOLLOW_UP_LOADING.restore,
      removePermanently: FOLLOW_UP_LOADING.removePermanently,
    },
    confirm: {
      remove: { message: FOLLOW_UP_CONFIRM.remove },
      bulkRemove: { message: FOLLOW_UP_CONFIRM.bulkRemove },
      bulkRemovePermanently: { message: FOLLOW_UP_CONFIRM.bulkRemovePermanently },
    },
    api: {
      remove: (id: string) => api.delete<null>(path(id)),
      restore: (id: string) => api.patch<null>(path(id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
      bulkRemove: (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk`, { ids }),
      bulkRestore: (ids: string[]) => api.patch<BulkResult>(`${BASE}/bulk/restore`, { ids }),
      bulkRemovePermanently: (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk/permanent`, { ids }),
    },
  });
