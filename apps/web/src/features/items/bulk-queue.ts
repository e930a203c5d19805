import { addToNameQueue, ITEM_BULK_MAX, ITEM_MESSAGES, ITEM_NAME_MAX, type QueueStep } from '@karya/domain';

export type { QueueStep };

/** Spec 3 §5 "Bulk item create": the shared name queue (packages/domain) with the item's words and limits. */
export const addToQueue = (queue: readonly string[], text: string): QueueStep =>
  addToNameQueue(queue, text, {
    duplicate: ITEM_MESSAGES.bulkDuplicate,
    tooMany: ITEM_MESSAGES.bulkTooMany,
    maxCount: ITEM_BULK_MAX,
    maxLength: ITEM_NAME_MAX,
  });

/** Before a submit: the names to send, or the message why there is nothing to send. */
export const queueToSend = (queue: readonly string[]): { names: string[] } | { error: string } =>
  queue.length === 0 ? { error: ITEM_MESSAGES.bulkEmpty } : { names: [...queue] };
