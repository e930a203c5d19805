import {
  FOLLOW_UP_CONFIRM,
  FOLLOW_UP_LOADING,
  type FollowUpDto,
  type FollowUpInput,
  followUpSearchQuery,
  type ListPage,
  type RequirementSuggestion,
} from '@karya/domain';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import type { RefOption } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { sendOrQueue } from '../../lib/outbox';
import { recordKeys } from '../../lib/query-keys';

/** Every follow-ups query key starts with 'followUps' (customer changes refresh them too). */
export const followUpKeys = recordKeys('followUps');

export type FollowUpsPage = ListPage<'followUps', FollowUpDto>;

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const FOLLOW_UPS_PAGE = '/crm/follow-ups';
export const FOLLOW_UP_CREATE_PATH = '/crm/follow-ups/create';
export const followUpPath = (id: string) => `${FOLLOW_UPS_PAGE}/${id}`;
const followUpApi = recordApi<FollowUpsPage, FollowUpDto>({
  base: '/crm/follow-ups',
  keys: followUpKeys,
  early: { page: FOLLOW_UPS_PAGE, take: takeEarlyList },
});
const { base: BASE, path } = followUpApi;

/** GET /crm/follow-ups: a page of follow-ups (without view-all, only those the caller may see). */
export const fetchFollowUps = followUpApi.fetchList;

/** A page of follow-ups; fresh for 300 s (spec 2 §7), the previous page stays while the next loads. */
export const useFollowUpsList = followUpApi.useList;

/** GET /crm/follow-ups/suggestion: the number when the text has a digit (FI0012 or 12), else the customer name. */
export const searchFollowUps = (text: string, signal?: AbortSignal) =>
  followUpApi.suggest<FollowUpDto[]>(followUpSearchQuery(text), signal);

/** One follow-up, deleted ones included (the detail shows them with Restore). */
export const useFollowUp = followUpApi.useOne;

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
      ...followUpApi.lifecycle,
      ...followUpApi.bulkLifecycle,
    },
  });
