// Writing quotations (spec 3 §4, §5, §7; decision 0015): create with version 0, update the active Draft
// version, re-quotation (version n under a lock on the quotation row) and Make it Active, each with history.
import {
  newId,
  type QuotationInput,
  type QuotationUpdateInput,
  type QuotationVersionInput,
  quotationChanges,
  REJECTION_MESSAGES,
  reQuotationTitle,
} from '@karya/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { customers, quotationLines, quotations, quotationVersions, requirements } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, updateStamps } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';
import { detail } from './quotation-answer.ts';
import {
  HISTORY,
  type LineRow,
  QUOTATION,
  type QuotationRow,
  quotationScope,
  snapshot,
  type Tx,
  type VersionRow,
} from './quotation-dto.ts';
import {
  comparable,
  type FrozenLine,
  freezeLines,
  type PlaceOfSupplyRow,
  placeOfSupply,
} from './quotation-lines.ts';

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

// -------------------------------------------------------------------------------------------- helpers

/** The customer: live, seen by the caller (else 'Customer not found'), with a margin tier. */
const checkCustomer = async (tx: Tx, principal: Principal, id: string) => {
  const scope = customerScope(principal);
  const [c] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      gstin: customers.gstin,
      state: customers.state,
      marginTier: customers.marginTier,
    })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.isDeleted, false), ...(scope ? [scope] : [])));
  if (!c) throw badRequest(QUOTATION.customerNotFound);
  if (!c.marginTier) throw badRequest(QUOTATION.marginTierMissing);
  return c;
};

/** The requirement: live, the customer's, without a quotation; locked until the transaction ends. */
const checkRequirement = async (tx: Tx, id: string, customerId: string) => {
  const [r] = await tx
    .select({
      id: requirements.id,
      title: requirements.title,
      customerId: requirements.customerId,
      quotationId: requirements.quotationId,
    })
    .from(requirements)
    .where(and(eq(requirements.id, id), eq(requirements.isDeleted, false)))
    .for('update');
  if (!r) throw badRequest(QUOTATION.requirementNotFound);
  if (r.customerId !== customerId) throw badRequest(QUOTATION.requirementOfOtherCustomer);
  if (r.quotationId) throw badRequest(QUOTATION.requirementHasQuotation);
  return r;
};

const lineRows = (versionId: string, lines: readonly FrozenLine[], now: Date) =>
  lines.map(({ unitPaise: _, ...l }) => ({ id: newId(now), versionId, ...l }));

/** The quotation row's copy of its active version (the list's columns). */
const activeCopy = (
  v: Pick<VersionRow, 'id' | 'title' | 'status' | 'reviewStatus' | 'totalPrice' | 'validUntil'>,
) => ({
  activeVersionId: v.id,
  title: v.title,
  status: v.status,
  reviewStatus: v.reviewStatus,
  totalPrice: v.totalPrice,
  validUntil: v.validUntil,
});

/** The quotation, live and in scope, locked (FOR UPDATE) for the rest of the transaction. */
const lockQuotation = async (tx: Tx, principal: Principal, id: string) => {
  const scope = quotationScope(principal);
  const [q] = await tx
    .select()
    .from(quotations)
    .where(scope ? and(eq(quotations.id, id), scope) : eq(quotations.id, id))
    .for('update');
  if (!q) throw notFound(QUOTATION.notFound);
  if (q.isDeleted) throw badRequest(QUOTATION.restoreBeforeUpdate);
  return q as QuotationRow;
};

const versionWithLines = async (tx: Tx, versionId: string) => {
  const [v] = await tx.select().from(quotationVersions).where(eq(quotationVersions.id, versionId));
  const lines = await tx
    .select()
    .from(quotationLines)
    .where(eq(quotationLines.versionId, versionId))
    .orderBy(asc(quotationLines.lineNo));
  return { version: v as VersionRow, lines: lines as LineRow[] };
};

const names = async (tx: Tx, q: Pick<QuotationRow, 'customerId' | 'requirementId'>) => {
  const [c] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, q.customerId));
  const [r] = q.requirementId
    ? await tx
        .select({ title: requirements.title })
        .from(requirements)
        .where(eq(requirements.id, q.requirementId))
    : [];
  return { customer: c?.name, requirement: r?.title ?? null };
};

type SnapshotLines = readonly Pick<LineRow, 'itemId' | 'name' | 'quantity' | 'unitPrice' | 'gst'>[];

/**
 * The active version `v` changed by `values` (stamped), copied onto its quotation, with one history entry from
 * `lines.before` to `lines.after`: an update of a Draft and a review write it alike.
 */
const writeActiveVersion = async (
  tx: Tx,
  principal: Principal,
  now: Date,
  target: { q: QuotationRow; v: VersionRow; values: Partial<VersionRow> },
  lines: { before: SnapshotLines; after: SnapshotLines },
) => {
  const { q, v, values } = target;
  const [updated] = await tx
    .update(quotationVersions)
    .set({ ...values, updatedBy: principal.user.id, updatedAt: now })
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
    before: snapshot(q, v, lines.before, n),
    after: snapshot(q, updated!, lines.after, n),
  });
};

// ---------------------------------------------------------------------------------------------- create

/** POST /crm/quotations: the quotation and its version 0 (Draft, main, active, no review). */
export const createQuotation = async (deps: Deps, principal: Principal, input: QuotationInput) => {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const customer = await checkCustomer(tx, principal, input.customer);
    const requirement = await checkRequirement(tx, input.requirement, customer.id);
    const supply = placeOfSupply(customer, deps.config.COMPANY_STATE);
    const { lines, totals } = await freezeLines(tx, principal, input.items, supply.interState, now);
    const stamps = createStamps(principal, now);
    const version = {
      id: newId(now),
      quotationId: stamps.id,
      versionNumber: 0,
      title: input.title,
      status: 'Draft',
      validUntil: input.validUntil,
      notes: input.notes ?? null,
      ...totals,
      ...supply,
      isMain: true,
      changes: [],
      reviewStatus: null,
      reviewReason: null,
      createdBy: principal.user.id,
      updatedBy: principal.user.id,
      createdAt: now,
      updatedAt: now,
    };
    const [q] = await tx
      .insert(quotations)
      .values({
        ...stamps,
        customerId: customer.id,
        requirementId: requirement.id,
        versionCount: 1,
        ...activeCopy(version),
      })
      .returning();
    await tx.insert(quotationVersions).values(version);
    await tx.insert(quotationLines).values(lineRows(version.id, lines, now));
    await tx.update(requirements).set({ quotationId: q!.id }).where(eq(requirements.id, requirement.id));
    await recordChange(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: q!.id,
      title: q!.title,
      action: 'create',
      changes: diffSnapshots(
        HISTORY.entity,
        null,
        snapshot(q!, version, lines, { customer: customer.name, requirement: requirement.title }),
      ),
    });
    return q!.id;
  });
  return detail(deps.db, id);
};

// ---------------------------------------------------------------------------------------------- update

/**
 * PATCH /crm/quotations/{id}: the active version's fields sent replace the stored ones, only while it is
 * Draft. New lines are priced and frozen again (the version's place of supply stays as frozen); a
 * re-quotation's changes are computed again, and a decided review goes back to Pending.
 */
export const updateQuotation = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: QuotationUpdateInput,
) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const q = await lockQuotation(tx, principal, id);
    const { version: v, lines: before } = await versionWithLines(tx, q.activeVersionId);
    if (v.status !== 'Draft') throw badRequest(QUOTATION.notDraft);
    const values: Partial<VersionRow> = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.validUntil !== undefined) values.validUntil = input.validUntil;
    if (input.notes !== undefined) values.notes = input.notes ?? null;
    let after: Pick<LineRow, 'itemId' | 'name' | 'quantity' | 'unitPrice' | 'gst'>[] = before;
    if (input.items) {
      const { lines, totals } = await freezeLines(tx, principal, input.items, v.interState, v.createdAt);
      Object.assign(values, totals);
      await tx.delete(quotationLines).where(eq(quotationLines.versionId, v.id));
      await tx.insert(quotationLines).values(lineRows(v.id, lines, now));
      after = lines;
      if (v.previousVersionId) {
        const previous = await versionWithLines(tx, v.previousVersionId);
        values.changes = quotationChanges(comparable(previous.lines), comparable(lines));
      }
    }
    if (v.reviewStatus === 'Approved' || v.reviewStatus === 'Rejected')
      Object.assign(values, {
        reviewStatus: 'Pending',
        reviewReason: null,
        reviewedBy: null,
        reviewedAt: null,
      });
    await writeActiveVersion(tx, principal, now, { q, v, values }, { before, after });
  });
  return detail(deps.db, id);
};

// ---------------------------------------------------------------------------------------- re-quotation

/**
 * PATCH /crm/quotations/{id}/re-quotation: version n (n = the number of versions, counted under the
 * quotation row's lock), Draft, not main, the Re-Quotation title, its changes against the active version,
 * the customer's place of supply now, review Pending. The active version becomes ReQuoted and links to it;
 * the new one becomes active.
 */
export const reQuoteQuotation = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: QuotationVersionInput,
) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const q = await lockQuotation(tx, principal, id);
    const { version: active, lines: before } = await versionWithLines(tx, q.activeVersionId);
    if (active.status !== 'Draft') throw badRequest(QUOTATION.notDraft);
    const [c] = await tx
      .select({ gstin: customers.gstin, state: customers.state, name: customers.name })
      .from(customers)
      .where(eq(customers.id, q.customerId));
    const supply: PlaceOfSupplyRow = c
      ? placeOfSupply(c, deps.config.COMPANY_STATE)
      : { supplyCode: active.supplyCode, supplyState: active.supplyState, interState: active.interState };
    const { lines, totals } = await freezeLines(tx, principal, input.items, supply.interState, now);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(quotationVersions)
      .where(eq(quotationVersions.quotationId, q.id));
    const version = {
      id: newId(now),
      quotationId: q.id,
      versionNumber: Number(n),
      title: reQuotationTitle(input.title),
      status: 'Draft',
      validUntil: input.validUntil,
      notes: input.notes ?? null,
      ...totals,
      ...supply,
      previousVersionId: active.id,
      isMain: false,
      changes: quotationChanges(comparable(before), comparable(lines)),
      reviewStatus: 'Pending',
      reviewReason: null,
      createdBy: principal.user.id,
      updatedBy: principal.user.id,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(quotationVersions).values(version);
    await tx.insert(quotationLines).values(lineRows(version.id, lines, now));
    await tx
      .update(quotationVersions)
      .set({ status: 'ReQuoted', nextVersionId: version.id, updatedAt: now, updatedBy: principal.user.id })
      .where(eq(quotationVersions.id, active.id));
    await tx
      .update(quotations)
      .set({
        ...activeCopy(version),
        versionCount: sql`${quotations.versionCount} + 1`,
        ...updateStamps(principal, now),
      })
      .where(eq(quotations.id, q.id));
    const n2 = await names(tx, q);
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: q.id,
      title: version.title,
      before: snapshot(q, active, before, n2),
      after: snapshot(q, version, lines, n2),
    });
  });
  return detail(deps.db, id);
};

// ------------------------------------------------------------------------------------------ set active

/** PATCH /crm/quotations/{quotationId}/set-active/{versionId}: Make it Active; no status changes. */
export const setActiveVersion = async (deps: Deps, principal: Principal, id: string, versionId: string) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const q = await lockQuotation(tx, principal, id);
    const [v] = await tx
      .select()
      .from(quotationVersions)
      .where(and(eq(quotationVersions.id, versionId), eq(quotationVersions.quotationId, q.id)));
    if (!v) throw notFound(QUOTATION.versionNotFound);
    if (v.id === q.activeVersionId) return;
    const current = await versionWithLines(tx, q.activeVersionId);
    // A rejected quotation stays rejected (decision 0016): another version made active would be decidable again.
    if (current.version.status === 'Rejected') throw conflict(REJECTION_MESSAGES.alreadyRejected);
    const next = await versionWithLines(tx, v.id);
    await tx
      .update(quotations)
      .set({ ...activeCopy(v), ...updateStamps(principal, now) })
      .where(eq(quotations.id, q.id));
    const n = await names(tx, q);
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: q.id,
      title: v.title,
      before: snapshot(q, current.version, current.lines, n),
      after: snapshot(q, next.version, next.lines, n),
    });
  });
  return detail(deps.db, id);
};

export { lockQuotation, versionWithLines, writeActiveVersion };
