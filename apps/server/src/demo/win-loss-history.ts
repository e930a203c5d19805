import { type LostTo, newId, PROJECT_STATUSES, todayInAppZone } from '@karya/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  customers,
  projectStatusChanges,
  projects,
  quotationLines,
  quotations,
  quotationVersions,
  rejectionAnalyses,
  requirements,
} from '../db/schema.ts';
import type { Tx } from '../modules/stocks/ledger.ts';

/**
 * The past year's decided quotations (issue 26; decision 0017), so the wins-and-losses page tells a story on
 * first start: some won, some lost to a competitor or to no decision, over the last eleven months, for
 * schools, colleges and offices in several districts, by the sales executives the customers are assigned to.
 * Each is a requirement, its quotation and version 0, whose lines are a copy of a demo Draft's frozen lines
 * (priced as the server priced those), then a project (Completed) or a rejection analysis. Runs after the
 * project demo, in the demo's transaction.
 */
type Outcome =
  | { won: true; monthsAgo: number; days: number }
  | {
      won: false;
      monthsAgo: number;
      days: number;
      reasons: string[];
      lostTo: LostTo;
      competitor?: [string, number];
    };

const PRICE = 'Price higher than the competitor';
const BUDGET = 'Budget not sanctioned this year';
const OUTCOMES: Outcome[] = [
  { won: true, monthsAgo: 10, days: 35 },
  {
    won: false,
    monthsAgo: 9,
    days: 20,
    reasons: [PRICE],
    lostTo: 'Competitor',
    competitor: ['EduTech Solutions Pvt Ltd', 0.88],
  },
  { won: true, monthsAgo: 8, days: 21 },
  { won: false, monthsAgo: 7, days: 40, reasons: [BUDGET], lostTo: 'No Decision' },
  { won: true, monthsAgo: 6, days: 12 },
  { won: true, monthsAgo: 5, days: 64 },
  {
    won: false,
    monthsAgo: 4,
    days: 15,
    reasons: [PRICE, 'Delivery in 6 weeks; they needed 3'],
    lostTo: 'Competitor',
    competitor: ['Kalinga Digital Systems', 0.92],
  },
  {
    won: false,
    monthsAgo: 3,
    days: 30,
    reasons: ['Chose a local dealer for service'],
    lostTo: 'Competitor',
    competitor: ['Utkal Smart Class', 0.95],
  },
  { won: true, monthsAgo: 2, days: 9 },
  {
    won: false,
    monthsAgo: 1,
    days: 25,
    reasons: [BUDGET, 'Purchase postponed to next session'],
    lostTo: 'No Decision',
  },
];

export const loadWinLossHistory = async (tx: Tx, now: Date) => {
  // Every demo version, oldest first: their frozen lines are the copies' lines (each copy a version 0).
  const sources = await tx
    .select({ q: quotations, v: quotationVersions })
    .from(quotationVersions)
    .innerJoin(quotations, eq(quotations.id, quotationVersions.quotationId))
    .where(isNotNull(quotations.requirementId))
    .orderBy(asc(quotationVersions.createdAt));
  const people = await tx
    .select({ id: customers.id, assignedTo: customers.assignedTo })
    .from(customers)
    .where(and(eq(customers.isDeleted, false), sql`cardinality(${customers.assignedTo}) > 0`))
    .orderBy(asc(customers.customerId));
  if (!sources.length || people.length < 3) return { won: 0, lost: 0 };
  const day = 24 * 3_600_000;
  let won = 0;
  let lost = 0;
  for (const [i, o] of OUTCOMES.entries()) {
    const { q: sq, v: sv } = sources[(i * 5 + 1) % sources.length]!;
    const customer = people[(i * 7 + 2) % people.length]!;
    const by = customer.assignedTo![0]!;
    // The decision in the middle of its month; the requirement `days` before it, the quotation a day after that.
    const decided = new Date(now.getTime() - (o.monthsAgo * 30.4 + 3) * day);
    const asked = new Date(decided.getTime() - o.days * day);
    const quoted = new Date(asked.getTime() + day);
    const [source] = await tx.select().from(requirements).where(eq(requirements.id, sq.requirementId!));
    if (!source) continue;
    const requirementId = newId(asked);
    const quotationId = newId(quoted);
    const versionId = newId(quoted);
    const stamps = { createdBy: by, updatedBy: by, createdAt: quoted, updatedAt: decided };
    const { requirementId: _number, quotationId: _quotation, ...copied } = source;
    await tx.insert(requirements).values({
      ...copied,
      id: requirementId,
      customerId: customer.id,
      status: 'Completed',
      ...stamps,
      createdAt: asked,
    });
    const { quotationId: _n, projectId: _p, ...quotation } = sq;
    await tx.insert(quotations).values({
      ...quotation,
      title: sv.title,
      totalPrice: sv.totalPrice,
      versionCount: 1,
      id: quotationId,
      customerId: customer.id,
      requirementId,
      activeVersionId: versionId,
      status: o.won ? 'Approved' : 'Rejected',
      reviewStatus: null,
      validUntil: todayInAppZone(new Date(quoted.getTime() + 30 * day)),
      ...stamps,
    });
    await tx.insert(quotationVersions).values({
      ...sv,
      id: versionId,
      quotationId,
      versionNumber: 0,
      isMain: true,
      previousVersionId: null,
      nextVersionId: null,
      changes: [],
      reviewStatus: null,
      reviewReason: null,
      reviewedBy: null,
      reviewedAt: null,
      status: o.won ? 'Approved' : 'Rejected',
      validUntil: todayInAppZone(new Date(quoted.getTime() + 30 * day)),
      ...stamps,
    });
    const lines = await tx.select().from(quotationLines).where(eq(quotationLines.versionId, sv.id));
    await tx.insert(quotationLines).values(lines.map((l) => ({ ...l, id: newId(quoted), versionId })));
    await tx.update(requirements).set({ quotationId }).where(eq(requirements.id, requirementId));
    if (o.won) {
      const projectId = newId(decided);
      await tx.insert(projects).values({
        id: projectId,
        title: sv.title,
        customerId: customer.id,
        requirementId,
        quotationId,
        versionId,
        status: 'Completed',
        totalPrice: sv.totalPrice,
        ...stamps,
        createdAt: decided,
      });
      // One step at a time, a few days apart, to Completed.
      await tx.insert(projectStatusChanges).values(
        PROJECT_STATUSES.map((to, step) => {
          const at = new Date(Math.min(decided.getTime() + step * 4 * day, now.getTime() - day));
          return {
            id: newId(at),
            projectId,
            fromStatus: step ? PROJECT_STATUSES[step - 1]! : null,
            toStatus: to,
            changedBy: by,
            changedAt: at,
          };
        }),
      );
      await tx.update(quotations).set({ projectId }).where(eq(quotations.id, quotationId));
      won++;
    } else {
      const [name, share] = o.competitor ?? [null, 0];
      await tx.insert(rejectionAnalyses).values({
        id: newId(decided),
        quotationId,
        versionId,
        customerId: customer.id,
        rejectionDate: todayInAppZone(decided),
        rejectionReasons: o.reasons,
        reasonsText: o.reasons.join('; ').toLowerCase(),
        lostTo: o.lostTo,
        competitorName: name,
        offeredAmount: name ? Math.round(sv.totalPrice * share) : null,
        quotedAmount: sv.totalPrice,
        rejectedPerson: { name: null, designation: null, email: null, phone: null },
        ...stamps,
        createdAt: decided,
      });
      lost++;
    }
  }
  return { won, lost };
};
