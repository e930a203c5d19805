import {
  fromPaise,
  GST_STATE_CODES,
  type GstRate,
  gstinCheckCharacter,
  gstStateCode,
  isGstRateOn,
  lineAmounts,
  type MarginTier,
  newId,
  placeOfSupplyCode,
  tierPrice,
  todayInAppZone,
  toPaise,
} from '@karya/domain';
import { sql } from 'drizzle-orm';
import { customerAssignments, customers, purchases, sales } from '../db/schema.ts';
import { documentFigures } from '../modules/stocks/document-pricing.ts';
import { insertEntries, type NewEntry, recomputeStocks, type Tx } from '../modules/stocks/ledger.ts';
import type { CatalogueDemoRows } from './catalogue.ts';
import { DAY_MS } from './common.ts';
import {
  ADJUSTMENTS,
  financialYear,
  OUT_OF_STATE_CUSTOMERS,
  PURCHASES,
  SALES,
  vendorInvoice,
} from './stock-documents.ts';

/**
 * The demo store's stock, explained (issue 12; decision 0011): purchases from the demo vendors, sales to
 * the demo schools and colleges (two customers outside Odisha, so IGST shows beside CGST + SGST), and three
 * adjustments (Initial Stock, Damaged, Found), dated over the weeks since each item was added. Every line
 * is a ledger entry written with the ledger's own insert, and every stock figure is then set by the
 * ledger's recompute — the consistency check finds no difference. Sale prices are the items' tier prices
 * for the customer's margin tier, as the sale form computes them; one item (the 3D printer) is sold out.
 */
type CustomerRow = typeof customers.$inferInsert;

const outOfState = (now: Date, template: CustomerRow): CustomerRow[] =>
  (
    [
      [
        OUT_OF_STATE_CUSTOMERS[0]!,
        'Government',
        'Collectorate Road',
        'Srikakulam',
        'Srikakulam',
        'Andhra Pradesh',
        '532001',
        1985,
        1400,
        't1',
        '37AAAGK0412B1Z',
      ],
      [
        OUT_OF_STATE_CUSTOMERS[1]!,
        'Private',
        'Circuit House Area',
        'Jamshedpur',
        'East Singhbhum',
        'Jharkhand',
        '831001',
        1947,
        2600,
        't2',
        '20AAATL5567R1Z',
      ],
    ] as const
  ).map(([name, org, street, city, district, state, zipCode, year, students, tier, gstin], k) => {
    const createdAt = new Date(now.getTime() - (58 - k * 20) * DAY_MS);
    const email = `${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 18)}@gmail.com`;
    const phone = k === 0 ? '9440123457' : '9431045672';
    const contacts = [
      { name: k === 0 ? 'K. Srinivasa Rao' : 'Anita Xalxo', designation: 'Principal', email, phone },
    ];
    return {
      id: newId(createdAt),
      type: 'Organization',
      name,
      email,
      phone,
      website: null,
      // Their GSTINs (check character computed) name their own states: the place of supply (IGST).
      gstin: gstin + gstinCheckCharacter(gstin),
      street,
      city,
      district,
      state,
      country: 'India',
      zipCode,
      organizationType: org,
      governmentType: org === 'Government' ? 'Institute' : null,
      privateType: org === 'Private' ? 'Institute' : null,
      officeType: null,
      instituteType: 'School',
      schoolBoard: org === 'Government' ? 'CBSE' : 'ICSE',
      collegeType: null,
      contacts,
      contactNames: contacts.map((c) => c.name).join('\n'),
      contactEmails: email,
      contactPhones: phone,
      establishmentYear: year,
      numberOfStudents: students,
      coursesOffered: 'Class I to XII',
      notes: 'Buys robotics kits for its lab; delivered across the state border (IGST).',
      rating: 4,
      ratingCategory: 'Gold',
      marginTier: tier,
      verified: true,
      assignedTo: template.assignedTo,
      reAssignedTo: [],
      feedbacks: [],
      createdBy: template.createdBy,
      updatedBy: template.createdBy,
      createdAt,
      updatedAt: createdAt,
    };
  });

/**
 * Write the demo's purchases, sales and adjustments in the demo's transaction, then recompute every demo
 * stock row from the ledger. `staff`: the Store Managers (they write the documents); the administrator when
 * there is none.
 */
export const loadStockDemo = async (
  tx: Tx,
  now: Date,
  rows: {
    catalogue: CatalogueDemoRows;
    customers: CustomerRow[];
    staff: readonly string[];
    adminId: string | null;
  },
) => {
  const { items, stocks, vendors, margins } = rows.catalogue;
  const by = (k: number) => rows.staff[k % Math.max(1, rows.staff.length)] ?? rows.adminId ?? 'system';
  // A time on the day `daysAgo` days back, during working hours in India; the invoice date is that day there.
  const at = (daysAgo: number, k: number) => {
    const day = todayInAppZone(new Date(now.getTime() - daysAgo * DAY_MS));
    const when = new Date(
      `${day}T${String(10 + (k % 7)).padStart(2, '0')}:${String((k * 17) % 60).padStart(2, '0')}:00+05:30`,
    );
    return { day, when: when.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : when };
  };
  const itemAt = (i: number) => {
    const item = items[i]!;
    const stock = stocks[i]!;
    const margin = margins.find((m) => m.id === item.marginId);
    return {
      item,
      stock,
      margin,
      // Every demo document is dated after 22 September 2025: an item at a retired rate is bought at 18.
      gst: (item.gst !== null && isGstRateOn(item.gst, now) ? item.gst : 18) as GstRate,
      priceToShow: toPaise(stock.priceToShow ?? 0)!,
    };
  };

  const template = rows.customers.find((c) => c.assignedTo?.length) ?? rows.customers[0]!;
  const extra = outOfState(now, template);
  if (extra.length) {
    await tx.insert(customers).values(extra);
    await tx.insert(customerAssignments).values(
      extra.flatMap((c) =>
        (c.assignedTo ?? []).map((userId) => ({
          id: newId(c.createdAt as Date),
          customerId: c.id!,
          userId,
          kind: 'assigned' as const,
          assignedBy: rows.adminId,
          assignedAt: c.createdAt as Date,
        })),
      ),
    );
  }

  const touched = new Set<string>();
  let k = 0;
  for (const [vendor, daysAgo, pattern, share, lines] of PURCHASES) {
    const { day, when } = at(daysAgo, k++);
    const invoiceNo = vendorInvoice(pattern, day);
    const priced = lines.map(([i, quantity]) => {
      const x = itemAt(i);
      // Cost prices in whole rupees, as vendors quote them.
      const unitPaise = Math.round((x.priceToShow * share) / 100) * 100;
      return { ...x, quantity, unitPaise, amounts: lineAmounts(quantity, unitPaise, x.gst) };
    });
    // Vendors in Karnataka, Maharashtra and Delhi (by their GSTINs) sell across the border: IGST.
    const code = placeOfSupplyCode({ gstin: vendors[vendor]!.gstin });
    const figures = documentFigures(priced, code !== null && code !== gstStateCode('Odisha'));
    const id = newId(when);
    const user = by(k);
    await tx.insert(purchases).values({
      id,
      vendorId: vendors[vendor]!.id!,
      invoiceNo,
      invoiceDate: day,
      notes: null,
      ...storedFigures(figures, code),
      createdBy: user,
      updatedBy: user,
      createdAt: when,
      updatedAt: when,
    });
    await insertEntries(tx, entriesOf('purchase', id, invoiceNo, day, priced), when, user);
    for (const p of priced) touched.add(p.stock.id!);
  }

  let invoice = 101;
  for (const [who, daysAgo, lines] of SALES) {
    const { day, when } = at(daysAgo, k++);
    const customer = who === 'AP' ? extra[0]! : who === 'JH' ? extra[1]! : rows.customers[who]!;
    const tier = (customer.marginTier ?? 't3') as MarginTier;
    const priced = lines.map(([i, quantity]) => {
      const x = itemAt(i);
      const unitPaise = tierPrice(x.priceToShow, Number(x.margin![tier]))!;
      return { ...x, quantity, unitPaise, tier, amounts: lineAmounts(quantity, unitPaise, x.gst) };
    });
    const code = placeOfSupplyCode(customer);
    const interState = code !== null && code !== gstStateCode('Odisha');
    const figures = documentFigures(priced, interState);
    const id = newId(when);
    const user = by(k);
    const invoiceNo = `INV/${financialYear(day)}/${String(invoice++).padStart(4, '0')}`;
    await tx.insert(sales).values({
      id,
      customerId: customer.id!,
      invoiceNo,
      invoiceDate: day,
      notes: interState ? `Shipped to ${customer.city}, ${customer.state}` : null,
      ...storedFigures(figures, code),
      createdBy: user,
      updatedBy: user,
      createdAt: when,
      updatedAt: when,
    });
    await insertEntries(tx, entriesOf('sale', id, invoiceNo, day, priced), when, user);
    for (const p of priced) touched.add(p.stock.id!);
  }

  for (const [i, type, quantity, daysAgo, reason, price] of ADJUSTMENTS) {
    const { day, when } = at(daysAgo, k++);
    const { item, stock } = itemAt(i);
    const entry: NewEntry = {
      stockId: stock.id!,
      itemId: item.id!,
      kind: 'adjustment',
      direction: type === 'Damaged' ? -1 : 1,
      quantity,
      date: day,
      adjustmentType: type,
      reason,
      unitPaise: price ? price * 100 : 0,
    };
    await insertEntries(tx, [entry], when, by(k));
    touched.add(stock.id!);
  }

  // Every figure from the ledger, as the app sets it; each row last updated by its latest entry.
  await recomputeStocks(tx, [...touched], now, by(0));
  await tx.execute(sql`
    update product_stocks s set updated_at = greatest(s.created_at, e.last), updated_by = e.created_by
    from (select distinct on (stock_id) stock_id, created_at as last, created_by from stock_entries
          order by stock_id, created_at desc) e
    where e.stock_id = s.id`);
  return { purchases: PURCHASES.length, sales: SALES.length, adjustments: ADJUSTMENTS.length };
};

/** A document's totals and GST split as purchases and sales store them (as modules/stocks/documents.ts does). */
const storedFigures = (
  { totals, split }: ReturnType<typeof documentFigures>,
  code: ReturnType<typeof placeOfSupplyCode>,
) => ({
  taxableAmount: fromPaise(totals.taxable),
  totalGstAmount: fromPaise(totals.gst),
  totalAmount: fromPaise(totals.total),
  cgst: fromPaise(split.cgst),
  sgst: fromPaise(split.sgst),
  igst: fromPaise(split.igst),
  supplyState: code ? (GST_STATE_CODES[code] ?? null) : null,
});

const entriesOf = (
  kind: 'purchase' | 'sale',
  documentId: string,
  invoiceNo: string,
  date: string,
  lines: {
    item: { id?: string };
    stock: { id?: string };
    quantity: number;
    unitPaise: number;
    gst: GstRate;
    tier?: MarginTier;
    amounts: { taxable: number; gst: number; total: number };
  }[],
): NewEntry[] =>
  lines.map((l, lineNo) => ({
    stockId: l.stock.id!,
    itemId: l.item.id!,
    kind,
    direction: kind === 'purchase' ? 1 : -1,
    quantity: l.quantity,
    date,
    documentId,
    lineNo,
    invoiceNo,
    unitPaise: l.unitPaise,
    gstPercent: l.gst,
    taxablePaise: l.amounts.taxable,
    gstPaise: l.amounts.gst,
    totalPaise: l.amounts.total,
    marginTier: l.tier ?? null,
  }));
