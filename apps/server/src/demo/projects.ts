import {
  lostToOf,
  mayDecide,
  newId,
  PROJECT_STATUSES,
  type ProjectStatus,
  type ReviewStatus,
  todayInAppZone,
} from '@karya/domain';
import { asc, eq, sql } from 'drizzle-orm';
import {
  projectStatusChanges,
  projects,
  quotationLines,
  quotations,
  quotationVersions,
  rejectionAnalyses,
} from '../db/schema.ts';
import type { Tx } from '../modules/stocks/ledger.ts';

/**
 * The quotations' two endings in the demo (issue 26; decision 0016), so the project list, a project's
 * status history and the rejection analyses show something on first start. Of the demo quotations that may
 * be decided (`mayDecide`), the first two become projects, one carried to Installation (a step back on the
 * way, with its reason) and one Completed, and the last one is rejected: lost to a competitor, with the
 * competitor's price beside ours. The demo has no files, so the projects have none attached. Runs after the
 * quotation demo, in the demo's transaction.
 */
export const loadProjectDemo = async (tx: Tx, now: Date, opts: { managerId: string | null }) => {
  const rows = await tx
    .select({ q: quotations, v: quotationVersions })
    .from(quotations)
    .innerJoin(quotationVersions, eq(quotationVersions.id, quotations.activeVersionId))
    .orderBy(asc(quotations.createdAt));
  let decidable = rows.filter(({ q, v }) =>
    mayDecide({
      isDeleted: q.isDeleted,
      activeVersion: {
        status: v.status as 'Draft',
        review: v.reviewStatus
          ? { status: v.reviewStatus as ReviewStatus, reason: null, reviewedBy: null, reviewedAt: null }
          : null,
      },
    }),
  );
  // The re-quotations whose changes were approved first (the whole path to a project); never the long ATL
  // quotation (the most lines), which the document tests print as a Draft.
  const lineCounts = await tx
    .select({ versionId: quotationLines.versionId, n: sql<number>`count(*)::int` })
    .from(quotationLines)
    .groupBy(quotationLines.versionId);
  const longest = lineCounts.reduce((a, b) => (b.n > a.n ? b : a), { versionId: '', n: 0 }).versionId;
  decidable = decidable
    .filter(({ v }) => v.id !== longest)
    .sort((a, b) => Number(b.v.reviewStatus === 'Approved') - Number(a.v.reviewStatus === 'Approved'));
  if (decidable.length < 3) return { projects: 0, rejections: 0 };
  const hour = 3_600_000;
  const at = (from: Date, hours: number) =>
    new Date(Math.min(from.getTime() + hours * hour, now.getTime() - hour));

  /** The steps a project went through: forward one at a time, with one step back (and its reason). */
  const journeys: ProjectStatus[][] = [
    [
      'Initiated',
      'Ready For Dispatch',
      'Delivered to Customer Site',
      'Ready For Dispatch',
      'Delivered to Customer Site',
      'Installation',
    ],
    [...PROJECT_STATUSES],
  ];
  let made = 0;
  for (const [k, journey] of journeys.entries()) {
    const { q, v } = decidable[k]!;
    const by = opts.managerId ?? q.createdBy;
    const approvedAt = at(v.updatedAt, 24);
    const id = newId(approvedAt);
    const status = journey.at(-1)!;
    const changes = journey.map((to, step) => ({
      id: newId(at(approvedAt, step * 30)),
      projectId: id,
      fromStatus: step === 0 ? null : journey[step - 1]!,
      toStatus: to,
      reason:
        step > 0 && PROJECT_STATUSES.indexOf(to) < PROJECT_STATUSES.indexOf(journey[step - 1]!)
          ? 'Two lab benches arrived damaged; sent back for replacement before installation.'
          : null,
      changedBy: by,
      changedAt: at(approvedAt, step * 30),
    }));
    await tx.insert(projects).values({
      id,
      title: v.title,
      customerId: q.customerId,
      requirementId: q.requirementId,
      quotationId: q.id,
      versionId: v.id,
      status,
      totalPrice: v.totalPrice,
      createdBy: by,
      updatedBy: by,
      createdAt: approvedAt,
      updatedAt: changes.at(-1)!.changedAt,
    });
    await tx.insert(projectStatusChanges).values(changes);
    await tx
      .update(quotationVersions)
      .set({ status: 'Approved' })
      .where(eq(quotationVersions.quotationId, q.id));
    await tx
      .update(quotations)
      .set({ status: 'Approved', projectId: id, updatedAt: approvedAt })
      .where(eq(quotations.id, q.id));
    made++;
  }

  // The last decidable quotation: the school chose another vendor's cheaper kits.
  const { q, v } = decidable.at(-1)!;
  const rejectedAt = at(v.updatedAt, 48);
  const competitor = { name: 'EduTech Solutions Pvt Ltd', offeredAmount: Math.round(v.totalPrice * 0.9) };
  await tx.insert(rejectionAnalyses).values({
    id: newId(rejectedAt),
    quotationId: q.id,
    versionId: v.id,
    customerId: q.customerId,
    rejectionDate: todayInAppZone(rejectedAt),
    rejectionReasons: ['Price higher than the competitor', 'Delivery in 6 weeks; they needed 3'],
    reasonsText: 'price higher than the competitor; delivery in 6 weeks; they needed 3',
    detailedReason: 'The school committee chose the lower offer; our kits were preferred on quality.',
    lostTo: lostToOf({ competitor }),
    competitorName: competitor.name,
    offeredAmount: competitor.offeredAmount,
    quotedAmount: v.totalPrice,
    customerFeedback: 'Would consider us again for the senior lab next year.',
    rejectedPerson: { name: 'R. K. Mohanty', designation: 'Principal', email: null, phone: '9437012345' },
    createdBy: q.createdBy,
    updatedBy: q.createdBy,
    createdAt: rejectedAt,
    updatedAt: rejectedAt,
  });
  await tx.update(quotationVersions).set({ status: 'Rejected' }).where(eq(quotationVersions.id, v.id));
  await tx
    .update(quotations)
    .set({ status: 'Rejected', updatedAt: rejectedAt })
    .where(eq(quotations.id, q.id));
  return { projects: made, rejections: 1 };
};
