import {
  type CustomerCheckCard,
  type CustomerDto,
  type CustomerDuplicates,
  type CustomerFeedback,
  type CustomerSuggestion,
  customerSearchFilter,
  type ListPage,
} from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/** Every customers query key starts with 'customers': a change refreshes lists, details and searches. */
export const customerKeys = recordKeys('customers');

/**
 * Spec 2 §7: customer changes also refresh what shows customers (follow-ups, requirements, quotations and
 * the CRM dashboard), once those exist.
 */
export const CUSTOMER_DEPENDENT_ROOTS = ['followUps', 'requirements', 'quotations', 'dashboard'] as const;
export const customerChangeKeys = [customerKeys.all, ...CUSTOMER_DEPENDENT_ROOTS.map((r) => [r])] as const;

export type CustomersPage = ListPage<'customers', CustomerDto>;

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const CUSTOMERS_PAGE = '/crm/customers';
export const CUSTOMER_CREATE_PATH = '/crm/customers/create';
export const CUSTOMER_CHECK_PATH = '/crm/customers/check-existence';
export const customerPath = (id: string) => `${CUSTOMERS_PAGE}/${id}`;
const customerApi = recordApi<CustomersPage, CustomerDto>({
  base: '/crm/customers',
  keys: customerKeys,
  early: { page: CUSTOMERS_PAGE, take: takeEarlyList },
});
const { base: BASE, path } = customerApi;

/** GET /crm/customers: a page of customers (without view-all, only the caller's). */
export const fetchCustomers = customerApi.fetchList;

/** A page of customers; fresh for 300 s (spec 2 §7), the previous page stays on screen while the next loads. */
export const useCustomersList = customerApi.useList;

/**
 * GET /crm/customers/suggestion (spec 2 §7): the number when the text has a digit (CI0012 or 12), else the
 * name; at most 20.
 */
export const searchCustomers = (text: string, signal?: AbortSignal) =>
  customerApi.suggest<CustomerSuggestion[]>(customerSearchFilter(text), signal);

/** One customer, deleted ones included (the detail shows them with Restore). */
export const useCustomer = customerApi.useOne;

/** POST /crm/customers: empty values stripped (a new customer has nothing to clear). */
export const createCustomer = (body: Record<string, unknown>, idempotencyKey?: string) =>
  customerApi.create(body, idempotencyKey);
/** PATCH /crm/customers/{id}: only the changed fields; a cleared one goes empty (null) so the server clears it. */
export const updateCustomer = (id: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  customerApi.update(id, body, idempotencyKey);

/** GET /crm/customers/check: every live customer whose name matches, as cards (whatever the caller's scope). */
export const checkCustomers = async (name: string, signal?: AbortSignal) =>
  (await api.get<CustomerCheckCard[]>(`${BASE}/check`, { name }, { signal })).data;

/** POST /crm/customers/duplicates: likely repeats (similar name in the same place, same phone or e-mail). */
export const findCustomerDuplicates = async (
  customers: { name?: string; city?: string; district?: string; phone?: string; email?: string }[],
) => (await api.post<CustomerDuplicates>(`${BASE}/duplicates`, { customers })).data ?? [];

/** POST /crm/customers/check-names: which of these names live customers already have. */
export const checkCustomerNames = (names: readonly string[]) =>
  api.post<string[]>(`${BASE}/check-names`, [...names]);

/** POST /crm/customers/bulk: customers by name (createdBy comes from the session); all or none. */
export const bulkCreateCustomers = (names: readonly string[]) =>
  api.post<{ _id: string; customerId: number; name: string }[]>(
    `${BASE}/bulk`,
    names.map((name) => ({ name })),
  );

/** PATCH /crm/customers/{id}/feedback: stars and a comment; the reviewer and date come from the session. */
export const addCustomerFeedback = (id: string, body: { rating: number; comment?: string }) =>
  api.patch<CustomerFeedback[]>(path(id, '/feedback'), body);
export const deleteCustomerFeedback = (id: string, feedbackId: string) =>
  api.delete<CustomerFeedback[]>(path(id, `/feedback/${encodeURIComponent(feedbackId)}`));

/** The related sections of the detail (spec 2 §7): follow-ups, requirements, quotations, projects. */
export const RELATED_SECTIONS = [
  {
    path: 'follow-ups',
    key: 'followUps',
    resource: 'follow-up',
    title: 'Follow Ups',
    empty: 'This customer has no follow ups',
  },
  {
    path: 'requirements',
    key: 'requirements',
    resource: 'requirement',
    title: 'Requirements',
    empty: 'This customer has no Requirements',
  },
  {
    path: 'quotations',
    key: 'quotations',
    resource: 'quotation',
    title: 'Quotations',
    empty: 'This customer has no Quotation',
  },
  {
    path: 'projects',
    key: 'projects',
    resource: 'project',
    title: 'Projects',
    empty: 'This customer has no Projects',
  },
] as const;
export type RelatedSection = (typeof RELATED_SECTIONS)[number];

/** A related record as the detail lists it; the record types fill these in as they arrive. */
export type RelatedRecord = { _id: string; [key: string]: unknown };

/** GET /crm/customers/{id}/{section}: the first 20, asked only once the section is opened. */
export const useRelatedList = (id: string, section: RelatedSection, enabled: boolean) =>
  useQuery({
    queryKey: [...customerKeys.detail(id), section.path],
    queryFn: async ({ signal }) => {
      const answer = await api.get<Record<string, unknown>>(
        path(id, `/${section.path}`),
        { page: '1', limit: '20' },
        { signal },
      );
      const rows = answer.data?.[section.key];
      const count = answer.data?.[`${section.key}Count`];
      return {
        rows: Array.isArray(rows) ? (rows as RelatedRecord[]) : [],
        count: typeof count === 'number' ? count : 0,
      };
    },
    enabled,
    staleTime: LIST_STALE_MS,
  });

/**
 * Delete / restore / delete permanently, one or many, with the spec's confirmations (spec 2 §8: Delete
 * Customer can be restored later from Deleted Customers; the permanent ones cannot be restored).
 */
export const useCustomerLifecycle = () =>
  useRecordLifecycle({
    noun: 'customer',
    queryRoot: customerKeys.all[0],
    alsoInvalidate: CUSTOMER_DEPENDENT_ROOTS.map((r) => [r]),
    confirm: {
      remove: {
        message:
          'Are you sure you want to delete this customer? It can be restored later from Deleted Customers.',
      },
      bulkRemove: {
        message:
          'Are you sure you want to delete these customers? They can be restored later from Deleted Customers.',
      },
    },
    api: {
      ...customerApi.lifecycle,
      ...customerApi.bulkLifecycle,
    },
  });
