import {
  ACCOUNTS_RESOURCE,
  type AccountsExport,
  EXPORT_FRAMES_MIME,
  errorMessageFor,
  type LedgerNames,
} from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ExportStreamError, readExportFrames, saveParts } from '../../lib/export-frames';

export const LEDGERS_PATH = '/admin/accounts/ledgers';
export const ledgerNamesKey = [ACCOUNTS_RESOURCE, 'ledgers'] as const;

export const useLedgerNames = () =>
  useQuery({
    queryKey: ledgerNamesKey,
    queryFn: ({ signal }) =>
      api.get<LedgerNames>(LEDGERS_PATH, undefined, { signal }).then((a) => a.data ?? null),
  });

export const updateLedgerNames = (names: LedgerNames, idempotencyKey?: string) =>
  api.patch<LedgerNames>(LEDGERS_PATH, names, { idempotencyKey });

export const EXPORT_TEXTS = {
  interrupted: 'The export stopped before the end. Please try again.',
  offline: "You're offline. Please check your internet connection.",
  cancelled: 'Export cancelled',
  progress: (done: number, total: number) =>
    `Writing ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} documents…`,
  saved: (name: string, n: number) =>
    `${name} saved: ${n.toLocaleString('en-IN')} ${n === 1 ? 'document' : 'documents'}`,
} as const;

export type ExportRun = {
  kind: AccountsExport | 'register';
  url: string;
  onStart: (total: number) => void;
  onProgress: (done: number) => void;
  signal: AbortSignal;
};

/**
 * One export: GET with progress=true, the frames read as they come (the documents written so far), the file
 * saved under the name the server gives. Resolves with the name and the count; throws an Error whose
 * message is for the user (the server's 400 message, an interruption, offline).
 */
export const runExport = async ({ url, onStart, onProgress, signal }: ExportRun) => {
  let res: Response;
  try {
    res = await fetch(`/api${url}${url.includes('?') ? '&' : '?'}progress=true`, {
      credentials: 'include',
      headers: { accept: EXPORT_FRAMES_MIME },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(navigator.onLine ? EXPORT_TEXTS.interrupted : EXPORT_TEXTS.offline);
  }
  if (!res.ok || !res.body) {
    const data = await res.json().catch(() => undefined);
    throw new Error(errorMessageFor(res.status, data));
  }
  const total = Number(res.headers.get('x-total-count') ?? 0);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  onStart(total);
  try {
    const parts = await readExportFrames(res.body, onProgress, EXPORT_TEXTS.interrupted);
    saveParts(parts, name, name.endsWith('.xml') ? 'application/xml' : 'application/octet-stream');
  } catch (error) {
    if (signal.aborted || error instanceof ExportStreamError) throw error;
    throw new Error(navigator.onLine ? EXPORT_TEXTS.interrupted : EXPORT_TEXTS.offline);
  }
  return { name, total };
};
