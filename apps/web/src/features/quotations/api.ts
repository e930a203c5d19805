import {
  type ListPage,
  QUOTATION_MESSAGES,
  type QuotationDto,
  type QuotationListDto,
  type QuotationReviewInput,
  type QuotationSuggestion,
  quotationSearchFilter,
} from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/** Every quotations query key starts with 'quotations': a change refreshes lists, details and searches. */
export const quotationKeys = recordKeys('quotations');
/** Quotation changes also refresh the customers' and requirements' related lists and the dashboards. */
export const QUOTATION_DEPENDENT_ROOTS = ['customers', 'requirements', 'dashboard', 'followUps'] as const;
export const quotationChangeKeys = [quotationKeys.all, ...QUOTATION_DEPENDENT_ROOTS.map((r) => [r])] as const;

export type QuotationsPage = ListPage<'quotations', QuotationListDto>;

export const QUOTATIONS_PAGE = '/crm/quotations';
export const QUOTATION_CREATE_PATH = '/crm/quotations/create';
export const QUOTATION_VERIFICATIONS_PAGE = '/admin/verifications/quotations';
export const quotationPath = (id: string, suffix = '') => `${QUOTATIONS_PAGE}/${id}${suffix}`;
export const quotationVerificationPath = (id: string) => `${QUOTATION_VERIFICATIONS_PAGE}/${id}`;

const quotationApi = recordApi<QuotationsPage, QuotationDto>({
  base: '/crm/quotations',
  keys: quotationKeys,
  early: { page: QUOTATIONS_PAGE, take: takeEarlyList },
});
const { path } = quotationApi;

/** GET /crm/quotations: a page (without view-all, those of the caller's customers). */
export const fetchQuotations = quotationApi.fetchList;
export const useQuotationsList = quotationApi.useList;

/** GET /crm/quotations/suggestion: by quotationId when the text has a digit (ARR/0012 or 12), else by title. */
export const searchQuotations = (text: string, signal?: AbortSignal, customerId?: string) =>
  quotationApi.suggest<QuotationSuggestion[]>({ ...quotationSearchFilter(text), customerId }, signal);

/** One quotation with every version, deleted ones included (the detail shows them with Restore). */
export const useQuotation = quotationApi.useOne;

/** POST /crm/quotations: the quotation and its version 0. */
export const createQuotation = (body: Record<string, unknown>, idempotencyKey?: string) =>
  quotationApi.create(body, idempotencyKey);
/** PATCH /crm/quotations/{id}: the active (Draft) version's changed fields. */
export const updateQuotation = (id: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  quotationApi.update(id, body, idempotencyKey);
/** PATCH /crm/quotations/{id}/re-quotation: a new version (spec 3 §7). */
export const reQuote = (id: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  api.patch<QuotationDto>(path(id, '/re-quotation'), body, { idempotencyKey });
/** PATCH /crm/quotations/{quotationId}/set-active/{versionId}: Make it Active. */
export const setActiveVersion = (id: string, versionId: string) =>
  api.patch<QuotationDto>(path(id, `/set-active/${encodeURIComponent(versionId)}`));
/** PATCH /crm/quotations/{id}/review: Approve Changes / Reject Changes on the active version. */
export const reviewQuotation = (id: string, body: QuotationReviewInput) =>
  api.patch<QuotationDto>(path(id, '/review'), body);

/** A follow-up as the quotation's Follow Ups section lists it (GET /crm/quotations/{id}/follow-ups). */
export type QuotationFollowUp = {
  _id: string;
  followUpId?: number;
  type?: string;
  date?: string;
  time?: string;
  status?: string;
};

/** The Follow Ups section: asked only once it is opened (spec 3 §2). */
export const useQuotationFollowUps = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...quotationKeys.detail(id), 'follow-ups'],
    queryFn: async ({ signal }) => {
      const answer = await api.get<Record<string, unknown>>(
        path(id, '/follow-ups'),
        { page: '1', limit: '50' },
        { signal },
      );
      const rows = answer.data?.followUps;
      return Array.isArray(rows) ? (rows as QuotationFollowUp[]) : [];
    },
    enabled,
    staleTime: LIST_STALE_MS,
  });

/** Delete / restore / delete permanently, one or many, with the spec's confirmations. */
export const useQuotationLifecycle = () =>
  useRecordLifecycle({
    noun: 'quotation',
    // Spec 3 §8: deleting a quotation says where to restore it from.
    confirm: {
      remove: { message: `Are you sure you want to delete this quotation? ${QUOTATION_MESSAGES.deleteText}` },
    },
    queryRoot: quotationKeys.all[0],
    alsoInvalidate: QUOTATION_DEPENDENT_ROOTS.map((r) => [r]),
    api: {
      ...quotationApi.lifecycle,
      ...quotationApi.bulkLifecycle,
    },
  });
