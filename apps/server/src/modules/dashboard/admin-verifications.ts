// The admin dashboard's Verifications card (spec 1; issue 27): items waiting for a verifier, suggested items,
// the quotations awaiting review (counted by the caller) and the items whose GST rate is no longer in force.
import { DASHBOARD_LIST_SIZE, retiredGstRatesOn } from '@karya/domain';
import { and, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
import { userRefs } from '../../platform/records.ts';

/**
 * Items awaiting verification (Unverified) or suggested, newest first, and their counts: total is what waits
 * for a verifier (unverified + suggested + quotations), new the unverified items created this week.
 */
export const itemVerifications = async (
  db: Db,
  inWeek: (c: Column) => SQL,
  quotationCount: number,
  now: Date,
) => {
  const liveItem = eq(productItems.isDeleted, false);
  const waiting = (state: string) =>
    db
      .select({
        name: productItems.name,
        createdAt: productItems.createdAt,
        createdBy: productItems.createdBy,
        preferredBrand: productItems.preferredBrand,
      })
      .from(productItems)
      .where(and(liveItem, eq(productItems.state, state)))
      .orderBy(desc(productItems.createdAt), desc(productItems.id))
      .limit(DASHBOARD_LIST_SIZE);
  const [[counts], unverified, suggested] = await Promise.all([
    db
      .select({
        unverified: sql<number>`(count(*) filter (where ${productItems.state} = 'Unverified'))::int`,
        suggested: sql<number>`(count(*) filter (where ${productItems.state} = 'Suggested'))::int`,
        new: sql<number>`(count(*) filter (where ${productItems.state} = 'Unverified' and ${inWeek(productItems.createdAt)}))::int`,
        retiredGst: sql<number>`(count(*) filter (where ${inArray(productItems.gst, retiredGstRatesOn(now))}))::int`,
      })
      .from(productItems)
      .where(liveItem),
    waiting('Unverified'),
    waiting('Suggested'),
  ]);
  const refs = await userRefs(
    db,
    [...unverified, ...suggested].map((i) => i.createdBy),
  );
  const ref = (id: string | null) => {
    const u = id ? refs.get(id) : undefined;
    return u ? { _id: u._id, name: u.name } : null;
  };
  return {
    verifications: {
      total: (counts?.unverified ?? 0) + (counts?.suggested ?? 0) + quotationCount,
      new: counts?.new ?? 0,
      unverified: counts?.unverified ?? 0,
      quotation: quotationCount,
      retiredGst: counts?.retiredGst ?? 0,
    },
    unVerifiedItems: unverified.map((i) => ({
      name: i.name,
      createdAt: i.createdAt.toISOString(),
      createdBy: ref(i.createdBy),
    })),
    suggestedItems: suggested.map((i) => ({
      name: i.name,
      createdAt: i.createdAt.toISOString(),
      createdBy: ref(i.createdBy),
      preferredBrand: i.preferredBrand,
    })),
  };
};
