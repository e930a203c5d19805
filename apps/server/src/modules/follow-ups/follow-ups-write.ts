// Creating and updating follow-ups: their references checked in the caller's scope, with history.
import {
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_RESOURCE,
  type FollowUpDto,
  type FollowUpInput,
  type FollowUpUpdateInput,
  followUpStatusFor,
  type UserRef,
} from '@karya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  customers,
  followUps,
  type NextFollowUpRow,
  projects,
  quotations,
  requirements,
} from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, missingLiveUsers, updateStamps, userRefs } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';
import { projectScope } from '../projects/project-scope.ts';
import { detail, FOLLOW_UP, followUpScope, usersOf } from './follow-ups.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof followUps.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 409 on an update whose expectedUpdatedAt is not the row's: the route answers it with the current follow-up. */
export class FollowUpConflict extends Error {
  constructor(readonly current: FollowUpDto) {
    super(FOLLOW_UP_MESSAGES.conflict);
  }
}

// ----------------------------------------------------------------------------------------------- write

/**
 * The references a follow-up names must exist: its customer in the caller's scope, the requirement and the
 * quotation live and its, the project live, its and in the caller's project scope (issue 26).
 */
const checkReferences = async (tx: Tx, principal: Principal, input: FollowUpInput) => {
  const cs = customerScope(principal);
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customer), eq(customers.isDeleted, false), cs))
    .limit(1);
  if (!customer) throw badRequest(FOLLOW_UP.customerNotFound);
  if (input.requirement) {
    const [requirement] = await tx
      .select({ customerId: requirements.customerId })
      .from(requirements)
      .where(and(eq(requirements.id, input.requirement), eq(requirements.isDeleted, false)))
      .limit(1);
    if (!requirement) throw badRequest(FOLLOW_UP.requirementNotFound);
    if (requirement.customerId !== input.customer) throw badRequest(FOLLOW_UP.requirementOtherCustomer);
  }
  if (input.reason === 'Quotation' && input.quotation) {
    const [quotation] = await tx
      .select({ customerId: quotations.customerId })
      .from(quotations)
      .where(and(eq(quotations.id, input.quotation), eq(quotations.isDeleted, false)))
      .limit(1);
    if (!quotation) throw badRequest(FOLLOW_UP.quotationNotFound);
    if (quotation.customerId !== input.customer) throw badRequest(FOLLOW_UP.quotationOtherCustomer);
  }
  if (input.reason === 'Project' && input.project) {
    const ps = projectScope(principal);
    const [project] = await tx
      .select({ customerId: projects.customerId })
      .from(projects)
      .where(and(eq(projects.id, input.project), eq(projects.isDeleted, false), ...(ps ? [ps] : [])))
      .limit(1);
    if (!project) throw badRequest(FOLLOW_UP.projectNotFound);
    if (project.customerId !== input.customer) throw badRequest(FOLLOW_UP.projectOtherCustomer);
  }
  const people = [
    ...input.visitors,
    ...(input.followUpBy ? [input.followUpBy] : []),
    ...(input.nextFollowUp?.visitors ?? []),
    ...(input.nextFollowUp?.followUpBy ? [input.nextFollowUp.followUpBy] : []),
  ];
  if ((await missingLiveUsers(tx as Db, [...new Set(people)])).length)
    throw badRequest(FOLLOW_UP.usersMissing);
};

/** The columns of a follow-up from the form; the status from date and time when none was sent. */
const fields = (principal: Principal, input: FollowUpInput, now: Date) => ({
  customerId: input.customer,
  type: input.type,
  reason: input.reason,
  requirementId: input.requirement,
  quotationId: input.reason === 'Quotation' ? (input.quotation ?? null) : null,
  projectId: input.reason === 'Project' ? (input.project ?? null) : null,
  otherReason: input.otherReason,
  date: input.date,
  time: input.time,
  visitors: input.visitors,
  // A call or mail is someone's: the caller's when the form names nobody (decision 0007).
  followUpBy: input.type === 'Visit' ? null : (input.followUpBy ?? principal.user.id),
  status: input.status ?? followUpStatusFor(input.date, input.time, now),
  response: input.response,
  remarks: input.remarks,
  nextFollowUp: input.nextFollowUp as NextFollowUpRow | null,
});

const snapshot = (r: Row, refs: Map<string, UserRef>, requirementTitle?: string | null): Snapshot => {
  const name = (id: string | null | undefined) => (id ? { _id: id, name: refs.get(id)?.name ?? id } : null);
  return {
    type: r.type,
    reason: r.reason,
    requirement: r.requirementId ? { _id: r.requirementId, name: requirementTitle ?? r.requirementId } : null,
    otherReason: r.otherReason,
    date: r.date,
    time: r.time,
    visitors: r.visitors.map((id) => name(id)!),
    followUpBy: name(r.followUpBy),
    status: r.status,
    response: r.response,
    remarks: r.remarks,
    nextFollowUp: r.nextFollowUp?.nextRequired
      ? {
          type: r.nextFollowUp.type,
          date: r.nextFollowUp.date,
          time: r.nextFollowUp.time,
          visitors: r.nextFollowUp.visitors.map((id) => name(id)!),
          followUpBy: name(r.nextFollowUp.followUpBy),
        }
      : null,
  };
};

const title = (r: Row) => `FI${String(r.followUpId).padStart(4, '0')}`;

export const createFollowUp = async ({ db, clock }: Deps, principal: Principal, input: FollowUpInput) => {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await checkReferences(tx, principal, input);
    const [inserted] = await tx
      .insert(followUps)
      .values({ ...createStamps(principal, now), ...fields(principal, input, now) })
      .returning();
    const row = inserted!;
    const refs = await userRefs(tx as Db, usersOf(row));
    await recordChange(tx, principal, now, {
      entity: FOLLOW_UP_RESOURCE,
      recordId: row.id,
      title: title(row),
      action: 'create',
      changes: diffSnapshots(FOLLOW_UP_RESOURCE, null, snapshot(row, refs)),
    });
    return detail(tx, row.id);
  });
};

/**
 * PATCH /crm/follow-ups/{id}: the whole follow-up. The customer cannot change (400 when another is sent);
 * with `expectedUpdatedAt` differing from the row's, 409 with the current follow-up as data.
 */
export const updateFollowUp = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  { expectedUpdatedAt, ...body }: FollowUpUpdateInput,
) => {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const scope = followUpScope(principal);
    const [locked] = await tx
      .select()
      .from(followUps)
      .where(scope ? and(eq(followUps.id, id), scope) : eq(followUps.id, id))
      .for('update')
      .limit(1);
    if (!locked) throw notFound(FOLLOW_UP.notFound);
    if (locked.isDeleted) throw badRequest(FOLLOW_UP.restoreBeforeUpdate);
    const current = locked;
    if (
      expectedUpdatedAt !== undefined &&
      new Date(expectedUpdatedAt).getTime() !== current.updatedAt.getTime()
    )
      throw new FollowUpConflict(await detail(tx, id));
    if (body.customer && body.customer !== current.customerId) throw badRequest(FOLLOW_UP.customerLocked);
    const input: FollowUpInput = { ...body, customer: current.customerId };
    await checkReferences(tx, principal, input);
    const [updated] = await tx
      .update(followUps)
      .set({ ...fields(principal, input, now), ...updateStamps(principal, now) })
      .where(eq(followUps.id, id))
      .returning();
    const refs = await userRefs(tx as Db, [...usersOf(current), ...usersOf(updated!)]);
    const titles = await requirementTitles(tx, [current.requirementId, updated!.requirementId]);
    await recordUpdate(tx, principal, now, {
      entity: FOLLOW_UP_RESOURCE,
      recordId: id,
      title: title(updated!),
      before: snapshot(current, refs, titles.get(current.requirementId ?? '')),
      after: snapshot(updated!, refs, titles.get(updated!.requirementId ?? '')),
    });
    return detail(tx, id);
  });
};

const requirementTitles = async (tx: Tx, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: requirements.id, title: requirements.title })
    .from(requirements)
    .where(inArray(requirements.id, wanted));
  return new Map(rows.map((r) => [r.id, r.title]));
};
