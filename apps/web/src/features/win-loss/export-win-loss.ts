import { formatMonth, type WinLoss } from '@karya/domain';

/** Wins_and_Losses_<from>_<to>.xlsx */
export const winLossFileName = (data: Pick<WinLoss, 'from' | 'to'>) =>
  `Wins_and_Losses_${data.from}_${data.to}.xlsx`;

type Cell = string | number | null;
type Sheet = { name: string; head: string[]; rows: Cell[][] };

const rate = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);

/** Every table of the page, one sheet each, numbers as numbers (rates in percent). */
export const winLossSheets = (d: WinLoss, executive: string | null): Sheet[] => [
  {
    name: 'Summary',
    head: ['Figure', 'Value'],
    rows: [
      ['From', d.from],
      ['To', d.to],
      ['Sales executive', executive ?? 'Everyone'],
      ['Won', d.totals.won],
      ['Lost', d.totals.lost],
      ['Win rate (%)', rate(d.totals.winRate)],
      ['Won value (₹)', d.totals.wonValue],
      ['Lost value (₹)', d.totals.lostValue],
      ['Median days from requirement to approval', d.daysToApproval.median],
      ['Average days from requirement to approval', d.daysToApproval.average],
    ],
  },
  {
    name: 'Months',
    head: ['Month', 'Won', 'Lost', 'Won value (₹)', 'Lost value (₹)'],
    rows: d.months.map((m) => [formatMonth(m.month), m.won, m.lost, m.wonValue, m.lostValue]),
  },
  ...(
    [
      ['Institution types', 'Institution type', d.byInstitutionType],
      ['Districts', 'District', d.byDistrict],
    ] as const
  ).map(([name, label, rows]) => ({
    name,
    head: [label, 'Won', 'Lost', 'Win rate (%)'],
    rows: rows.map((r) => [r.key, r.won, r.lost, rate(r.winRate)]),
  })),
  ...(
    [
      ['Competitors', 'Competitor', d.lostByCompetitor],
      ['Reasons', 'Reason', d.lostByReason],
      ['Lost to', 'Lost to', d.lostTo],
    ] as const
  ).map(([name, label, rows]) => ({
    name,
    head: [label, 'Quotations', 'Lost value (₹)'],
    rows: rows.map((r) => [r.key, r.count, r.value]),
  })),
  {
    name: 'Days to approval',
    head: ['Days from requirement to approval', 'Won quotations'],
    rows: d.daysToApproval.buckets.map((b) => [b.label, b.count]),
  },
];

/** The workbook of the page's numbers (ExcelJS, loaded only when asked for, as the customer export). */
export const buildWinLossWorkbook = async (data: WinLoss, executive: string | null) => {
  const [{ default: ExcelJS }, { addHeaderRow, setPlainCell }] = await Promise.all([
    import('exceljs'),
    import('../customers/export/sheet-cells'),
  ]);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const s of winLossSheets(data, executive)) {
    const sheet = workbook.addWorksheet(s.name);
    addHeaderRow(sheet, s.head, 16);
    for (const row of s.rows) {
      const r = sheet.addRow([]);
      row.forEach((v, i) => {
        setPlainCell(r.getCell(i + 1), v);
      });
    }
  }
  return workbook;
};

export const exportWinLoss = async (data: WinLoss, executive: string | null) => {
  const [workbook, { downloadWorkbook }] = await Promise.all([
    buildWinLossWorkbook(data, executive),
    import('../customers/export/sheet-cells'),
  ]);
  await downloadWorkbook(workbook, winLossFileName(data));
};
