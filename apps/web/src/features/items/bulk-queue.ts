import { ITEM_BULK_MAX, ITEM_MESSAGES, ITEM_NAME_MAX } from '@karya/domain';

/** What adding a typed name to the bulk queue did: the queue after it, and the message for the input. */
export type QueueStep = { queue: string[]; error: string | null; added: boolean };

/**
 * Spec 3 §5 "Bulk item create", the queue's own checks (the server checks again): the name is trimmed; a
 * blank one is ignored; one already queued (whatever its case) is refused with 'Item name already exists
 * in below list'; the name's length and the queue's size are those the server takes.
 */
export const addToQueue = (queue: readonly string[], text: string): QueueStep => {
  const name = text.trim();
  if (!name) return { queue: [...queue], error: null, added: false };
  const refuse = (error: string) => ({ queue: [...queue], error, added: false });
  if (queue.some((q) => q.toLowerCase() === name.toLowerCase())) return refuse(ITEM_MESSAGES.bulkDuplicate);
  if (name.length > ITEM_NAME_MAX) return refuse(`Name must not exceed ${ITEM_NAME_MAX} characters`);
  if (queue.length >= ITEM_BULK_MAX) return refuse(ITEM_MESSAGES.bulkTooMany);
  return { queue: [...queue, name], error: null, added: true };
};

/** Before a submit: the names to send, or the message why there is nothing to send. */
export const queueToSend = (queue: readonly string[]): { names: string[] } | { error: string } =>
  queue.length === 0 ? { error: ITEM_MESSAGES.bulkEmpty } : { names: [...queue] };
