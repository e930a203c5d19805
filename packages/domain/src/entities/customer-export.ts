// The customer list's exports (spec 2 §7 "Export", §8, §9; issue 22 part 6): the visible page, built in the
// browser, and every customer matching the list's filters, streamed by GET /crm/customers/export. Both
// write the columns the list shows, with the values defined here once. Free of zod, like customer-list.ts.
import { todayInAppZone } from '../dates.ts';
import { type CustomerDto, formatCustomerId } from './customer-list.ts';

export type SheetCellValue = string | number | null;

/** dd/MM/yyyy of a moment, read in the company's time zone. */
const day = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const [y, m, dd] = todayInAppZone(d).split('-');
  return `${dd}/${m}/${y}`;
};
const text = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v);
const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Every column of the customer list (the web's CUSTOMER_COLUMNS use the same keys and labels), as plain
 * sheet data: badges and dates as their words, users by name, an empty value as an empty cell.
 */
export const CUSTOMER_EXPORT_COLUMNS = {
  customerId: { label: 'Customer ID', value: (c) => formatCustomerId(c.customerId) },
  type: { label: 'Type', value: (c) => c.type },
  name: { label: 'Name', value: (c) => text(c.name) },
  email: { label: 'Email', value: (c) => text(c.email) },
  phone: { label: 'Phone', value: (c) => text(c.phone) },
  city: { label: 'City', value: (c) => text(c.address.city) },
  district: { label: 'District', value: (c) => text(c.address.district) },
  state: { label: 'State', value: (c) => text(c.address.state) },
  verified: { label: 'Verified', value: (c) => (c.verified ? 'Verified' : 'Unverified') },
  organizationType: { label: 'Organization Type', value: (c) => c.organization?.type ?? null },
  country: { label: 'Country', value: (c) => text(c.address.country) },
  establishmentYear: { label: 'Establishment Year', value: (c) => num(c.additionalInfo.establishmentYear) },
  numberOfStudents: { label: 'Students', value: (c) => num(c.additionalInfo.numberOfStudents) },
  createdAt: { label: 'Created On', value: (c) => day(c.createdAt) },
  updatedAt: { label: 'Updated On', value: (c) => day(c.updatedAt) },
  assignedTo: {
    label: 'Assigned To',
    value: (c) =>
      text(
        c.assignedTo
          .map((u) => u.name)
          .filter((n) => n.trim() !== '')
          .join(', '),
      ),
  },
  governmentType: { label: 'Government Type', value: (c) => c.organization?.government?.type ?? null },
  privateType: { label: 'Private Type', value: (c) => c.organization?.private?.type ?? null },
  rating: { label: 'Rating', value: (c) => num(c.rating) },
  ratingCategory: { label: 'Rating Category', value: (c) => c.ratingCategory },
  gstin: { label: 'GSTIN', value: (c) => text(c.gstin) },
} as const satisfies Record<string, { label: string; value: (c: CustomerDto) => SheetCellValue }>;

export type CustomerExportColumn = keyof typeof CUSTOMER_EXPORT_COLUMNS;
export const CUSTOMER_EXPORT_COLUMN_KEYS = Object.keys(CUSTOMER_EXPORT_COLUMNS) as CustomerExportColumn[];
/** The spec's default visible columns (§9), used when a call names none. */
export const CUSTOMER_EXPORT_DEFAULT_COLUMNS: readonly CustomerExportColumn[] = [
  'customerId',
  'type',
  'name',
  'email',
  'phone',
  'city',
  'district',
  'state',
  'verified',
  'organizationType',
];

/** Spec 2 §7 "Export", §8 and §9: the file name and texts, and ours for "Export all matching". */
export const CUSTOMER_EXPORT_FILE = 'Customers_List.xlsx';
export const CUSTOMER_EXPORT_MESSAGES = {
  exporting: 'Exporting customers...',
  exported: 'Customers exported successfully',
  empty: 'No customers to export',
  auditFailed: "You can't export customers right now",
  confirmTitle: 'Export Customers',
  logged: (n: number) => `Exported ${n} customers`,
  confirmAll: (n: number) =>
    `Export all ${n === 1 ? '1 customer' : `${n.toLocaleString('en-IN')} customers`} matching the list's filters, with the columns shown, to ${CUSTOMER_EXPORT_FILE}?`,
  progress: (done: number, total: number) =>
    `Exporting ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} customers…`,
  cancelled: 'Export cancelled',
  interrupted: 'The export was interrupted. Please try again.',
  columnsUnknown: (key: string) =>
    `Unknown column: ${key.slice(0, 40)}. Columns are ${CUSTOMER_EXPORT_COLUMN_KEYS.join(', ')}`,
  columnsRepeated: (key: string) => `Column ${key.slice(0, 40)} is given twice`,
  location:
    'latitude and longitude are required, as numbers (latitude -90 to 90, longitude -180 to 180): the activity log records where an export was made',
} as const;

/**
 * The `columns` parameter of GET /crm/customers/export: keys separated by commas (or repeated), in the
 * order the sheet shows them; none means the default visible columns. Throws a user-facing message.
 */
export const parseCustomerExportColumns = (raw: string | string[] | undefined): CustomerExportColumn[] => {
  const keys = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (keys.length === 0) return [...CUSTOMER_EXPORT_DEFAULT_COLUMNS];
  const seen = new Set<string>();
  for (const key of keys) {
    if (!Object.hasOwn(CUSTOMER_EXPORT_COLUMNS, key))
      throw new Error(CUSTOMER_EXPORT_MESSAGES.columnsUnknown(key));
    if (seen.has(key)) throw new Error(CUSTOMER_EXPORT_MESSAGES.columnsRepeated(key));
    seen.add(key);
  }
  return keys as CustomerExportColumn[];
};

/**
 * The progress stream of GET /crm/customers/export?progress=true: frames of one type byte and a 4-byte
 * big-endian length, then the payload. 'D' a piece of the .xlsx file; 'P' the rows written so far (decimal
 * text); 'E' an error message (the export stopped); 'Z' the end (the file is complete). Without
 * progress=true the answer is the bare .xlsx.
 */
export const EXPORT_FRAME = { data: 0x44, progress: 0x50, error: 0x45, end: 0x5a } as const;
export const EXPORT_FRAMES_MIME = 'application/vnd.karya.export-frames';
