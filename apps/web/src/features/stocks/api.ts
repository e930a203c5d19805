import type {
  ListPage,
  StockDetailDto,
  StockDto,
  StockHistoryEntryDto,
  StockSuggestion,
} from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recordApi } from '../../components/record/record-api';
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

const stockApi = recordApi<StocksPage, StockDetailDto>({ base: '/crm/products/stocks', keys: stockKeys });
const { path } = stockApi;
export const STOCKS_PAGE = '/admin/products/stocks';
export const HISTORY_PAGE_SIZE = 10;

export const useStocksList = stockApi.useList;
export const useStock = stockApi.useOne;

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
export const searchStocks = (name: string, signal?: AbortSignal) =>
  stockApi.suggest<StockSuggestion[]>({ name }, signal);

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
