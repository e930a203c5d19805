import { useSyncExternalStore } from 'react';
import { ApiError, api } from './api';
import { newIdempotencyKey } from './idempotency';

/**
 * The outbox: writes kept on this device until the server has them (issue 11, "works without signal").
 * A sales executive logs a visit in a school with no signal; the form puts the write here, the shell shows
 * "Waiting to send", and it goes by itself when the connection returns (the `online` event, the page
 * coming back into view, every 30 s while something waits, and at start). Each entry carries its own
 * Idempotency-Key, so a write that reached the server before the connection dropped is answered, not
 * written twice. A conflict (the record changed meanwhile: 409 with the current record) or a refusal (4xx)
 * stops that entry and is shown to the user, never overwritten silently; a dropped connection or a 5xx
 * keeps it waiting. Kept in localStorage per user: it survives a reload and a closed tab.
 */
export type OutboxState = 'waiting' | 'sending' | 'conflict' | 'failed';
export type OutboxEntry = {
  /** Also the Idempotency-Key. */
  id: string;
  userId: string;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  keepEmpty?: boolean;
  /** What the user sees: 'Visit follow-up for DAV Public School'. */
  label: string;
  /** The query root to refresh once sent ('followUps'), and where the record opens ('/crm/follow-ups'). */
  queryRoot: string;
  href: string;
  createdAt: string;
  state: OutboxState;
  message?: string;
  /** The server's current record, on a conflict. */
  current?: { _id?: string; updatedAt?: string } & Record<string, unknown>;
};

const STORAGE_KEY = 'karyaOutbox';
const RETRY_MS = 30_000;

const read = (): OutboxEntry[] => {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};

let entries: OutboxEntry[] = typeof localStorage === 'undefined' ? [] : read();
const listeners = new Set<() => void>();
const sentListeners = new Set<(entry: OutboxEntry, data: unknown) => void>();
const emit = () => {
  for (const l of listeners) l();
};
const write = (next: OutboxEntry[]) => {
  entries = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the entries stay in memory for this visit.
  }
  emit();
};
const update = (id: string, change: Partial<OutboxEntry>) =>
  write(entries.map((e) => (e.id === id ? { ...e, ...change } : e)));

/** The server's current record came with a 409: a conflict, not "the first send is still running". */
const hasCurrent = (error: ApiError) => {
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Boolean(data && typeof data === 'object');
};
/** No connection, or the server is down for a moment: the entry, and every later one, waits. */
const isUnreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
/**
 * "Still being processed" (409 without a record): a claim an earlier server version left behind. This entry
 * waits and is tried again later, but the ones after it go on: one stuck key never holds back the rest.
 */
const isStillProcessing = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && !hasCurrent(error);

export const outbox = {
  list: (userId?: string) => (userId ? entries.filter((e) => e.userId === userId) : entries),
  subscribe: (fn: () => void) => {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  },
  /** Called with each entry the server accepted (the app refreshes that record type's queries). */
  onSent: (fn: (entry: OutboxEntry, data: unknown) => void) => {
    sentListeners.add(fn);
    return () => {
      sentListeners.delete(fn);
    };
  },
  add: (entry: Omit<OutboxEntry, 'id' | 'createdAt' | 'state'>) => {
    const full: OutboxEntry = {
      ...entry,
      id: newIdempotencyKey(),
      createdAt: new Date().toISOString(),
      state: 'waiting',
    };
    write([...entries, full]);
    schedule();
    return full;
  },
  discard: (id: string) => write(entries.filter((e) => e.id !== id)),
  /**
   * A conflict the user chose to overwrite: sent again against the version they have now seen, under a
   * new key (the old one's answer, the conflict, is what the server keeps for it).
   */
  sendMineAnyway: (id: string) => {
    const e = entries.find((x) => x.id === id);
    if (!e?.current) return;
    write(
      entries.map((x) =>
        x.id === id
          ? {
              ...x,
              id: newIdempotencyKey(),
              state: 'waiting' as const,
              message: undefined,
              body: { ...x.body, expectedUpdatedAt: e.current?.updatedAt },
              current: undefined,
            }
          : x,
      ),
    );
    void outbox.flush();
  },
  /** Sends every waiting entry in order; one run at a time (a call during a run gets that run). */
  flush: (): Promise<void> => {
    // Assigned before the run can finish: a run with nothing to send completes in a microtask, and its
    // clean-up must find this promise, not clear a variable that is set afterwards.
    flushing ??= sendWaiting().finally(() => {
      flushing = null;
      schedule();
    });
    return flushing;
  },
};
let flushing: Promise<void> | null = null;

const sendWaiting = async () => {
  for (const e of entries.filter((x) => x.state === 'waiting')) {
    update(e.id, { state: 'sending' });
    try {
      const answer = await api.send<unknown>(e.method, e.path, e.body, {
        idempotencyKey: e.id,
        keepEmpty: e.keepEmpty,
      });
      write(entries.filter((x) => x.id !== e.id));
      for (const l of sentListeners) l(e, answer.data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && hasCurrent(error)) {
        update(e.id, {
          state: 'conflict',
          message: error.message,
          current: (error.body as { data: OutboxEntry['current'] }).data,
        });
      } else if (isUnreachable(error)) {
        update(e.id, { state: 'waiting' });
        return; // no connection (or the server is down): the rest waits too, in order
      } else if (isStillProcessing(error)) {
        update(e.id, { state: 'waiting' });
      } else {
        update(e.id, { state: 'failed', message: (error as Error).message });
      }
    }
  }
};
let timer: ReturnType<typeof setTimeout> | undefined;
const schedule = () => {
  clearTimeout(timer);
  if (entries.some((e) => e.state === 'waiting')) timer = setTimeout(() => void outbox.flush(), RETRY_MS);
};

let started = false;
const onOnline = () => void outbox.flush();
const onVisible = () => {
  if (document.visibilityState === 'visible') void outbox.flush();
};
// Another tab changed the outbox: take its version.
const onStorage = (event: StorageEvent) => {
  if (event.key === STORAGE_KEY) {
    entries = read();
    emit();
  }
};
/** Starts sending on reconnect, on return to the page and now (the signed-in shell calls it once). */
export const startOutbox = () => {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('storage', onStorage);
  // A reload while an entry was being sent: it waits again (its key makes a second send safe).
  if (entries.some((e) => e.state === 'sending'))
    write(entries.map((e) => (e.state === 'sending' ? { ...e, state: 'waiting' as const } : e)));
  void outbox.flush();
};

/**
 * Stops this module's retry timer and listeners and forgets its entries (the stored ones stay). For the
 * unit tests, whose files share one window (vite.config.ts): a retry from one file's outbox fired in a later
 * file and was counted among that file's requests.
 */
export const stopOutbox = () => {
  clearTimeout(timer);
  if (typeof window !== 'undefined') {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
  }
  started = false;
  entries = [];
};

/** The signed-in user's entries, re-rendering on every change. */
export const useOutbox = (userId: string | undefined) =>
  useSyncExternalStore(
    outbox.subscribe,
    () => entries,
    () => entries,
  ).filter((e) => e.userId === userId);

/**
 * Send a write now, or keep it in the outbox when there is no connection: resolves `{sent: true, data}`
 * with the server's answer, or `{sent: false}` once it is safely queued. Refusals (4xx) reject as usual,
 * for the form to show.
 */
export const sendOrQueue = async <T>(
  entry: Omit<OutboxEntry, 'id' | 'createdAt' | 'state'>,
): Promise<{ sent: true; data: T; message?: string } | { sent: false; entry: OutboxEntry }> => {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { sent: false, entry: outbox.add(entry) };
  const key = newIdempotencyKey();
  try {
    const answer = await api.send<T>(entry.method, entry.path, entry.body, {
      idempotencyKey: key,
      keepEmpty: entry.keepEmpty,
    });
    return { sent: true, data: answer.data as T, message: answer.message };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
      // Queued under the same key: if this attempt did reach the server, the replay is answered, not redone.
      const queued: OutboxEntry = {
        ...entry,
        id: key,
        createdAt: new Date().toISOString(),
        state: 'waiting',
      };
      write([...entries, queued]);
      schedule();
      return { sent: false, entry: queued };
    }
    throw error;
  }
};
