import { z } from 'zod';
import { objectIdSchema } from '../ids.ts';
import { oneLineText } from './text.ts';

/**
 * The shared life of a record (spec 2 §4, spec 3 §4): active → deleted (soft) → restored, or removed for
 * good — only from the deleted state. The shapes every record type shares live here once.
 */

/** A user as other records reference them. */
export type UserRef = { _id: string; name: string; email?: string; image?: { url: string } | null };

/** Stamps every record carries; set by the server, never read from a request body. */
export type RecordStamps = {
  createdBy: UserRef | null;
  createdAt: string;
  updatedAt: string;
  isDeleted: boolean;
  deletedAt: string | null;
  deletedBy: UserRef | null;
};

/** Fields a client may never set on any record: the server stamps them. */
export const SERVER_STAMPED_FIELDS = [
  '_id',
  'createdBy',
  'createdAt',
  'updatedBy',
  'updatedAt',
  'isDeleted',
  'deletedAt',
  'deletedBy',
] as const;

/** Bulk forms take at most this many ids (one transaction each). */
export const BULK_MAX_IDS = 100;

export const BULK_MESSAGES = {
  idsRequired: 'Select at least one record',
  tooMany: `At most ${BULK_MAX_IDS} records can be changed at once`,
} as const;

/** `{ids}` of a bulk delete / restore / permanent delete; duplicates are collapsed. */
export const bulkIdsSchema = z.object({
  ids: z
    .array(objectIdSchema, { error: BULK_MESSAGES.idsRequired })
    .min(1, BULK_MESSAGES.idsRequired)
    .max(BULK_MAX_IDS, BULK_MESSAGES.tooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type BulkIdsInput = z.infer<typeof bulkIdsSchema>;

/** What a bulk call did with each id. */
export const BULK_OUTCOMES = ['done', 'notFound', 'wrongState'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];
export type BulkResult = {
  results: { _id: string; outcome: BulkOutcome }[];
  done: number;
  notFound: number;
  wrongState: number;
};

/** "2 tasks deleted", "1 task restored, 1 not found, 1 was not deleted". */
export const bulkSummary = (
  result: Pick<BulkResult, 'done' | 'notFound' | 'wrongState'>,
  noun: { one: string; many: string },
  verb: string,
  wrongState: string,
) => {
  const parts = [`${result.done} ${result.done === 1 ? noun.one : noun.many} ${verb}`];
  if (result.notFound) parts.push(`${result.notFound} not found`);
  if (result.wrongState) parts.push(`${result.wrongState} ${wrongState}`);
  return parts.join(', ');
};

/** A suggestion call: name search plus the already selected ids (always returned first); at most 20. */
export const SUGGESTION_LIMIT = 20;
export const suggestionQuerySchema = z.object({
  name: oneLineText().max(100, 'Search text is too long').optional().default(''),
  selectedIds: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(objectIdSchema).max(100, 'Too many selected ids')),
});

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Issue 23: brand, category, class and vendor names are unique among live records, in any case. The 409's
 * message names the record that holds the name; its data is that record, for the screen to link to.
 */
export const nameTakenMessage = (noun: string, name: string) => `A ${noun} named ${name} already exists.`;
export type NameHolder = { _id: string; name: string };

/**
 * The lifecycle messages of one record type, from its noun ('task' → 'Task deleted successfully'). Server
 * answers and screens both take their texts from here.
 */
export const recordMessages = (noun: string, plural = `${noun}s`) => {
  const Noun = capital(noun);
  return {
    notFound: `${Noun} not found`,
    fetched: `${Noun} fetched successfully`,
    listed: `${capital(plural)} fetched successfully`,
    created: `${Noun} created successfully`,
    updated: `${Noun} updated successfully`,
    deleted: `${Noun} deleted successfully`,
    restored: `${Noun} restored successfully`,
    deletedPermanently: `${Noun} deleted permanently`,
    alreadyDeleted: `${Noun} is already deleted`,
    notDeleted: `${Noun} is not deleted`,
    permanentNeedsDeleted: `Only a deleted ${noun} can be deleted permanently`,
    restoreBeforeUpdate: `Restore the ${noun} before updating`,
    deletedFilterForbidden: `You don’t have permission to see deleted ${plural}.`,
    bulkDeleted: (r: BulkResult) => bulkSummary(r, { one: noun, many: plural }, 'deleted', 'already deleted'),
    bulkRestored: (r: BulkResult) => bulkSummary(r, { one: noun, many: plural }, 'restored', 'not deleted'),
    bulkDeletedPermanently: (r: BulkResult) =>
      bulkSummary(r, { one: noun, many: plural }, 'deleted permanently', 'not deleted'),
  };
};
export type RecordMessages = ReturnType<typeof recordMessages>;
