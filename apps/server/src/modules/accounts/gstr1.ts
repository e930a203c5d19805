// The month's GSTR-1 workbook (issue 27 §3; decision 0019), in the GST offline tool's sheets: b2b (table 4,
// per invoice and rate, to registered recipients), b2cl (table 5, inter-state invoices to unregistered
// recipients above the limit of their date), b2cs (table 7, the rest by place of supply and rate), and the
// HSN summary split hsn(b2b) and hsn(b2c) (table 12, as the portal asks from the May 2025 period). Each
// sheet starts with its summary rows, as the offline tool's template does; the sheets together hold every
// sale of the month, so their totals are the sales register's.
import {
  type AccountsRange,
  b2clAbovePaise,
  portalDate,
  portalPlaceOfSupply,
  portalUqc,
  type SheetCellValue,
  splitGst,
} from '@karya/domain';
import type { AppDeps } from '../../platform/deps.ts';
import type { SheetSpec } from '../../platform/xlsx-stream.ts';
import { companyCodeOf } from './accounts.service.ts';
import { type AccountDoc, countDocuments, documentBatches } from './accounts-data.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;
export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs';

/** Which table a sale belongs to. */
export const gstr1Section = (doc: AccountDoc): Gstr1Section => {
  if (doc.party?.gstin) return 'b2b';
  return doc.interState && doc.totalPaise > b2clAbovePaise(doc.day) ? 'b2cl' : 'b2cs';
};

type RateRow = { gst: number; taxable: number; tax: number; cgst: number; sgst: number; igst: number };

/** A document's lines by rate, each line's tax split as the document's was (paise). */
export const byRate = (doc: AccountDoc): RateRow[] => {
  const rows = new Map<number, RateRow>();
  for (const l of doc.lines) {
    const r = rows.get(l.gst) ?? { gst: l.gst, taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };
    const split = splitGst(l.gstPaise, !doc.interState);
    r.taxable += l.taxablePaise;
    r.tax += l.gstPaise;
    r.cgst += split.cgst;
    r.sgst += split.sgst;
    r.igst += split.igst;
    rows.set(l.gst, r);
  }
  return [...rows.values()].sort((a, b) => a.gst - b.gst);
};

type HsnRow = {
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  value: number;
  gst: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
};

const rupees = (paise: number) => paise / 100;

export const GSTR1_HEADERS = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
} as const;

/** A summary row under the sheet's own columns: labels or values placed at their column's index. */
const placed = (width: number, at: Record<number, SheetCellValue>) =>
  Array.from({ length: width }, (_, i) => at[i] ?? null);

/**
 * The workbook of a month. A first pass over the month's sales makes the summaries, the b2cs table and the
 * HSN tables (a few rows each); the b2b and b2cl rows are streamed in later passes, sheet by sheet.
 */
export const gstr1Export = async (deps: Deps, range: AccountsRange) => {
  const { code, row: company } = await companyCodeOf(deps);
  const documents = await countDocuments(deps.db, 'sale', range);
  const pos = (doc: AccountDoc) => portalPlaceOfSupply(doc.supplyState, company.state);
  const sums = {
    b2b: { recipients: new Set<string>(), invoices: 0, value: 0, taxable: 0 },
    b2cl: { invoices: 0, value: 0, taxable: 0 },
    b2cs: { taxable: 0 },
  };
  const b2cs = new Map<string, { pos: string; gst: number; taxable: number }>();
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };
  for await (const batch of documentBatches(deps.db, 'sale', range, code))
    for (const doc of batch) {
      const section = gstr1Section(doc);
      const rates = byRate(doc);
      if (section === 'b2b') {
        sums.b2b.recipients.add(doc.party!.gstin!);
        sums.b2b.invoices += 1;
        sums.b2b.value += doc.totalPaise;
        sums.b2b.taxable += doc.taxablePaise;
      } else if (section === 'b2cl') {
        sums.b2cl.invoices += 1;
        sums.b2cl.value += doc.totalPaise;
        sums.b2cl.taxable += doc.taxablePaise;
      } else {
        sums.b2cs.taxable += doc.taxablePaise;
        for (const r of rates) {
          const key = `${pos(doc)}|${r.gst}`;
          const row = b2cs.get(key) ?? { pos: pos(doc), gst: r.gst, taxable: 0 };
          row.taxable += r.taxable;
          b2cs.set(key, row);
        }
      }
      const table = section === 'b2b' ? hsn.b2b : hsn.b2c;
      for (const l of doc.lines) {
        const key = `${l.hsn ?? ''}|${l.uqc}|${l.gst}`;
        const row = table.get(key) ?? {
          hsn: l.hsn ?? '',
          description: l.itemName,
          uqc: portalUqc(l.uqc),
          quantity: 0,
          value: 0,
          gst: l.gst,
          taxable: 0,
          igst: 0,
          cgst: 0,
          sgst: 0,
        };
        const split = splitGst(l.gstPaise, !doc.interState);
        row.quantity += l.quantity;
        row.value += l.taxablePaise + l.gstPaise;
        row.taxable += l.taxablePaise;
        row.igst += split.igst;
        row.cgst += split.cgst;
        row.sgst += split.sgst;
        table.set(key, row);
      }
    }

  async function* invoices(section: 'b2b' | 'b2cl'): AsyncGenerator<SheetCellValue[][]> {
    for await (const batch of documentBatches(deps.db, 'sale', range, code))
      yield batch
        .filter((doc) => gstr1Section(doc) === section)
        .flatMap((doc) =>
          byRate(doc).map((r) =>
            section === 'b2b'
              ? [
                  doc.party!.gstin!,
                  doc.party!.name,
                  doc.invoiceNo,
                  portalDate(doc.day),
                  rupees(doc.totalPaise),
                  pos(doc),
                  'N',
                  null,
                  'Regular B2B',
                  null,
                  r.gst,
                  rupees(r.taxable),
                  0,
                ]
              : [
                  doc.invoiceNo,
                  portalDate(doc.day),
                  rupees(doc.totalPaise),
                  pos(doc),
                  null,
                  r.gst,
                  rupees(r.taxable),
                  0,
                  null,
                ],
          ),
        );
  }

  const hsnSheet = (name: string, rows: Map<string, HsnRow>, title: string): SheetSpec => {
    const list = [...rows.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.gst - b.gst);
    const total = (f: (r: HsnRow) => number) => rupees(list.reduce((s, r) => s + f(r), 0));
    return {
      sheetName: name,
      preamble: [
        [title],
        placed(11, {
          0: 'No. of HSN',
          4: 'Total Value',
          6: 'Total Taxable Value',
          7: 'Total Integrated Tax',
          8: 'Total Central Tax',
          9: 'Total State/UT Tax',
          10: 'Total Cess',
        }),
        placed(11, {
          0: list.length,
          4: total((r) => r.value),
          6: total((r) => r.taxable),
          7: total((r) => r.igst),
          8: total((r) => r.cgst),
          9: total((r) => r.sgst),
          10: 0,
        }),
      ],
      headers: GSTR1_HEADERS.hsn,
      rows: [
        list.map((r) => [
          r.hsn,
          r.description,
          r.uqc,
          r.quantity,
          rupees(r.value),
          r.gst,
          rupees(r.taxable),
          rupees(r.igst),
          rupees(r.cgst),
          rupees(r.sgst),
          0,
        ]),
      ],
      money: [4, 6, 7, 8, 9, 10],
    };
  };

  const b2csRows = [...b2cs.values()].sort((a, b) => a.pos.localeCompare(b.pos) || a.gst - b.gst);
  const sheets: SheetSpec[] = [
    {
      sheetName: 'b2b',
      preamble: [
        ['Summary For B2B, SEZ, DE (4A, 4B, 6B, 6C)'],
        placed(13, {
          0: 'No. of Recipients',
          2: 'No. of Invoices',
          4: 'Total Invoice Value',
          11: 'Total Taxable Value',
          12: 'Total Cess',
        }),
        placed(13, {
          0: sums.b2b.recipients.size,
          2: sums.b2b.invoices,
          4: rupees(sums.b2b.value),
          11: rupees(sums.b2b.taxable),
          12: 0,
        }),
      ],
      headers: GSTR1_HEADERS.b2b,
      rows: invoices('b2b'),
      money: [4, 11, 12],
    },
    {
      sheetName: 'b2cl',
      preamble: [
        ['Summary For B2CL (5)'],
        placed(9, {
          0: 'No. of Invoices',
          2: 'Total Invoice Value',
          6: 'Total Taxable Value',
          7: 'Total Cess',
        }),
        placed(9, { 0: sums.b2cl.invoices, 2: rupees(sums.b2cl.value), 6: rupees(sums.b2cl.taxable), 7: 0 }),
      ],
      headers: GSTR1_HEADERS.b2cl,
      rows: invoices('b2cl'),
      money: [2, 6, 7],
    },
    {
      sheetName: 'b2cs',
      preamble: [
        ['Summary For B2CS (7)'],
        placed(7, { 4: 'Total Taxable Value', 5: 'Total Cess' }),
        placed(7, { 4: rupees(sums.b2cs.taxable), 5: 0 }),
      ],
      headers: GSTR1_HEADERS.b2cs,
      rows: [b2csRows.map((r) => ['OE', r.pos, null, r.gst, rupees(r.taxable), 0, null])],
      money: [4, 5],
    },
    hsnSheet('hsn(b2b)', hsn.b2b, 'Summary For HSN (12) - B2B'),
    hsnSheet('hsn(b2c)', hsn.b2c, 'Summary For HSN (12) - B2C'),
  ];
  return { documents, sheets };
};
