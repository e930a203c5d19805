// Reviewing a re-quotation (spec 3 §2 "Verifications", §4; decision 0015): Approve or Reject Changes on the
// active version, which must be Pending; status, reason, reviewer and time recorded, with history.
import type { QuotationReviewInput } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { quotations, quotationVersions } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { updateStamps } from '../../platform/records.ts';
import { detail, HISTORY, QUOTATION, snapshot } from './quotation-dto.ts';
import { activeCopy, type Deps, lockQuotation, names, versionWithLines } from './quotations-write.ts';

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
    const [updated] = await tx
      .update(quotationVersions)
      .set({
        reviewStatus: input.status,
        reviewReason: input.reason?.trim() || null,
        reviewedBy: principal.user.id,
        reviewedAt: now,
        updatedAt: now,
        updatedBy: principal.user.id,
      })
      .where(eq(quotationVersions.id, v.id))
      .returning();
    await tx
      .update(quotations)
      .set({ ...activeCopy(updated!), ...updateStamps(principal, now) })
      .where(eq(quotations.id, q.id));
    const n = await names(tx, q);
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: q.id,
      title: updated!.title,
      before: snapshot(q, v, lines, n),
      after: snapshot(q, updated!, lines, n),
    });
  });
  return {
    message: input.status === 'Approved' ? QUOTATION.reviewApproved : QUOTATION.reviewRejected,
    data: await detail(deps.db, id),
  };
};
