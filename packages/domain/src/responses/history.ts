import { z } from 'zod';
import { deviceInfoSchema, locationSchema } from '../common/fields.ts';
import { HISTORY_ACTIONS, type HistoryPageDto, type HistoryValue } from '../common/history.ts';
import type { Same } from './same.ts';
import { userRefSchema } from './users.ts';

/**
 * A value as history keeps it: any JSON (recursive, so written as a custom type: the document says `{}` rather
 * than a self-reference its tools cannot follow inside an inline schema).
 */
const historyValue = z.custom<HistoryValue>().describe('A JSON value, references as {_id, name}');

/** GET <record>/{id}/history: the record's history, newest first (common/history.ts). */
export const historyPageSchema = z.object({
  history: z.array(
    z.object({
      _id: z.string(),
      entity: z.string(),
      recordId: z.string(),
      action: z.enum(HISTORY_ACTIONS),
      bulk: z.boolean(),
      at: z.string(),
      by: userRefSchema.nullable(),
      device: deviceInfoSchema.nullable(),
      location: locationSchema.nullable(),
      title: z.string(),
      changes: z.array(
        z.object({
          field: z.string(),
          label: z.string(),
          from: historyValue,
          to: historyValue,
          redacted: z.boolean().optional(),
        }),
      ),
    }),
  ),
  historyCount: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});

/** A bulk delete, restore or permanent delete: what happened to each id. */
export const bulkResultSchema = z.object({
  results: z.array(z.object({ _id: z.string(), outcome: z.enum(['done', 'notFound', 'wrongState']) })),
  done: z.number().int(),
  notFound: z.number().int(),
  wrongState: z.number().int(),
});

const checks: [Same<z.output<typeof historyPageSchema>, HistoryPageDto>] = [true];
void checks;
