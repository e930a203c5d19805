import { CUSTOMER_BULK_MAX } from '@karya/domain';

/**
 * The spreadsheet import's texts, headers and limits (spec 2 §5 "Spreadsheet import", §9; decision 0009).
 * Zod-free and small: the dialog, the parser (in a worker or not) and the tests share it.
 */

/** The columns of the file, in the template's order, and the customer field each one fills. */
export const IMPORT_COLUMNS = [
  { header: 'Name', field: 'name', required: true },
  { header: 'Type', field: 'type', required: true },
  { header: 'Email', field: 'email', required: false },
  { header: 'Phone', field: 'phone', required: false },
  { header: 'Website', field: 'website', required: false },
  { header: 'Street', field: 'address.street', required: false },
  { header: 'City', field: 'address.city', required: false },
  { header: 'District', field: 'address.district', required: false },
  { header: 'State', field: 'address.state', required: false },
  { header: 'Country', field: 'address.country', required: false },
  { header: 'Zip Code', field: 'address.zipCode', required: false },
  { header: 'Establishment Year', field: 'additionalInfo.establishmentYear', required: false },
  { header: 'Number of Students', field: 'additionalInfo.numberOfStudents', required: false },
  // Ours (issue 12): a file made from the spec's template, without this column, still imports.
  { header: 'GSTIN', field: 'gstin', required: false, optionalHeader: true },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_HEADERS: readonly string[] = IMPORT_COLUMNS.map((c) => c.header);

/** Spec 2 §9 file names. */
export const TEMPLATE_FILE = 'Sample_Customer_Template.xlsx';
export const ERRORS_FILE = 'customer-validation-errors.xlsx';
export const ERROR_COLUMNS = ['Customer No', 'Customer Name', 'Errors'] as const;

/** Accepted by name (spec 2 §5); the content is checked as well (zip-guard.ts). */
export const IMPORT_ACCEPT = '.xlsx,.xls';
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;

/** Limits checked before the spreadsheet is parsed (decision 0009). */
export const IMPORT_LIMITS = {
  /** The file as chosen (compressed). */
  fileBytes: 10 * 1024 * 1024,
  /** The parts of the .xlsx zip, as its central directory declares them and as they inflate. */
  entries: 1_000,
  uncompressedBytes: 100 * 1024 * 1024,
  /** Customers per file: one submit is one bulk call, and the bulk call takes at most this many. */
  rows: CUSTOMER_BULK_MAX,
} as const;

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const IMPORT_MESSAGES = {
  // Spec 2 §5, verbatim.
  invalidType: 'Invalid file type. Only Excel files (.xlsx, .xls) are accepted.',
  missingHeaders: (missing: readonly string[]) =>
    `The following headers are missing: ${missing.join(', ')}. Please check your file and correct it, or download a sample file for reference.`,
  sameNames: (numbers: readonly number[]) => `Customer ${numbers.join(', ')} names are the same.`,
  existsOnServer: 'Customer already exist with this name',
  unreadable: "Can't extract data from file. Please check, Is there any formatting issue in you file?",
  // Ours (decision 0009).
  legacyXls:
    'This is an Excel 97-2003 (.xls) workbook or a password-protected file, which cannot be read here. Open it in Excel, save it as an Excel Workbook (.xlsx) without a password, and import that file.',
  notSpreadsheet:
    'This file is not an Excel spreadsheet, although its name says so. Choose the Excel file itself.',
  tooLarge: `The file is too large. An import file may be at most ${mb(IMPORT_LIMITS.fileBytes)}.`,
  tooBigInside: `The spreadsheet is too large once unpacked (more than ${mb(IMPORT_LIMITS.uncompressedBytes)} or ${IMPORT_LIMITS.entries} parts). Split it into smaller files.`,
  tooManyRows: (n: number) =>
    `The file has ${n} customers; at most ${IMPORT_LIMITS.rows} can be imported at once. Split it into smaller files.`,
  noRows: 'The file has no customers below its header row.',
  // Spec 2 §8 and ours.
  checkingNames: 'Checking customer names. please wait...',
  adding: 'Adding customers. please wait...',
  noneValid: 'No valid customers to add',
} as const;
