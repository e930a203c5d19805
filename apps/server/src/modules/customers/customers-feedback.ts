// A customer's feedback entries: added and removed as a whole list, with history.
import { type CustomerFeedbackInput, newId } from '@karya/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type CustomerFeedbackRow, customers } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { updateStamps, userRefs } from '../../platform/records.ts';
import { CUSTOMER, feedbacksOf, HISTORY, snapshot } from './customer-dto.ts';
import { customerScope } from './customer-scope.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof customers.$inferSelect;

// -------------------------------------------------------------------------------------------- feedback

/**
 * A change of a customer's feedbacks: the live customer in the caller's scope, locked; `change` gives the new
 * list (or throws); the history entry and the answer (every feedback with its reviewer) follow.
 */
const changeFeedbacks = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  change: (current: Row, now: Date) => CustomerFeedbackRow[] | SQL,
) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), customerScope(principal)))
      .for('update');
    if (!current) throw notFound(CUSTOMER.notFound);
    if (current.isDeleted) throw badRequest(CUSTOMER.restoreBeforeUpdate);
    const [updated] = await tx
      .update(customers)
      .set({ feedbacks: change(current, now), ...updateStamps(principal, now) })
      .where(eq(customers.id, id))
      .returning();
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.name,
      before: { feedbacks: snapshot(current, new Map()).feedbacks },
      after: { feedbacks: snapshot(updated!, new Map()).feedbacks },
    });
    return updated!;
  });
  return feedbacksOf(
    row,
    await userRefs(
      db,
      row.feedbacks.map((f) => f.reviewerId),
    ),
  );
};

/** PATCH /crm/customers/{id}/feedback: the reviewer is the caller, the date the server's (decision 0006). */
export const addFeedback = (deps: Deps, principal: Principal, id: string, input: CustomerFeedbackInput) =>
  changeFeedbacks(deps, principal, id, (_current, now) => {
    const feedback: CustomerFeedbackRow = {
      id: newId(now),
      reviewerId: principal.user.id,
      rating: input.rating,
      comment: input.comment ?? null,
      date: now.toISOString(),
    };
    return sql`${customers.feedbacks} || ${JSON.stringify([feedback])}::jsonb`;
  });

export const deleteFeedback = (deps: Deps, principal: Principal, id: string, feedbackId: string) =>
  changeFeedbacks(deps, principal, id, (current) => {
    if (!current.feedbacks.some((f) => f.id === feedbackId)) throw notFound(CUSTOMER.feedbackNotFound);
    return current.feedbacks.filter((f) => f.id !== feedbackId);
  });
