// Writing rejection analyses (spec 2 §4, §5, §7; decision 0016): the analysis and the Rejected version in
// one transaction under the quotation's row lock; an update of the analysis; each with its history.
import {
  lostToOf,
  mayDecide,
  type QuotationStatus,
  type RejectionAnalysisInput,
  type RejectionAnalysisUpdateInput,
  type ReviewStatus,
} from '@karya/domain';
import { and, eq } from 'drizzle-orm';
import { quotations, rejectionAnalyses } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, updateStamps } from '../../platform/records.ts';
import { type QuotationRow, quotationScope } from '../quotations/quotation-dto.ts';
import { versionWithLines, writeActiveVersion } from '../quotations/quotations-write.ts';
import { fillOutcomeSnapshot } from '../win-loss/outcome-snapshot.ts';
import {
  detail,
  HISTORY,
  REJECTION,
  reasonsTextOf,
  rejectionScope,
  snapshot,
} from './rejection-analysis-dto.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The partial unique index that keeps one live analysis per quotation (db/tables/projects.ts). */
const ONE_LIVE_INDEX = 'rejection_analyses_quotation_live_uq';

/** A write refused by the one-live-analysis index (a second analysis sent at the same moment). */
const isSecondAnalysis = (error: unknown): boolean => {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === ONE_LIVE_INDEX;
  }
  return false;
};

/** The `.catch` of a write that may meet another live analysis of the same quotation: 409, nothing written. */
export const refuseSecondAnalysis = (error: unknown): never => {
  if (isSecondAnalysis(error)) throw conflict(REJECTION.alreadyRejected);
  throw error;
};

/** The analysis' own columns from the form (the same for a create and an update). */
const fieldsOf = (input: RejectionAnalysisUpdateInput) => ({
  rejectionDate: input.rejectionDate,
  rejectionReasons: input.rejectionReasons,
  reasonsText: reasonsTextOf(input.rejectionReasons),
  detailedReason: input.detailedReason,
  lostTo: lostToOf(input),
  competitorName: input.competitor.name,
  offeredAmount: input.competitor.offeredAmount,
  customerFeedback: input.customerFeedback,
  rejectedPerson: input.rejectedPerson,
});

const liveAnalysisOf = async (tx: Pick<Deps['db'], 'select'>, quotationId: string) => {
  const [found] = await tx
    .select({ id: rejectionAnalyses.id })
    .from(rejectionAnalyses)
    .where(and(eq(rejectionAnalyses.quotationId, quotationId), eq(rejectionAnalyses.isDeleted, false)))
    .limit(1);
  return found;
};

// ---------------------------------------------------------------------------------------------- create

/**
 * POST /crm/rejection-analysis: the quotation (live, in the caller's scope, locked), its active version (no
 * other), decidable (mayDecide) and not yet rejected. Writes the analysis (its customer the quotation's, our
 * price the version's total), sets the version and the quotation's copy of it Rejected, and records both
 * histories; all in one transaction.
 */
export const createRejection = async (deps: Deps, principal: Principal, input: RejectionAnalysisInput) => {
  const now = deps.clock.now();
  const id = await deps.db
    .transaction(async (tx) => {
      const scope = quotationScope(principal);
      const [q] = await tx
        .select()
        .from(quotations)
        .where(
          and(eq(quotations.id, input.quotation), eq(quotations.isDeleted, false), ...(scope ? [scope] : [])),
        )
        .for('update');
      if (!q) throw notFound(REJECTION.quotationNotFound);
      if (input.quotationVersionId !== q.activeVersionId) throw notFound(REJECTION.versionNotFound);
      const { version: v, lines } = await versionWithLines(tx, q.activeVersionId);
      if (v.status === 'Rejected' || (await liveAnalysisOf(tx, q.id)))
        throw conflict(REJECTION.alreadyRejected);
      const review = v.reviewStatus
        ? {
            status: v.reviewStatus as ReviewStatus,
            reason: v.reviewReason,
            reviewedBy: null,
            reviewedAt: null,
          }
        : null;
      if (
        !mayDecide({ isDeleted: q.isDeleted, activeVersion: { status: v.status as QuotationStatus, review } })
      )
        throw conflict(
          v.status === 'Draft' || v.status === 'ReQuoted' ? REJECTION.awaitingReview : REJECTION.notDecidable,
        );
      const [row] = await tx
        .insert(rejectionAnalyses)
        .values({
          ...createStamps(principal, now),
          quotationId: q.id,
          versionId: v.id,
          customerId: q.customerId,
          quotedAmount: v.totalPrice,
          ...fieldsOf(input),
        })
        .returning();
      await fillOutcomeSnapshot(tx, { analysisId: row!.id });
      await writeActiveVersion(
        tx,
        principal,
        now,
        { q: q as QuotationRow, v, values: { status: 'Rejected' } },
        { before: lines, after: lines },
      );
      await recordChange(tx, principal, now, {
        entity: HISTORY.entity,
        recordId: row!.id,
        title: row!.reasonsText,
        action: 'create',
        changes: diffSnapshots(HISTORY.entity, null, snapshot(row!)),
      });
      return row!.id;
    })
    .catch(refuseSecondAnalysis);
  return detail(deps.db, id);
};

// ---------------------------------------------------------------------------------------------- update

/**
 * PATCH /crm/rejection-analysis/{id}: the analysis' fields (the quotation, version, customer and our price
 * stay); a live analysis only.
 */
export const updateRejection = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: RejectionAnalysisUpdateInput,
) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const scope = rejectionScope(principal);
    const [before] = await tx
      .select()
      .from(rejectionAnalyses)
      .where(scope ? and(eq(rejectionAnalyses.id, id), scope) : eq(rejectionAnalyses.id, id))
      .for('update');
    if (!before) throw notFound(REJECTION.notFound);
    if (before.isDeleted) throw badRequest(REJECTION.restoreBeforeUpdate);
    const [after] = await tx
      .update(rejectionAnalyses)
      .set({ ...fieldsOf(input), ...updateStamps(principal, now) })
      .where(eq(rejectionAnalyses.id, id))
      .returning();
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: after!.reasonsText,
      before: snapshot(before),
      after: snapshot(after!),
    });
  });
  return detail(deps.db, id, rejectionScope(principal));
};

export { liveAnalysisOf };
