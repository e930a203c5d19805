import {
  REJECTION_MESSAGES as M,
  REJECTION_REASONS_MAX,
  rejectionAnalysisUpdateSchema,
  rejectionReasonSchema,
} from '@karya/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { formPathOf, type RejectionFormState, rejectionRequestFrom } from './rejection-form-values';

// The rejection-analysis form's validation, loaded as the form renders (lib/lazy-validation.ts).

type Tree = { [key: string]: Tree | { type: string; message: string } };

const setAt = (tree: Tree, path: string[], error: { type: string; message: string }) => {
  const [head, ...rest] = path;
  if (!head) return;
  if (rest.length === 0) {
    tree[head] ??= error;
    return;
  }
  tree[head] ??= {};
  const next = tree[head] as Tree;
  if (!('message' in next)) setAt(next, rest, error);
};

/**
 * The domain's rules (spec 2 §5 messages) applied to what the form stands for; each message on its field
 * ('competitor.offeredAmount'), a listed reason's on the reasons editor ('Reason 2: …').
 */
export const rejectionResolver: Resolver<RejectionFormState> = async (values) => {
  const parsed = rejectionAnalysisUpdateSchema.safeParse(rejectionRequestFrom(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Tree = {};
  for (const issue of parsed.error.issues) {
    const field = formPathOf(issue.path);
    if (!field) continue;
    const index = issue.path[1];
    const message =
      field === 'rejectionReasons' && typeof index === 'number'
        ? `Reason ${index + 1}: ${issue.message}`
        : issue.message;
    setAt(errors, field.split('.'), { type: issue.code, message });
  }
  return { values: {}, errors: errors as FieldErrors<RejectionFormState> };
};

/** Drops what says nothing (null, and objects left empty): a new analysis sends only what was given. */
const withoutBlanks = (value: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'object' && !Array.isArray(v)) {
      const inner = withoutBlanks(v as Record<string, unknown>);
      if (Object.keys(inner).length) out[key] = inner;
    } else out[key] = v;
  }
  return out;
};

/**
 * The analysis the form sends: the schema's output (trimmed, the amount read, the date a calendar day).
 * Blank optional text is dropped on create; on update it is sent as null, which clears what was stored.
 */
export const toRejectionBody = (values: RejectionFormState, mode: 'create' | 'update') => {
  const body = rejectionAnalysisUpdateSchema.parse(rejectionRequestFrom(values)) as Record<string, unknown>;
  return mode === 'create' ? withoutBlanks(body) : body;
};

/** The reason typed in the editor, checked on Add: not empty, within its bound, not listed already. */
export const checkReason = (
  text: string,
  reasons: readonly string[],
  editing: number | null,
): { ok: true; reason: string } | { ok: false; message: string } => {
  const parsed = rejectionReasonSchema.safeParse(text);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? M.reasonEmpty };
  const key = parsed.data.toLowerCase();
  if (reasons.some((r, i) => i !== editing && r.toLowerCase() === key))
    return { ok: false, message: M.reasonDuplicate };
  if (editing === null && reasons.length >= REJECTION_REASONS_MAX)
    return { ok: false, message: M.reasonsTooMany };
  return { ok: true, reason: parsed.data };
};
