import {
  fromPaise,
  gstRatesOn,
  ITEM_PRICE_ACTION,
  type LineMarginTier,
  minimumUnitPrice,
  newId,
  permissionKey,
  type QuotationLineInput,
  quotationChanges,
  quotationTierPrice,
  reQuotationTitle,
  todayInAppZone,
  toPaise,
} from '@karya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  customers,
  productItems,
  productMargins,
  productStocks,
  quotationLines,
  quotations,
  quotationVersions,
  requirements,
} from '../db/schema.ts';
import {
  comparable,
  type FrozenLine,
  freezeLines,
  placeOfSupply,
} from '../modules/quotations/quotation-lines.ts';
import type { Tx } from '../modules/stocks/ledger.ts';
import type { Principal } from '../platform/principal.ts';
import { addDays } from './common.ts';

type RequirementRow = typeof requirements.$inferInsert;

/**
 * The demo's quotations (issue 25; decision 0015): one per demo requirement, version 0 made from the
 * requirement's items at the customer's margin tier, by the person who made the requirement. Some were
 * re-quoted (a discount, more units, one more item): those re-quotations wait for review, or were approved
 * by the sales manager, and one was re-quoted again after its approval. The ATL robotics quotation offers
 * the school every sellable item of the catalogue, so its printout runs to more than one page.
 *
 * Lines are priced and frozen by the server's own `freezeLines` (tier price from the item's price to show
 * and margin, the domain's versionTotals, the GST split by the customer's place of supply), and the
 * re-quotations' changes by the domain's quotationChanges, so every figure is what the app would store.
 * Runs in the demo's transaction after the stock demo (the prices to show are the stock's).
 */

/** What happens after version 0, by the demo requirement's index. */
type Plan = 'draft' | 'pending' | 'approved' | 'approvedThenPending' | 'everything';
const PLANS: Plan[] = [
  'draft',
  'everything',
  'pending',
  'approved',
  'draft',
  'approvedThenPending',
  'pending',
];

/** A pricing principal for freezeLines: may read every tier (the demo prices at the customer's tier). */
const PRICING = {
  permissions: new Set(
    Object.values(ITEM_PRICE_ACTION).map((action) => permissionKey('product-item-price', action)),
  ),
} as Pick<Principal, 'permissions'> as Principal;

/** The items a quotation may carry ("adding an item", spec 3 §5): live, Verified, margin, price, a GST in force. */
const sellableItems = async (tx: Tx, now: Date) =>
  tx
    .select({
      id: productItems.id,
      gst: productItems.gst,
      priceToShow: productStocks.priceToShow,
      margins: {
        t1: productMargins.t1,
        t2: productMargins.t2,
        t3: productMargins.t3,
        pt1: productMargins.pt1,
        pt2: productMargins.pt2,
        pt3: productMargins.pt3,
      },
    })
    .from(productItems)
    .innerJoin(productMargins, eq(productMargins.id, productItems.marginId))
    .innerJoin(productStocks, eq(productStocks.itemId, productItems.id))
    .where(
      and(
        eq(productItems.isDeleted, false),
        eq(productItems.state, 'Verified'),
        sql`${productStocks.priceToShow} > 0`,
        // A rate in force today (the demo keeps one item at a retired rate for the GST rates queue).
        inArray(
          productItems.gst,
          [...gstRatesOn(now)].filter((r) => r > 0),
        ),
      ),
    )
    .orderBy(productItems.sku);

type Version = typeof quotationVersions.$inferInsert;

const atHour = (from: Date, hours: number, now: Date) =>
  new Date(Math.min(from.getTime() + hours * 3_600_000, now.getTime() - 3_600_000));

export const loadQuotationDemo = async (
  tx: Tx,
  now: Date,
  opts: { requirements: readonly RequirementRow[]; reviewerId: string | null },
) => {
  const today = todayInAppZone(now);
  const sellable = await sellableItems(tx, now);
  const gstOf = new Map(sellable.map((i) => [i.id, i.gst!]));
  const itemOf = new Map(sellable.map((i) => [i.id, i]));
  /** A discount a manager would allow: 2 % off, whole rupees, never under the minimum unit price. */
  const discountPrice = new Map(
    sellable.map((i) => {
      const minimum = minimumUnitPrice(toPaise(i.priceToShow)!, i.margins)!;
      return [i.id, (unitPrice: number) => Math.max(fromPaise(minimum), Math.ceil(unitPrice * 0.98))];
    }),
  );
  if (!opts.requirements.length || !sellable.length) return 0;
  const owners = await tx
    .select({
      id: customers.id,
      gstin: customers.gstin,
      state: customers.state,
      marginTier: customers.marginTier,
    })
    .from(customers)
    .where(
      inArray(
        customers.id,
        opts.requirements.map((r) => r.customerId),
      ),
    );
  const customerOf = new Map(owners.map((c) => [c.id, c]));
  let made = 0;

  for (const [i, r] of opts.requirements.entries()) {
    const plan = PLANS[i] ?? 'draft';
    const customer = customerOf.get(r.customerId);
    if (!customer?.marginTier) continue;
    const tier = customer.marginTier as LineMarginTier;
    // The form sends the tier price it shows; the server prices the line from the tier again.
    const line = (item: string, quantity: number): QuotationLineInput => {
      const { priceToShow, margins } = itemOf.get(item)!;
      const unitPaise = quotationTierPrice(toPaise(priceToShow)!, margins, tier) ?? 0;
      return { item, quantity, gst: gstOf.get(item)!, marginTier: tier, unitPrice: fromPaise(unitPaise) };
    };
    let lines = (r.items ?? []).filter((l) => gstOf.has(l.itemId)).map((l) => line(l.itemId, l.quantity));
    if (plan === 'everything') {
      const have = new Set(lines.map((l) => l.item));
      lines = [...lines, ...sellable.filter((s) => !have.has(s.id)).map((s, k) => line(s.id, 2 + (k % 5)))];
    }
    if (!lines.length) continue;

    const supply = placeOfSupply(customer, 'Odisha');
    const by = r.createdBy ?? null;
    const createdAt = atHour(r.createdAt!, 20, now);
    const quotationId = newId(createdAt);
    const v0 = await freezeLines(tx, PRICING, lines, supply.interState, createdAt);
    const versions: { row: Version; lines: FrozenLine[] }[] = [
      {
        row: {
          id: newId(createdAt),
          quotationId,
          versionNumber: 0,
          title: `Quotation: ${r.title}`,
          status: 'Draft',
          validUntil: addDays(today, 30 - i),
          notes: 'Prices include delivery to the school. Installation and teacher training as listed.',
          ...v0.totals,
          ...supply,
          isMain: true,
          changes: [],
          reviewStatus: null,
          createdBy: by,
          updatedBy: by,
          createdAt,
          updatedAt: createdAt,
        },
        lines: v0.lines,
      },
    ];

    /** A re-quotation of the last version (as PATCH …/re-quotation makes it), reviewed or not. */
    const reQuote = async (next: QuotationLineInput[], review: 'Pending' | 'Approved', hours: number) => {
      const before = versions.at(-1)!;
      const at = atHour(before.row.createdAt!, hours, now);
      const priced = await freezeLines(tx, PRICING, next, supply.interState, at);
      const row: Version = {
        id: newId(at),
        quotationId,
        versionNumber: versions.length,
        title: reQuotationTitle(versions[0]!.row.title),
        status: 'Draft',
        validUntil: addDays(today, 45 - i),
        notes: before.row.notes,
        ...priced.totals,
        ...supply,
        previousVersionId: before.row.id,
        isMain: false,
        changes: quotationChanges(comparable(before.lines), comparable(priced.lines)),
        reviewStatus: review,
        ...(review === 'Approved'
          ? {
              reviewReason: 'Within the discount the school was promised.',
              reviewedBy: opts.reviewerId,
              reviewedAt: atHour(at, 5, now),
            }
          : {}),
        createdBy: by,
        updatedBy: by,
        createdAt: at,
        updatedAt: at,
      };
      Object.assign(before.row, { status: 'ReQuoted', nextVersionId: row.id, updatedAt: at });
      versions.push({ row, lines: priced.lines });
    };

    // A discount on the first line at the customer's request, custom-priced just under the tier price.
    const discounted = (from: QuotationLineInput[]) =>
      from.map((l, k) => {
        if (k > 0) return l;
        const unitPrice = discountPrice.get(l.item)!(v0.lines[0]!.unitPrice);
        return { ...l, marginTier: 'custom' as const, unitPrice };
      });
    if (plan === 'pending') await reQuote(discounted(lines), 'Pending', 30);
    if (plan === 'approved' || plan === 'approvedThenPending') {
      const more = sellable.find((s) => !lines.some((l) => l.item === s.id));
      const next = [
        ...lines.map((l) => ({ ...l, quantity: l.quantity + 2 })),
        ...(more ? [line(more.id, 1)] : []),
      ];
      await reQuote(next, 'Approved', 26);
      if (plan === 'approvedThenPending') await reQuote(discounted(next), 'Pending', 40);
    }

    const active = versions.at(-1)!.row;
    await tx.insert(quotations).values({
      id: quotationId,
      customerId: r.customerId,
      requirementId: r.id!,
      activeVersionId: active.id!,
      versionCount: versions.length,
      title: active.title,
      status: active.status,
      reviewStatus: active.reviewStatus ?? null,
      totalPrice: active.totalPrice,
      validUntil: active.validUntil,
      createdBy: by,
      updatedBy: by,
      createdAt,
      updatedAt: active.updatedAt,
    });
    await tx.insert(quotationVersions).values(versions.map((v) => v.row));
    await tx.insert(quotationLines).values(
      versions.flatMap((v) =>
        v.lines.map(({ unitPaise: _, ...l }) => ({
          id: newId(v.row.createdAt!),
          versionId: v.row.id!,
          ...l,
        })),
      ),
    );
    await tx.update(requirements).set({ quotationId }).where(eq(requirements.id, r.id!));
    made++;
  }
  return made;
};
