// Money, margins and GST, once for the server and the screens (spec 3 §5, §9; issues 10 and 12). Amounts
// are integers of paise: a rupee amount is read from its decimal text, never through floating-point
// arithmetic, and every product of a price and a percentage is rounded once, half up, to the paisa, as
// Indian invoices round each line. Zod-free: list cards and detail pages use it.
import { MARGIN_TIERS } from '../entities/margin-list.ts';
import { ALL_GST_RATES, NEW_ITEM_GST_RATE } from './gst-slabs.ts';

/**
 * Every GST percentage a stored item or line may carry, highest first; which of them a document may use
 * depends on its date (gst-slabs.ts: 28, 18, 12 and 5 as the specification lists them, then 40, 18, 5 and
 * 0 since 22 September 2025). The default for a new item or a line sent without one is 18, in force in
 * every period (the specification's 28 has been retired).
 */
export const GST_RATES: readonly number[] = ALL_GST_RATES;
export type GstRate = number;
export const DEFAULT_GST_RATE: GstRate = NEW_ITEM_GST_RATE;
export const isGstRate = (v: unknown): v is GstRate => typeof v === 'number' && GST_RATES.includes(v);

/** Margin tiers of a sale or quotation line: a margin record's tiers (margin-list.ts), or `custom`. */
export const LINE_MARGIN_TIERS = [...MARGIN_TIERS, 'custom'] as const;
export type LineMarginTier = (typeof LINE_MARGIN_TIERS)[number];

const RUPEES_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Paise from a rupee amount ('1234.5', 1234.5, '1,234.50'), rounded half up to the paisa; null when it is
 * not a finite amount. A number is read through its shortest decimal text, so 0.1 + 0.2 stays 30 paise.
 */
export const toPaise = (rupees: number | string): number | null => {
  const text = typeof rupees === 'number' ? (Number.isFinite(rupees) ? String(rupees) : '') : rupees;
  const plain = text.trim().replaceAll(',', '');
  // Exponent forms (1e-7) come from tiny or huge numbers only: read them through toFixed.
  const normal = /e/i.test(plain) ? Number(plain).toFixed(6) : plain;
  const m = RUPEES_RE.exec(normal);
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const digits = `${fraction}000`;
  let paise = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) paise += 1;
  if (!Number.isSafeInteger(paise)) return null;
  return sign && paise !== 0 ? -paise : paise;
};

/** Rupees (a number with at most two decimals) from paise, for the API's JSON. */
export const fromPaise = (paise: number) => Math.round(paise) / 100;

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** '₹1,23,456.50': en-IN grouping, two decimals, the rupee symbol (spec 3 §1). */
export const formatRupees = (paise: number) => INR.format(paise / 100);

/** `value × percent / 100`, rounded half up to the paisa; `percent` may carry two decimals (12.5). */
export const percentOf = (paise: number, percent: number): number => {
  const basisPoints = Math.round(percent * 100);
  const scaled = paise * basisPoints; // paise × 1/10,000 of a percent
  const whole = Math.trunc(scaled / 10_000);
  const rest = Math.abs(scaled - whole * 10_000);
  return whole + (rest >= 5_000 ? Math.sign(scaled) : 0);
};

/**
 * A tier's price: the price to show plus the tier's margin (spec 3 §6, §9: price × (1 + tier% / 100), two
 * decimals). Null when the price to show is 0 or less, which screens show as 'N/A'.
 */
export const tierPrice = (priceToShowPaise: number, marginPercent: number): number | null =>
  priceToShowPaise > 0 ? priceToShowPaise + percentOf(priceToShowPaise, marginPercent) : null;

export type LineAmounts = { taxable: number; gst: number; total: number };

/** One invoice line: quantity × unit price, its GST rounded once, and the total (all paise). */
export const lineAmounts = (quantity: number, unitPaise: number, gstRate: number): LineAmounts => {
  const taxable = quantity * unitPaise;
  const gst = percentOf(taxable, gstRate);
  return { taxable, gst, total: taxable + gst };
};

/** A document's totals: the sum of its lines (spec 3 §5: GST amount, and the total with GST). */
export const documentTotals = (lines: readonly LineAmounts[]): LineAmounts =>
  lines.reduce((t, l) => ({ taxable: t.taxable + l.taxable, gst: t.gst + l.gst, total: t.total + l.total }), {
    taxable: 0,
    gst: 0,
    total: 0,
  });

export type GstSplit = { cgst: number; sgst: number; igst: number };

/**
 * How a GST amount is levied: within the seller's state as CGST and SGST, half each (an odd paisa goes to
 * SGST), between states as IGST.
 */
export const splitGst = (gstPaise: number, sameState: boolean): GstSplit => {
  if (!sameState) return { cgst: 0, sgst: 0, igst: gstPaise };
  const cgst = Math.floor(gstPaise / 2);
  return { cgst, sgst: gstPaise - cgst, igst: 0 };
};

/** HSN/SAC code on Indian tax invoices: 4, 6 or 8 digits. */
export const HSN_RE = /^(?:\d{4}|\d{6}|\d{8})$/;
export const HSN_MESSAGE = 'HSN/SAC code must be 4, 6 or 8 digits';

/** GST state codes (the first two characters of a GSTIN) and their states and union territories. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** The GST state code of a state's name ('Odisha' → '21'), ignoring case and spacing; null if unknown. */
export const gstStateCode = (state: string | null | undefined): string | null => {
  const wanted = (state ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');
  if (!wanted) return null;
  for (const [code, name] of Object.entries(GST_STATE_CODES)) if (name.toLowerCase() === wanted) return code;
  return null;
};

const GSTIN_RE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GSTIN_MESSAGE =
  'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character';

/** The check character of a GSTIN's first 14 characters (the GSTN's base-36 weighted sum). */
export const gstinCheckCharacter = (first14: string): string => {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36] as string;
};

export const GSTIN_STATE_MESSAGE = 'GSTIN must begin with the code of an Indian state';
export const GSTIN_CHECK_MESSAGE = 'GSTIN check character is wrong';

/**
 * What is wrong with a GSTIN (read trimmed and upper-cased): its shape (GSTIN_MESSAGE), its state code
 * (GSTIN_STATE_MESSAGE) or its check character (GSTIN_CHECK_MESSAGE); null when it is valid.
 */
export const gstinProblem = (value: string): string | null => {
  const gstin = value.trim().toUpperCase();
  const m = GSTIN_RE.exec(gstin);
  if (!m) return GSTIN_MESSAGE;
  if (!GST_STATE_CODES[m[1] as string]) return GSTIN_STATE_MESSAGE;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : GSTIN_CHECK_MESSAGE;
};

/** Whether a GSTIN is well formed, names a known state, and its check character is right. */
export const isValidGstin = (value: string): boolean => gstinProblem(value) === null;

/**
 * The GST state code of a party (customer or vendor) for the place of supply (issue 12): its GSTIN's state
 * code when it has a valid GSTIN (the registration decides, not the address), else its address state's
 * code; null when neither names a known state (callers then treat the supply as intra-state).
 */
export const placeOfSupplyCode = (party: { gstin?: string | null; state?: string | null }): string | null => {
  const gstin = party.gstin?.trim().toUpperCase();
  if (gstin && isValidGstin(gstin)) return gstin.slice(0, 2);
  return gstStateCode(party.state);
};

/**
 * A GSTIN registered in another state than the party's address (issue 23): the registration decides the
 * place of supply (placeOfSupplyCode), so the form asks before saving. The question names both states and
 * the tax the company's sales will carry ('The GSTIN is registered in Jharkhand; the address is in Odisha.
 * Tax will follow the GSTIN: IGST for Odisha sales.'). Null when they agree, or when either is unknown or
 * the GSTIN is not valid (its own message answers that).
 */
export const gstinStateMismatch = (
  party: { gstin?: string | null; state?: string | null },
  companyState: string,
): string | null => {
  const gstin = party.gstin?.trim().toUpperCase();
  if (!gstin || !isValidGstin(gstin)) return null;
  const registered = gstin.slice(0, 2);
  const address = gstStateCode(party.state);
  if (address === null || address === registered) return null;
  const company = gstStateCode(companyState);
  const companyName = company ? GST_STATE_CODES[company] : companyState;
  const tax = company === registered ? 'CGST and SGST' : 'IGST';
  return (
    `The GSTIN is registered in ${GST_STATE_CODES[registered]}; the address is in ${GST_STATE_CODES[address]}. ` +
    `Tax will follow the GSTIN: ${tax} for ${companyName} sales.`
  );
};
