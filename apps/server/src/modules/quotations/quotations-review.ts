// Reviewing a re-quotation (spec 3 §2 "Verifications", §4; decision 0015): Approve or Reject Changes on the
// active version, which must be Pending; status, reason, reviewer and time recorded, with history.
import type { QuotationReviewInput } from '@karya/domain';
import { badRequest } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { detail } from './quotation-answer.ts';
import { QUOTATION } from './quotation-dto.ts';
import { type Deps, lockQuotation, versionWithLines, writeActiveVersion } from './quotations-write.ts';

/** PATCH /crm/quotations/{id}/review: the message says which way it went. */
export const reviewQuotation = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: QuotationReviewInput,
) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const q = await lockQuotation(tx, principal, id);
    const { version: v, lines } = await versionWithLines(tx, q.activeVersionId);
    if (v.reviewStatus !== 'Pending') throw badRequest(QUOTATION.nothingToReview);
    const values = {
      reviewStatus: input.status,
      reviewReason: input.reason?.trim() || null,
      reviewedBy: principal.user.id,
      reviewedAt: now,
    };
    await writeActiveVersion(tx, principal, now, { q, v, values }, { before: lines, after: lines });
  });
  return {
    message: input.status === 'Approved' ? QUOTATION.reviewApproved : QUOTATION.reviewRejected,
    data: await detail(deps.db, id),
  };
};
