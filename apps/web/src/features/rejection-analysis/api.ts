import {
  type ListPage,
  type QuotationDto,
  type REJECTION_LIST_KEY,
  REJECTION_MESSAGES,
  type RejectionAnalysisDto,
} from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

/** Every rejection-analysis query key starts with 'rejectionAnalyses'. */
export const rejectionKeys = recordKeys('rejectionAnalyses');
/** The quotations' keys (the same factory as features/quotations/api.ts, not imported to keep it out). */
const quotationKeys = recordKeys('quotations');
/**
 * Saving, changing or deleting an analysis also changes what these show: the quotation leaves the open
 * list (its version is Rejected), the customer's and requirement's related lists, the dashboards and the
 * analytics of wins and losses.
 */
export const REJECTION_DEPENDENT_ROOTS = [
  'quotations',
  'customers',
  'requirements',
  'dashboard',
  'analytics',
];
export const rejectionChangeKeys = [rejectionKeys.all, ...REJECTION_DEPENDENT_ROOTS.map((r) => [r])] as const;

export type RejectionPage = ListPage<typeof REJECTION_LIST_KEY, RejectionAnalysisDto>;

export const REJECTIONS_PAGE = '/admin/rejection-analysis';
export const rejectionPath = (id: string, suffix = '') => `${REJECTIONS_PAGE}/${id}${suffix}`;
/** Where Reject on a quotation leads (spec 2 §2). */
export const rejectQuotationPath = (quotationId: string) =>
  `/crm/quotations/${encodeURIComponent(quotationId)}/rejection-analysis`;

const rejectionApi = recordApi<RejectionPage, RejectionAnalysisDto>({
  base: '/crm/rejection-analysis',
  keys: rejectionKeys,
});

/** GET /crm/rejection-analysis: a page (page, limit, sortBy, sortOrder, filters). */
export const useRejectionList = rejectionApi.useList;
/** GET /crm/rejection-analysis/{id}, deleted ones included. */
export const useRejectionAnalysis = rejectionApi.useOne;

/** POST /crm/rejection-analysis: the quotation, the version it rejects, and the analysis. */
export const createRejection = (body: Record<string, unknown>, idempotencyKey?: string) =>
  rejectionApi.create(body, idempotencyKey);
/** PATCH /crm/rejection-analysis/{id}: the analysis (cleared fields sent as null). */
export const updateRejection = (id: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  rejectionApi.update(id, body, idempotencyKey);

/**
 * The quotation the form rejects (GET /crm/quotations/{id}), under the quotations' own key, so coming from
 * its detail page finds it already loaded. What the navigation carried shows meanwhile.
 */
export const useQuotationToReject = (id: string, carried: QuotationDto | null) =>
  useQuery({
    queryKey: quotationKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<QuotationDto>(`/crm/quotations/${encodeURIComponent(id)}`, undefined, { signal })).data,
    enabled: Boolean(id),
    placeholderData: carried ?? undefined,
  });

/** Delete / restore / delete permanently, with the spec's texts (spec 2 §8). */
export const useRejectionLifecycle = () =>
  useRecordLifecycle({
    noun: 'rejection analysis',
    plural: 'rejection analyses',
    title: 'Rejection Analysis',
    confirm: {
      remove: {
        message: `Are you sure you want to delete this rejection analysis? ${REJECTION_MESSAGES.deleteText}`,
      },
    },
    queryRoot: rejectionKeys.all[0],
    alsoInvalidate: REJECTION_DEPENDENT_ROOTS.map((r) => [r]),
    api: rejectionApi.lifecycle,
  });
