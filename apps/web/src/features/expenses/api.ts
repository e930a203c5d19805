import {
  EXPENSE_PATH,
  type ExpenseClaimDetailDto,
  type ExpenseClaimDto,
  type ExpenseReceiptDto,
  type ExpenseRules,
  type ExpenseTotalsDto,
  type ListPage,
  type ListQuery,
  MAX_PAGE_SIZE,
} from '@karya/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { queryKeys, recordKeys } from '../../lib/query-keys';

// Expense claims' calls (issue 28, decision 0025): the list, one claim and its history, the month totals,
// the rules; make, change, submit, delete, decide, pay; receipts and a visit's travel. Every key starts
// with 'expenses', so a change refreshes all.

export const expenseKeys = {
  ...recordKeys('expenses'),
  /** The signed-in user's own claims (My claims). */
  mine: (userId: string) => ['expenses', 'mine', userId] as const,
  /** Submitted claims the caller sees (Waiting for you keeps those they may decide). */
  waiting: () => ['expenses', 'waiting'] as const,
  /** Approved claims the caller sees (To pay keeps those they may pay). */
  toPay: () => ['expenses', 'to-pay'] as const,
  totals: (year: number) => ['expenses', 'totals', year] as const,
  rules: () => ['expenses', 'rules'] as const,
};

export type ClaimsPage = ListPage<'claims', ExpenseClaimDto>;

const STALE_MS = 60_000;
const claimApi = recordApi<ClaimsPage, ExpenseClaimDetailDto>({ base: EXPENSE_PATH, keys: expenseKeys });

/** GET /hrm/expenses: a page of the claims the caller sees (own, their teams' once submitted, or all). */
export const fetchClaims = claimApi.fetchList;
/** A page of All claims; the previous page stays on screen while the next loads. */
export const useClaimsList = claimApi.useList;
/** GET /hrm/expenses/{id}: the claim with its lines, missing receipts and rules. */
export const useClaim = claimApi.useOne;
/** Where a claim's history is read (the detail page's History section). */
export const claimHistoryPath = (id: string) => claimApi.path(id, '/history');
/** A claim's page in the app. */
export const claimHref = (id: string) => `/hrm/expenses/${id}`;

/** A receipt as the claim's owner, a manager or accounts open it once it is on a claim. */
export const receiptUrl = (claimId: string, fileId: string) =>
  `/api${claimApi.path(claimId, `/receipts/${encodeURIComponent(fileId)}`)}`;
/** A receipt just uploaded, before its claim is saved: only the uploader may open it. */
export const uploadedReceiptUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;

/** How many of their own claims My claims shows (newest first); the rest are in All claims. */
export const MY_CLAIMS_LIMIT = 20;

/** The signed-in user's claims, newest first (GET /hrm/expenses filtered on them). */
export const useMyClaims = (userId: string | undefined) =>
  useQuery({
    queryKey: expenseKeys.mine(userId ?? ''),
    queryFn: ({ signal }) =>
      fetchClaims(
        {
          page: 1,
          limit: MY_CLAIMS_LIMIT,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          filters: { user: [userId ?? ''] },
        } satisfies ListQuery,
        signal,
      ),
    enabled: Boolean(userId),
    staleTime: STALE_MS,
  });

const byStatus = (status: 'Submitted' | 'Approved', sortBy: string) =>
  ({
    page: 1,
    limit: MAX_PAGE_SIZE,
    sortBy,
    sortOrder: 'asc',
    filters: { status: [status] },
  }) satisfies ListQuery;

/** Submitted claims the caller sees, oldest first; Waiting for you keeps those with canDecide. */
export const useWaitingClaims = (enabled = true) =>
  useQuery({
    queryKey: expenseKeys.waiting(),
    queryFn: ({ signal }) => fetchClaims(byStatus('Submitted', 'submittedAt'), signal),
    enabled,
    staleTime: STALE_MS,
  });

/** Approved claims the caller sees, oldest first; To pay keeps those with canPay. */
export const useClaimsToPay = (enabled = true) =>
  useQuery({
    queryKey: expenseKeys.toPay(),
    queryFn: ({ signal }) => fetchClaims(byStatus('Approved', 'updatedAt'), signal),
    enabled,
    staleTime: STALE_MS,
  });

/** GET /hrm/expenses/totals?year=: the signed-in user's claimed, approved and paid rupees per month. */
export const useExpenseTotals = (year: number, enabled = true) =>
  useQuery({
    queryKey: expenseKeys.totals(year),
    queryFn: async ({ signal }) =>
      (await api.get<ExpenseTotalsDto>(`${EXPENSE_PATH}/totals`, { year: String(year) }, { signal }))
        .data as ExpenseTotalsDto,
    enabled,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });

/** GET /hrm/expenses/rules: the rupees per km of travel and the receipt limit. */
export const useExpenseRules = (enabled = true) =>
  useQuery({
    queryKey: expenseKeys.rules(),
    queryFn: async ({ signal }) =>
      (await api.get<ExpenseRules>(`${EXPENSE_PATH}/rules`, undefined, { signal })).data as ExpenseRules,
    enabled,
    staleTime: 5 * STALE_MS,
  });

// ------------------------------------------------------------------------------------------------ writes

/** One line as POST and PUT take it: amounts in rupees; customer, visit and receipt as ids or null. */
export type ExpenseLineBody = {
  date: string;
  category: string;
  description: string;
  amount: number | null;
  distanceKm: number | null;
  customer: string | null;
  followUp: string | null;
  receipt: string | null;
};
export type ExpenseClaimBody = { title: string; lines: ExpenseLineBody[] };

/** POST /hrm/expenses: a new draft. Sent whole (nulls are the contract's "none"). */
export const createClaim = (body: ExpenseClaimBody, idempotencyKey: string) =>
  api.send<ExpenseClaimDetailDto>('POST', EXPENSE_PATH, body, { idempotencyKey, keepEmpty: true });

/** PUT /hrm/expenses/{id}: the purpose and every line (a rejected claim becomes a draft again). */
export const updateClaim = (id: string, body: ExpenseClaimBody, idempotencyKey: string) =>
  api.put<ExpenseClaimDetailDto>(claimApi.path(id), body, { idempotencyKey });

/** DELETE /hrm/expenses/{id}: one's own draft. */
export const deleteClaim = (id: string) => api.delete<null>(claimApi.path(id));

/** PATCH /hrm/expenses/{id}/submit: one's own draft goes to the manager. */
export const submitClaim = (id: string, idempotencyKey: string) =>
  api.patch<ExpenseClaimDetailDto>(claimApi.path(id, '/submit'), undefined, { idempotencyKey });

/** PATCH /hrm/expenses/{id}/decision: approve, or reject with a reason. */
export const decideClaim = (
  id: string,
  body: { decision: 'Approved' | 'Rejected'; reason?: string },
  idempotencyKey: string,
) => api.patch<ExpenseClaimDetailDto>(claimApi.path(id, '/decision'), body, { idempotencyKey });

/** PATCH /hrm/expenses/{id}/payment: accounts mark an approved claim paid. */
export const payClaim = (id: string, body: { reference: string; paidOn: string }, idempotencyKey: string) =>
  api.patch<ExpenseClaimDetailDto>(claimApi.path(id, '/payment'), body, { idempotencyKey });

/** POST /hrm/expenses/receipts (multipart `file`): a photo or PDF, private to the uploader until saved. */
export const uploadReceipt = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api.post<ExpenseReceiptDto>(`${EXPENSE_PATH}/receipts`, body);
};

/** POST /hrm/expenses/visit-travel: a completed visit's travel, added to the caller's newest draft. */
export const claimVisitTravel = (
  body: { followUp: string; distanceKm?: number; amount?: number; description?: string },
  idempotencyKey: string,
) => api.send<ExpenseClaimDetailDto>('POST', `${EXPENSE_PATH}/visit-travel`, body, { idempotencyKey });

/** PUT /hrm/expenses/rules (update on company settings). */
export const saveExpenseRules = (rules: ExpenseRules, idempotencyKey: string) =>
  api.put<ExpenseRules>(`${EXPENSE_PATH}/rules`, rules, { idempotencyKey });

/** After a claim changed: every expense query (lists, totals, the claim) and the HRM dashboard refresh. */
export const AFTER_EXPENSE_CHANGE = [expenseKeys.all, queryKeys.dashboards.hrm] as const;
export const refreshAfterExpenseChange = (client: QueryClient) => {
  for (const queryKey of AFTER_EXPENSE_CHANGE) void client.invalidateQueries({ queryKey });
};
