import type {
  ListPage,
  ListQuery,
  StockDetailDto,
  StockDto,
  StockHistoryEntryDto,
  StockSuggestion,
} from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

export const stockKeys = recordKeys('stocks');
export type StocksPage = ListPage<'productStocks', StockDto>;
export type StockHistoryPage = {
  history: StockHistoryEntryDto[];
  historyCount: number;
  page: number;
  limit: number;
};

const BASE = '/crm/products/stocks';
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;
export const STOCKS_PAGE = '/admin/products/stocks';
export const HISTORY_PAGE_SIZE = 10;

export const useStocksList = (query: ListQuery) =>
  useQuery({
    queryKey: stockKeys.list(query),
    queryFn: async ({ signal }) => (await api.list<StocksPage>(BASE, query, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });

export const useStock = (id: string | undefined) =>
  useQuery({
    queryKey: stockKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<StockDetailDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

/** The ledger of a stock, newest first, a page at a time; asked only once the section is opened. */
export const useStockHistory = (id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: [...stockKeys.detail(id), 'history', page],
    queryFn: async ({ signal }) =>
      (
        await api.get<StockHistoryPage>(
          path(id, '/history'),
          { page: String(page), limit: String(HISTORY_PAGE_SIZE) },
          { signal },
        )
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });

/** GET …/suggestion?name (the Ctrl+K popup). */
export const searchStocks = async (name: string, signal?: AbortSignal) =>
  (await api.get<StockSuggestion[]>(`${BASE}/suggestion`, { name }, { signal })).data;

export type StockAdjustBody = {
  type: string;
  quantity: number;
  reason: string;
  date: string;
  initialPrice?: number;
};
/** PATCH …/adjust; the answer is the stock. */
export const adjustStock = (id: string, body: StockAdjustBody, idempotencyKey?: string) =>
  api.patch<StockDetailDto>(path(id, '/adjust'), body, { idempotencyKey });
