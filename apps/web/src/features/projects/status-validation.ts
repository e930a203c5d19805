import { type ProjectStatus, type ProjectStatusInput, projectStatusSchema } from '@karya/domain';

// The status dialog's rules, loaded as the dialog opens (lib/lazy-validation.ts): zod and the schema.

/** The body the dialog sends, by the domain's schema (the reason trimmed, blank dropped), or the message. */
export const statusBody = (
  status: ProjectStatus,
  reason: string,
): { body: ProjectStatusInput } | { error: string } => {
  const parsed = projectStatusSchema.safeParse({ status, reason });
  return parsed.success
    ? { body: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'The status could not be changed' };
};
