import { CUSTOMER_BULK_MAX, CUSTOMER_MESSAGES, CUSTOMER_NAME_MAX } from '@karya/domain';

/** What adding a typed name to the bulk list did: the list after it, and the message for the input. */
export type QueueStep = { queue: string[]; error: string | null; added: boolean };

const key = (name: string) => name.trim().toLowerCase();

/**
 * Spec 2 §5 "Bulk name entry", the list's own checks (the server checks again): the name is trimmed; a
 * blank one is ignored; one already listed (whatever its case) is refused with 'Customer name already
 * exists in below list'; the length and the list's size are those the server takes.
 */
export const addToQueue = (queue: readonly string[], text: string): QueueStep => {
  const name = text.trim();
  if (!name) return { queue: [...queue], error: null, added: false };
  const refuse = (error: string) => ({ queue: [...queue], error, added: false });
  if (queue.some((q) => key(q) === key(name))) return refuse(CUSTOMER_MESSAGES.bulkDuplicate);
  if (name.length > CUSTOMER_NAME_MAX) return refuse(`Name must not exceed ${CUSTOMER_NAME_MAX} characters`);
  if (queue.length >= CUSTOMER_BULK_MAX) return refuse(CUSTOMER_MESSAGES.bulkTooMany);
  return { queue: [...queue, name], error: null, added: true };
};

/** The listed names the server said exist (check-names answers them in its own case). */
export const flaggedNames = (queue: readonly string[], existing: readonly string[]) => {
  const known = new Set(existing.map(key));
  return queue.filter((n) => known.has(key(n)));
};

/** The names left once the flagged ones are set aside. */
export const validNames = (queue: readonly string[], flagged: readonly string[]) => {
  const out = new Set(flagged.map(key));
  return queue.filter((n) => !out.has(key(n)));
};
