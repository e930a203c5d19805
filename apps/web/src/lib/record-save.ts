import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useIdempotencyKey } from './idempotency';
import { withLoadingToast } from './notify';

/**
 * The save step every record form shares: one call at a time (a repeat submit while it runs is ignored,
 * spec 1 §8 / spec 2 §4), a loading toast that turns into the server's message, then the draft cleared,
 * the form marked clean, the leave guard released (so `onSaved` may navigate or close), and every query
 * under `invalidate` refreshed. A failure has been shown by the toast; `onError` may put it on a field.
 * `call` gets the form's Idempotency-Key to send (lib/idempotency.ts: kept for a retry after a lost answer
 * or a 5xx, renewed after any other answer).
 *
 * ```ts
 * const save = useRecordSave({ form, draft, guard, invalidate: [teamKeys.all] });
 * const submit = (values) => save({
 *   loading: 'Creating team', call: (key) => createTeam(values, key),
 *   onSaved: (answer) => navigate(`/admin/teams/${answer.data?._id}`),
 * });
 * ```
 */
export const useRecordSave = <V extends FieldValues>({
  form,
  draft,
  guard,
  invalidate,
}: {
  form: UseFormReturn<V>;
  draft: { clear: () => void };
  guard: { release: () => void };
  invalidate: readonly QueryKey[];
}) => {
  const client = useQueryClient();
  const running = useRef(false);
  const keeper = useIdempotencyKey();
  return useCallback(
    async <R extends { message?: string }>({
      loading,
      call,
      onSaved,
      onError,
    }: {
      loading: string;
      call: (idempotencyKey: string) => Promise<R>;
      onSaved: (answer: R) => void;
      onError?: (error: unknown) => void;
    }) => {
      if (running.current) return;
      running.current = true;
      try {
        const answer = await withLoadingToast(loading, () => keeper.run(call));
        draft.clear();
        form.reset(form.getValues());
        guard.release();
        for (const queryKey of invalidate) void client.invalidateQueries({ queryKey });
        onSaved(answer);
      } catch (error) {
        onError?.(error);
      } finally {
        running.current = false;
      }
    },
    [client, draft, form, guard, invalidate, keeper],
  );
};
