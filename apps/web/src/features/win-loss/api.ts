import { WIN_LOSS_API, type WinLoss } from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** What the page asks for: days (YYYY-MM-DD) and the sales executive's id, each optional. */
export type WinLossFilters = { from?: string; to?: string; createdBy?: string };

/**
 * Under 'analytics', the root a saved, changed or deleted rejection analysis invalidates
 * (features/rejection-analysis/api.ts REJECTION_DEPENDENT_ROOTS).
 */
export const winLossKeys = {
  all: ['analytics', 'win-loss'] as const,
  query: (f: WinLossFilters) =>
    ['analytics', 'win-loss', f.from ?? '', f.to ?? '', f.createdBy ?? ''] as const,
};

export const fetchWinLoss = async (f: WinLossFilters, signal?: AbortSignal) =>
  (await api.get<WinLoss>(WIN_LOSS_API, { from: f.from, to: f.to, createdBy: f.createdBy }, { signal })).data;

/** GET /crm/win-loss; the last answer stays on screen while a new range loads. */
export const useWinLoss = (f: WinLossFilters) =>
  useQuery({
    queryKey: winLossKeys.query(f),
    queryFn: ({ signal }) => fetchWinLoss(f, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
