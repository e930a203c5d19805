import {
  type ListPage,
  type RequirementDto,
  type RequirementSuggestion,
  requirementSearchFilter,
} from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
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

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const REQUIREMENTS_PAGE = '/crm/requirements';
export const REQUIREMENT_CREATE_PATH = '/crm/requirements/create';
export const QUOTATION_CREATE_PATH = '/crm/quotations/create';
export const requirementPath = (id: string) => `${REQUIREMENTS_PAGE}/${id}`;
const requirementApi = recordApi<RequirementsPage, RequirementDto>({
  base: '/crm/requirements',
  keys: requirementKeys,
  early: { page: REQUIREMENTS_PAGE, take: takeEarlyList },
});
const { path } = requirementApi;

/** GET /crm/requirements: a page (without view-all, the caller's own and their customers'). */
export const fetchRequirements = requirementApi.fetchList;

export const useRequirementsList = requirementApi.useList;

/**
 * GET /crm/requirements/suggestion (spec 2 §2): by requirementId when the text has a digit (RI0012 or 12),
 * else by title; at most 20.
 */
export const searchRequirements = (text: string, signal?: AbortSignal) =>
  requirementApi.suggest<RequirementSuggestion[]>(requirementSearchFilter(text), signal);

/** One requirement, deleted ones included (the detail shows them with Restore). */
export const useRequirement = requirementApi.useOne;

export const createRequirement = (body: Record<string, unknown>, idempotencyKey?: string) =>
  requirementApi.create(body, idempotencyKey);
/** PATCH /crm/requirements/{id}: only the changed fields (decision 0008). */
export const updateRequirement = (id: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  requirementApi.update(id, body, idempotencyKey);

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
      ...requirementApi.lifecycle,
      ...requirementApi.bulkLifecycle,
    },
  });
