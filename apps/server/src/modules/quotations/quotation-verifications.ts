// The admin dashboard's quotation figures (spec 1 §2 "verifications.quotation", "unVerifiedQuotations"):
// live quotations whose active version waits for review, counted and the newest listed.
import type { AdminDashboard } from '@karya/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, quotations, quotationVersions } from '../../db/schema.ts';
import { userRefs } from '../../platform/records.ts';

const pending = and(eq(quotations.isDeleted, false), eq(quotations.reviewStatus, 'Pending'));

export const quotationVerifications = async (db: Db, size: number) => {
  const [[counted], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(quotations).where(pending),
    db
      .select({
        title: quotations.title,
        createdAt: quotations.createdAt,
        versionCreatedBy: quotationVersions.createdBy,
        customerId: customers.id,
        customerName: customers.name,
      })
      .from(quotations)
      .leftJoin(quotationVersions, eq(quotationVersions.id, quotations.activeVersionId))
      .leftJoin(customers, eq(customers.id, quotations.customerId))
      .where(pending)
      .orderBy(desc(quotations.createdAt), desc(quotations.id))
      .limit(size),
  ]);
  const refs = await userRefs(
    db,
    rows.map((r) => r.versionCreatedBy),
  );
  const list: AdminDashboard['unVerifiedQuotations'] = rows.map((r) => {
    const u = r.versionCreatedBy ? refs.get(r.versionCreatedBy) : undefined;
    return {
      activeVersion: { title: r.title, createdBy: u ? { _id: u._id, name: u.name } : null },
      createdAt: r.createdAt.toISOString(),
      customer: r.customerId ? { _id: r.customerId, name: r.customerName ?? '' } : null,
    };
  });
  return { count: counted?.n ?? 0, list };
};
