import {
  addToNameQueue,
  CUSTOMER_BULK_MAX,
  CUSTOMER_MESSAGES,
  CUSTOMER_NAME_MAX,
  type QueueStep,
  sameName,
} from '@karya/domain';

export type { QueueStep };

/** Spec 2 §5 bulk names: the shared name queue (packages/domain) with the customer's words and limits. */
export const addToQueue = (queue: readonly string[], text: string): QueueStep =>
  addToNameQueue(queue, text, {
    duplicate: CUSTOMER_MESSAGES.bulkDuplicate,
    tooMany: CUSTOMER_MESSAGES.bulkTooMany,
    maxCount: CUSTOMER_BULK_MAX,
    maxLength: CUSTOMER_NAME_MAX,
  });

/** The listed names the server said exist (check-names answers them in its own case). */
export const flaggedNames = (queue: readonly string[], existing: readonly string[]) =>
  queue.filter((n) => existing.some((e) => sameName(e, n)));

/** The names left once the flagged ones are set aside. */
export const validNames = (queue: readonly string[], flagged: readonly string[]) =>
  queue.filter((n) => !flagged.some((f) => sameName(f, n)));
