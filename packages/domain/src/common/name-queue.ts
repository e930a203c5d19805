// Bulk entry by names (spec 3 §5 "Bulk item create", spec 2 §5 customers' bulk names): the queue's own
// checks, once for every record type; the server checks again. Zod-free: the bulk dialogs load it.

/** Two names are the same whatever their case and surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What adding a typed name to a queue did: the queue after it, and the message for the input. */
export type QueueStep = { queue: string[]; error: string | null; added: boolean };

export type NameQueueRules = {
  /** 'Item name already exists in below list' / 'Customer name already exists in below list'. */
  duplicate: string;
  tooMany: string;
  maxCount: number;
  maxLength: number;
};

/**
 * The name is trimmed; a blank one is ignored; one already queued (whatever its case) is refused with the
 * record type's message; the name's length and the queue's size are those the server takes.
 */
export const addToNameQueue = (queue: readonly string[], text: string, rules: NameQueueRules): QueueStep => {
  const name = text.trim();
  if (!name) return { queue: [...queue], error: null, added: false };
  const refuse = (error: string) => ({ queue: [...queue], error, added: false });
  if (queue.some((q) => sameName(q, name))) return refuse(rules.duplicate);
  if (name.length > rules.maxLength) return refuse(`Name must not exceed ${rules.maxLength} characters`);
  if (queue.length >= rules.maxCount) return refuse(rules.tooMany);
  return { queue: [...queue, name], error: null, added: true };
};

/**
 * Create pressed while the name box holds a name the queue refuses (issue 23): the same refusal, and that
 * nothing was created because of it, for the user who expected the listed names to go.
 */
export const queueBlocksCreateMessage = (error: string) =>
  `${error.replace(/\.$/, '')}. Nothing was created: change or clear the name in the box, then press Create.`;
