import {
  type BulkResult,
  type ListPage,
  type ListQuery,
  type RequirementDto,
  type RequirementSuggestion,
  requirementSearchFilter,
} from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/** Every requirements query key starts with 'requirements': a change refreshes lists, details and searches. */
export const requirementKeys = recordKeys('requirements');
/** Requirement changes also refresh the customers' related lists and the CRM dashboard. */
export const REQUIREMENT_DEPENDENT_ROOTS = ['customers', 'dashboard', 'followUps'] as const;
export const requirementChangeKeys = [
  requirementKeys.all,
  ...REQUIREMENT_DEPENDENT_ROOTS.map((r) => [r]),
] as const;

export type RequirementsPage = ListPage<'requirements', RequirementDto>;

const BASE = '/crm/requirements';
/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const REQUIREMENTS_PAGE = '/crm/requirements';
export const REQUIREMENT_CREATE_PATH = '/crm/requirements/create';
export const QUOTATION_CREATE_PATH = '/crm/quotations/create';
export const requirementPath = (id: string) => `${REQUIREMENTS_PAGE}/${id}`;
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;

/** GET /crm/requirements: a page (without view-all, the caller's own and their customers'). */
export const fetchRequirements = async (query: Partial<ListQuery>, signal?: AbortSignal) =>
  (await api.list<RequirementsPage>(BASE, query, { signal })).data;

export const useRequirementsList = (query: ListQuery) =>
  useQuery({
    queryKey: requirementKeys.list(query),
    queryFn: ({ signal }) => takeEarlyList(REQUIREMENTS_PAGE, query, () => fetchRequirements(query, signal)),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/**
 * GET /crm/requirements/suggestion (spec 2 §2): by requirementId when the text has a digit (RI0012 or 12),
 * else by title; at most 20.
 */
export const searchRequirements = async (text: string, signal?: AbortSignal) =>
  (
    await api.get<RequirementSuggestion[]>(`${BASE}/suggestion`, requirementSearchFilter(text), {
      signal,
    })
  ).data;

/** One requirement, deleted ones included (the detail shows them with Restore). */
export const useRequirement = (id: string | undefined) =>
  useQuery({
    queryKey: requirementKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<RequirementDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

export const createRequirement = (body: Record<string, unknown>, idempotencyKey?: string) =>
  api.post<RequirementDto>(BASE, body, { idempotencyKey });
/** PATCH /crm/requirements/{id}: only the changed fields (decision 0008). */
export const updateRequirement = (id: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  api.patch<RequirementDto>(path(id), body, { keepEmpty: true, idempotencyKey });

/** A follow-up as the requirement's Follow Ups section lists it (GET /crm/requirements/{id}/follow-ups). */
export type RequirementFollowUp = {
  _id: string;
  followUpId?: number;
  type?: string;
  date?: string;
  time?: string;
  status?: string;
};

/** The Follow Ups section: asked only once it is opened (spec 2 §2). */
export const useRequirementFollowUps = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...requirementKeys.detail(id), 'follow-ups'],
    queryFn: async ({ signal }) => {
      const answer = await api.get<Record<string, unknown>>(
        path(id, '/follow-ups'),
        { page: '1', limit: '50' },
        { signal },
      );
      const rows = answer.data?.followUps;
      return Array.isArray(rows) ? (rows as RequirementFollowUp[]) : [];
    },
    enabled,
    staleTime: LIST_STALE_MS,
  });

/**
 * Delete / restore / delete permanently, one or many, with confirmations (spec 2 §4, §8: the permanent
 * ones say 'Once deleted, it cannot be restored.').
 */
export const useRequirementLifecycle = () =>
  useRecordLifecycle({
    noun: 'requirement',
    queryRoot: requirementKeys.all[0],
    alsoInvalidate: REQUIREMENT_DEPENDENT_ROOTS.map((r) => [r]),
    api: {
      remove: (id: string) => api.delete<null>(path(id)),
      restore: (id: string) => api.patch<null>(path(id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
      bulkRemove: (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk`, { ids }),
      bulkRestore: (ids: string[]) => api.patch<BulkResult>(`${BASE}/bulk/restore`, { ids }),
      bulkRemovePermanently: (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk/permanent`, { ids }),
    },
  });
