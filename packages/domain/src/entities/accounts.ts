// The accountant's hand-off (issue 27 §3; decision 0019): the sales and purchases of a range as a TallyPrime
// import file, the month's GSTR-1 workbook, and the sales and purchase registers. What the page and the
// server share: the resource and its actions, the ranges and their messages, the ledger names with their
// defaults, the file names, and the GSTR-1 thresholds and unit names. Zod-free (the page's chunk imports it);
// the schemas are accounts-schemas.ts.
import { GST_STATE_CODES, gstStateCode } from '../common/money.ts';
import { UNITS_OF_QUANTITY, type UnitOfQuantity } from './item-list.ts';

export const ACCOUNTS_RESOURCE = 'accounts';
/** Each export has its own action on the accounts resource: a role may hand over one and not another. */
export const ACCOUNTS_ACTIONS = {
  tally: 'export-tally',
  gstr1: 'export-gstr1',
  registers: 'export-registers',
} as const;
export type AccountsExport = keyof typeof ACCOUNTS_ACTIONS;

export type AccountsRange = { from: string; to: string };

/** A range may span at most this many days (a financial year, a leap one included). */
export const ACCOUNTS_RANGE_MAX_DAYS = 366;

export const ACCOUNTS_MESSAGES = {
  fromRequired: 'From date is required',
  toRequired: 'To date is required',
  dayInvalid: 'Dates must be real days as YYYY-MM-DD',
  order: 'To date must be on or after the from date',
  span: `The range may span at most ${ACCOUNTS_RANGE_MAX_DAYS} days (a financial year)`,
  monthInvalid: 'Month must be a month as YYYY-MM',
  registerInvalid: 'Register must be sales or purchases',
  ledgerRequired: 'Every ledger needs a name',
  ledgerMax: 'A ledger name must not exceed 100 characters',
  ledgerRate: 'A per-rate ledger name may hold {rate} once, for the GST rate',
  ledgerDistinct: 'Each ledger needs its own name: sales, purchases and each tax ledger apart',
  ledgersUpdated: 'Ledger names updated successfully',
  ledgersFetched: 'Ledger names fetched successfully',
  /** The audit entry (user activity ACCOUNTS_EXPORT). */
  logged: (what: string, range: string, documents: number) =>
    `Exported ${what} for ${range} (${documents.toLocaleString('en-IN')} ${documents === 1 ? 'document' : 'documents'})`,
} as const;
/** The first and last day of a month 'YYYY-MM'. */
export const monthRange = (month: string): AccountsRange => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
};

/** '01/04/2026 to 31/03/2027', as the audit entry and the page say a range. */
export const rangeLabel = (r: AccountsRange) => {
  const d = (v: string) => v.split('-').reverse().join('/');
  return r.from === r.to ? d(r.from) : `${d(r.from)} to ${d(r.to)}`;
};

export const REGISTER_KINDS = ['sales', 'purchases'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

// ------------------------------------------------------------------------------------------ ledger names

/**
 * The ledgers a Tally export names (settings, with Tally's usual names as defaults). The four per-rate
 * ledgers may hold {rate} ('Sales @ {rate}%' → 'Sales @ 18%'); without it every rate posts to one ledger.
 */
export const LEDGER_NAME_KEYS = [
  'sales',
  'interStateSales',
  'purchase',
  'interStatePurchase',
  'outputCgst',
  'outputSgst',
  'outputIgst',
  'inputCgst',
  'inputSgst',
  'inputIgst',
] as const;
export type LedgerNameKey = (typeof LEDGER_NAME_KEYS)[number];
export type LedgerNames = Record<LedgerNameKey, string>;
export const PER_RATE_LEDGERS: readonly LedgerNameKey[] = [
  'sales',
  'interStateSales',
  'purchase',
  'interStatePurchase',
];

export const DEFAULT_LEDGER_NAMES: LedgerNames = {
  sales: 'Sales @ {rate}%',
  interStateSales: 'Inter-State Sales @ {rate}%',
  purchase: 'Purchase @ {rate}%',
  interStatePurchase: 'Inter-State Purchase @ {rate}%',
  outputCgst: 'Output CGST',
  outputSgst: 'Output SGST',
  outputIgst: 'Output IGST',
  inputCgst: 'Input CGST',
  inputSgst: 'Input SGST',
  inputIgst: 'Input IGST',
};

export const LEDGER_NAME_LABELS: Readonly<Record<LedgerNameKey, string>> = {
  sales: 'Sales (within the state)',
  interStateSales: 'Sales (between states)',
  purchase: 'Purchases (within the state)',
  interStatePurchase: 'Purchases (between states)',
  outputCgst: 'Output CGST',
  outputSgst: 'Output SGST',
  outputIgst: 'Output IGST',
  inputCgst: 'Input CGST',
  inputSgst: 'Input SGST',
  inputIgst: 'Input IGST',
};

/** A per-rate ledger's name at a rate: 'Sales @ {rate}%' at 18 → 'Sales @ 18%'. */
export const ledgerAt = (template: string, rate: number) => template.replace('{rate}', String(rate));

// ---------------------------------------------------------------------------------------------- files

export const TALLY_XML_MIME = 'application/xml; charset=utf-8';
export const accountsFileName = (kind: 'tally' | 'gstr1' | RegisterKind, range: AccountsRange) => {
  const span = `${range.from}_${range.to}`;
  if (kind === 'tally') return `Karya-Tally-${span}.xml`;
  if (kind === 'gstr1') return `GSTR-1-${range.from.slice(0, 7)}.xlsx`;
  return `${kind === 'sales' ? 'Sales' : 'Purchase'}-Register-${span}.xlsx`;
};

// ------------------------------------------------------------------------------------------- GSTR-1

/**
 * B2C (Large): an inter-state invoice to an unregistered person above this value (paise) is reported one by
 * one (table 5); smaller ones go into the B2C summary by place of supply and rate (table 7). ₹1,00,000 for
 * invoices from 1 August 2024 (notification 12/2024-Central Tax), ₹2,50,000 before.
 */
export const B2CL_LIMITS: readonly { from: string; abovePaise: number }[] = [
  { from: '2017-07-01', abovePaise: 25_000_000 },
  { from: '2024-08-01', abovePaise: 10_000_000 },
];
export const b2clAbovePaise = (day: string) =>
  [...B2CL_LIMITS].reverse().find((l) => day >= l.from)?.abovePaise ?? 25_000_000;

/** The GST portal's unit names, as its offline tool writes them ('NOS-NUMBERS'). */
const PORTAL_UNIT: Partial<Record<UnitOfQuantity, string>> = {
  BOX: 'BOX',
  MTR: 'METERS',
  SQM: 'SQUARE METERS',
  GMS: 'GRAMMES',
  MLT: 'MILILITRE',
};
export const portalUqc = (code: string) => {
  const known = code in UNITS_OF_QUANTITY ? (code as UnitOfQuantity) : 'OTH';
  return `${known}-${(PORTAL_UNIT[known] ?? UNITS_OF_QUANTITY[known]).toUpperCase()}`;
};

/** '21-Odisha': a place of supply as the portal writes it; a state it does not know falls to the company's. */
export const portalPlaceOfSupply = (state: string | null | undefined, companyState: string) => {
  const code = gstStateCode(state) ?? gstStateCode(companyState);
  return code ? `${code}-${GST_STATE_CODES[code]}` : '';
};

/** '05-Apr-2026', the portal's date. */
export const portalDate = (day: string) => {
  const [y, m, d] = day.split('-');
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${d}-${months[Number(m) - 1]}-${y}`;
};
