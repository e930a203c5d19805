import { useRef } from 'react';
import { isApiError } from './api';

/**
 * Every create and update the web sends carries an `Idempotency-Key` (issue 22 part 3): the server keeps
 * its answer per (user, key) for a week and answers a replay with it (`Idempotent-Replay: true`) instead of
 * writing again. One rule decides when a form's key is used up:
 * - a definitive answer consumes it: a 2xx, or a 4xx refusal (the user changes the form and submits again
 *   under a new key);
 * - no answer (status 0: the network dropped, maybe after the server wrote) or a 5xx keeps it, so pressing
 *   Save again replays the first answer if there was one, instead of writing twice.
 * The outbox (lib/outbox.ts) keeps its own keys per queued entry.
 */
export const newIdempotencyKey = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain http on a LAN address is not a secure context: no randomUUID there.
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

/** Whether a failed send keeps its key for the user's retry: no answer came (0) or the server failed (5xx). */
export const keepsIdempotencyKey = (error: unknown) =>
  isApiError(error) && (error.status === 0 || error.status >= 500);

export type IdempotencyKeeper = {
  /** Sends with the form's current key (a new one when the last was used up) and applies the rule. */
  run: <T>(send: (idempotencyKey: string) => Promise<T>) => Promise<T>;
};

export const idempotencyKeeper = (): IdempotencyKeeper => {
  let key: string | null = null;
  return {
    run: async (send) => {
      key ??= newIdempotencyKey();
      try {
        const answer = await send(key);
        key = null;
        return answer;
      } catch (error) {
        if (!keepsIdempotencyKey(error)) key = null;
        throw error;
      }
    },
  };
};

/** A form's key keeper, alive as long as the form (a retry of the same form keeps its key). */
export const useIdempotencyKey = (): IdempotencyKeeper => {
  const ref = useRef<IdempotencyKeeper | null>(null);
  ref.current ??= idempotencyKeeper();
  return ref.current;
};
