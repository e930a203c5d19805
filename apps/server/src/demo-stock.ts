import {
  fromPaise,
  GST_STATE_CODES,
  type GstRate,
  gstinCheckCharacter,
  gstStateCode,
  lineAmounts,
  type MarginTier,
  newId,
  placeOfSupplyCode,
  tierPrice,
  todayInAppZone,
  toPaise,
} from '@karya/domain';
import { sql } from 'drizzle-orm';
import { customerAssignments, customers, purchases, sales } from './db/schema.ts';
import type { CatalogueDemoRows } from './demo-catalogue.ts';
import { documentFigures } from './modules/stocks/documents.ts';
import { insertEntries, type NewEntry, recomputeStocks, type Tx } from './modules/stocks/ledger.ts';

/**
 * The demo store's stock, explained (issue 12; decision 0011): purchases from the demo vendors, sales to
 * the demo schools and colleges (two customers outside Odisha, so IGST shows beside CGST + SGST), and three
 * adjustments (Initial Stock, Damaged, Found), dated over the weeks since each item was added. Every line
 * is a ledger entry written with the ledger's own insert, and every stock figure is then set by the
 * ledger's recompute — the consistency check finds no difference. Sale prices are the items' tier prices
 * for the customer's margin tier, as the sale form computes them; one item (the 3D printer) is sold out.
 */

const DAY_MS = 86_400_000;

/** The Indian financial year (April to March) of a day: '2026-27'. */
export const financialYear = (day: string) => {
  const year = Number(day.slice(0, 4)) - (Number(day.slice(5, 7)) < 4 ? 1 : 0);
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
};

/** A vendor's invoice number on a day, from its pattern. */
const vendorInvoice = (pattern: string, day: string) =>
  pattern
    .replace('{FY}', financialYear(day))
    .replace('{fy}', financialYear(day).slice(2))
    .replace('{Y}', day.slice(0, 4));

/** [vendor index, days ago, vendor's invoice number ({FY} 2026-27, {fy} 26-27, {Y} the year), price as a share of the price to show, lines [item index, quantity]] */
type DemoPurchase = [number, number, string, number, [number, number][]];
const PURCHASES: DemoPurchase[] = [
  [
    2,
    56,
    'BRD/{fy}/1142',
    0.76,
    [
      [0, 40],
      [1, 10],
    ],
  ],
  [
    3,
    51,
    'MEI/INV/{Y}/0871',
    0.78,
    [
      [2, 8],
      [3, 4],
    ],
  ],
  [0, 48, 'KE/{FY}/0415', 0.75, [[4, 25]]],
  [2, 46, 'BRD/{fy}/1203', 0.77, [[5, 12]]],
  [
    0,
    41,
    'KE/{FY}/0452',
    0.78,
    [
      [6, 30],
      [7, 3],
    ],
  ],
  [0, 38, 'KE/{FY}/0473', 0.74, [[8, 40]]],
  [4, 36, 'JLGW/587', 0.7, [[9, 30]]],
  [4, 33, 'JLGW/612', 0.72, [[10, 24]]],
  [1, 31, 'USS-1187', 0.8, [[11, 15]]],
  [1, 28, 'USS-1203', 0.82, [[12, 2]]],
  [
    2,
    27,
    'BRD/{fy}/1398',
    0.8,
    [
      [0, 30],
      [1, 6],
    ],
  ],
  [7, 26, 'RIT/{fy}/0093', 0.79, [[13, 2]]],
  [
    7,
    21,
    'RIT/{fy}/0108',
    0.76,
    [
      [14, 6],
      [15, 5],
    ],
  ],
  [6, 19, 'DSCS-{fy}-1045', 0.81, [[16, 6]]],
  [6, 16, 'DSCS-{fy}-1071', 0.82, [[17, 3]]],
  [5, 14, 'SOS/{Y}/331', 0.8, [[18, 4]]],
  [
    0,
    12,
    'KE/{FY}/0561',
    0.77,
    [
      [6, 20],
      [8, 25],
    ],
  ],
  [
    5,
    9,
    'SOS/{Y}/347',
    0.79,
    [
      [19, 2],
      [20, 3],
    ],
  ],
  [
    7,
    6,
    'RIT/{fy}/0131',
    0.78,
    [
      [21, 4],
      [13, 1],
    ],
  ],
  [6, 5, 'DSCS-{fy}-1102', 0.8, [[16, 4]]],
  [3, 4, 'MEI/INV/{Y}/0954', 0.79, [[2, 6]]],
];

/** Customers outside Odisha: their sales are IGST. */
export const OUT_OF_STATE_CUSTOMERS = ['Kendriya Vidyalaya, Srikakulam', 'Loyola School, Jamshedpur'];

/** [customer (index of the demo customers, or 'AP' / 'JH' for the two outside Odisha), days ago, lines] */
type DemoSale = [number | 'AP' | 'JH', number, [number, number][]];
const SALES: DemoSale[] = [
  [
    0,
    54,
    [
      [0, 10],
      [1, 2],
    ],
  ],
  [2, 50, [[2, 3]]],
  [
    'AP',
    44,
    [
      [0, 6],
      [5, 3],
    ],
  ],
  [8, 42, [[3, 2]]],
  [
    5,
    40,
    [
      [4, 8],
      [6, 10],
    ],
  ],
  [
    10,
    37,
    [
      [7, 1],
      [8, 8],
    ],
  ],
  [12, 34, [[9, 12]]],
  [
    14,
    30,
    [
      [10, 10],
      [9, 6],
    ],
  ],
  [3, 29, [[11, 6]]],
  [
    'JH',
    25,
    [
      [0, 12],
      [4, 6],
    ],
  ],
  [
    16,
    20,
    [
      [13, 1],
      [14, 3],
    ],
  ],
  [
    18,
    18,
    [
      [7, 1],
      [6, 15],
    ],
  ],
  [
    20,
    17,
    [
      [15, 4],
      [11, 4],
    ],
  ],
  [22, 15, [[16, 3]]],
  [
    1,
    11,
    [
      [1, 4],
      [5, 5],
    ],
  ],
  [
    24,
    10,
    [
      [7, 1],
      [18, 2],
    ],
  ],
  [
    'AP',
    8,
    [
      [17, 1],
      [19, 1],
    ],
  ],
  [
    26,
    6,
    [
      [16, 2],
      [20, 1],
    ],
  ],
  [
    30,
    3,
    [
      [2, 4],
      [0, 8],
    ],
  ],
  [
    6,
    2,
    [
      [21, 2],
      [8, 20],
    ],
  ],
  [
    13,
    1,
    [
      [11, 3],
      [12, 1],
    ],
  ],
];

/** [item index, type, quantity, days ago, reason, initial price (Initial Stock only)] */
type DemoAdjustment = [number, 'Initial Stock' | 'Damaged' | 'Found', number, number, string, number?];
const ADJUSTMENTS: DemoAdjustment[] = [
  [15, 'Initial Stock', 6, 22, 'Opening stock moved from the Cuttack showroom', 1950],
  [9, 'Damaged', 3, 32, 'Three sets cracked in transit from the Puri warehouse'],
  [6, 'Found', 2, 7, 'Two packs found behind the rack during the monthly stock count'],
];

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
      gst: (item.gst ?? 18) as GstRate,
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
    const { totals, split } = documentFigures(priced, code !== null && code !== gstStateCode('Odisha'));
    const id = newId(when);
    const user = by(k);
    await tx.insert(purchases).values({
      id,
      vendorId: vendors[vendor]!.id!,
      invoiceNo,
      invoiceDate: day,
      notes: null,
      taxableAmount: fromPaise(totals.taxable),
      totalGstAmount: fromPaise(totals.gst),
      totalAmount: fromPaise(totals.total),
      cgst: fromPaise(split.cgst),
      sgst: fromPaise(split.sgst),
      igst: fromPaise(split.igst),
      supplyState: code ? (GST_STATE_CODES[code] ?? null) : null,
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
    const { totals, split } = documentFigures(priced, interState);
    const id = newId(when);
    const user = by(k);
    const invoiceNo = `INV/${financialYear(day)}/${String(invoice++).padStart(4, '0')}`;
    await tx.insert(sales).values({
      id,
      customerId: customer.id!,
      invoiceNo,
      invoiceDate: day,
      notes: interState ? `Shipped to ${customer.city}, ${customer.state}` : null,
      taxableAmount: fromPaise(totals.taxable),
      totalGstAmount: fromPaise(totals.gst),
      totalAmount: fromPaise(totals.total),
      cgst: fromPaise(split.cgst),
      sgst: fromPaise(split.sgst),
      igst: fromPaise(split.igst),
      supplyState: code ? (GST_STATE_CODES[code] ?? null) : null,
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
