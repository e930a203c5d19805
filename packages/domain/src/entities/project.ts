import { z } from 'zod';
import { multiLineText } from '../common/text.ts';
import { objectIdSchema } from '../ids.ts';
import { PROJECT_MESSAGES as M, PROJECT_REASON_MAX, PROJECT_STATUSES } from './project-list.ts';

/**
 * Project rules (spec 3 §3 "Project", §4 Approve, §7; issue 26; decision 0016). The form and the API share
 * them; the transition itself (one step forward, or back with a reason) is projectStatusChangeProblem, which
 * needs the stored status.
 */

/** POST /crm/projects: the multipart form's text part (the two files are checked by the server's file rules). */
export const projectCreateSchema = z.object({
  quotation: z.string({ error: M.quotationRequired }).min(1, M.quotationRequired).pipe(objectIdSchema),
});
export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;

/** PATCH /crm/projects/{id}/status (the path is ours: decision 0016). */
export const projectStatusSchema = z.object({
  status: z.enum(PROJECT_STATUSES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? M.statusRequired : M.statusInvalid),
  }),
  reason: multiLineText()
    .max(PROJECT_REASON_MAX, M.reasonMax)
    .nullish()
    .transform((v) => v || null),
});
export type ProjectStatusInput = z.infer<typeof projectStatusSchema>;
