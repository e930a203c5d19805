import { CUSTOMER_TYPES, customerCreateSchema, parseEnumeration } from '@karya/domain';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_MESSAGES as M } from './import-rules';
import { flagDuplicateNames, type ImportRow } from './row-checks';
import { checkSpreadsheetFile, ImportFileError } from './zip-guard';

export type { ImportRow };

/**
 * The spreadsheet import's reading and checking (spec 2 §5 "Spreadsheet import"): the file is checked
 * before parsing (zip-guard.ts), read with ExcelJS, its header row checked, each cell trimmed and converted
 * (phone and zip code to text, year and students to numbers), duplicate names within the file flagged and
 * each row validated with the domain's customer rules (customerCreateSchema: the same rules, in the same
 * words, as the form and the server). Runs in a worker in the browser (parse-worker.ts), on the page where
 * workers are missing, and in Node for the tests and the benchmark.
 */

export type ImportProgress =
  | { stage: 'checking' }
  | { stage: 'reading' }
  | { stage: 'validating'; done: number; total: number };

export type ParseOutcome = { ok: true; rows: ImportRow[] } | { ok: false; error: string };

type Cell = ExcelJS.CellValue;

/** A cell as text, whatever Excel stored: rich text, a hyperlink's text, a formula's result, an error's code. */
export const cellText = (value: Cell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return cellText(value.text as Cell);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as Cell);
  if ('error' in value) return value.error;
  return '';
};

/** Header texts compared trimmed, without case and with runs of spaces as one. */
const headerKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A number column's text as a number when it is one; otherwise the text, for the schema to refuse. */
const toNumber = (text: string): number | string => (/^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

/** The value a cell gives its field: trimmed text, or a number for the year and the student count. */
const fieldValue = (field: string, value: Cell): string | number => {
  if (field === 'additionalInfo.establishmentYear' && value instanceof Date) return value.getFullYear();
  const text = cellText(value).trim();
  if (field === 'additionalInfo.establishmentYear' || field === 'additionalInfo.numberOfStudents')
    return toNumber(text);
  // 'organisation', ' ORGANIZATION ' are Organization (issue 23; the schema reads every enumeration so too).
  if (field === 'type') return parseEnumeration(CUSTOMER_TYPES, text) ?? text;
  return text;
};

/** The customer a row stands for: only the cells that have something; address and additional info nested. */
export const rowToCustomer = (cells: ReadonlyMap<string, Cell>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const column of IMPORT_COLUMNS) {
    const value = fieldValue(column.field, cells.get(column.field) ?? null);
    if (value === '') continue;
    const [head, tail] = column.field.split('.') as [string, string | undefined];
    if (tail === undefined) out[head] = value;
    else out[head] = { ...(out[head] as Record<string, unknown> | undefined), [tail]: value };
  }
  return out;
};

const LABELS = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.field, c.header]));

/** A schema message, prefixed with its column when it does not name it ('Street: Must include 3 letters'). */
const withColumn = (path: readonly PropertyKey[], message: string) => {
  const label = LABELS.get(path.map(String).join('.'));
  if (!label || message.toLowerCase().includes(label.toLowerCase())) return message;
  return `${label}: ${message}`;
};

/** The customer rules on one row: the schema's output, or its messages (one per problem). */
export const validateCustomer = (
  input: Record<string, unknown>,
): { ok: true; customer: Record<string, unknown> } | { ok: false; errors: string[] } => {
  const parsed = customerCreateSchema.safeParse(input);
  if (parsed.success) return { ok: true, customer: parsed.data as Record<string, unknown> };
  const errors = [...new Set(parsed.error.issues.map((i) => withColumn(i.path, i.message)))];
  return { ok: false, errors };
};

const loadWorkbook = async (bytes: Uint8Array) => {
  const workbook = new ExcelJS.Workbook();
  try {
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    await workbook.xlsx.load(copy.buffer);
  } catch {
    throw new ImportFileError(M.unreadable);
  }
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) throw new ImportFileError(M.unreadable);
  return sheet;
};

/** Hand the event loop a turn every so many rows, so progress messages go out while validating. */
const YIELD_EVERY = 500;
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A chosen file to import rows: refused before parsing when it must not be parsed (its message), read, its
 * header row checked (the spec's message naming the missing headers), then every row converted and checked.
 */
export const parseCustomerFile = async (
  name: string,
  bytes: Uint8Array,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ParseOutcome> => {
  try {
    onProgress({ stage: 'checking' });
    await checkSpreadsheetFile(name, bytes);
    onProgress({ stage: 'reading' });
    const sheet = await loadWorkbook(bytes);

    // The header row: the first row with anything in it.
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      rows.push(row);
    });
    const header = rows.shift();
    const columnOf = new Map<string, number>();
    header?.eachCell({ includeEmpty: false }, (cell, col) => {
      const key = headerKey(cellText(cell.value));
      if (key && !columnOf.has(key)) columnOf.set(key, col);
    });
    const missing = IMPORT_COLUMNS.filter(
      (c) => !('optionalHeader' in c) && !columnOf.has(headerKey(c.header)),
    ).map((c) => c.header);
    const present = IMPORT_COLUMNS.flatMap((c) => {
      const col = columnOf.get(headerKey(c.header));
      return col === undefined ? [] : [{ field: c.field, col }];
    });
    if (missing.length) return { ok: false, error: M.missingHeaders(missing) };

    const data = rows.filter((row) => present.some((c) => cellText(row.getCell(c.col).value).trim()));
    if (data.length === 0) return { ok: false, error: M.noRows };
    if (data.length > IMPORT_LIMITS.rows) return { ok: false, error: M.tooManyRows(data.length) };

    const headerRow = header!.number;
    const out: ImportRow[] = [];
    for (const [i, row] of data.entries()) {
      if (i % YIELD_EVERY === 0) {
        onProgress({ stage: 'validating', done: i, total: data.length });
        if (i > 0) await nextTurn();
      }
      const cells = new Map<string, Cell>(present.map((c) => [c.field, row.getCell(c.col).value]));
      const input = rowToCustomer(cells);
      const result = validateCustomer(input);
      out.push({
        no: row.number - headerRow,
        name: typeof input.name === 'string' ? input.name : '',
        customer: result.ok ? result.customer : input,
        errors: result.ok ? [] : result.errors,
      });
    }
    flagDuplicateNames(out);
    onProgress({ stage: 'validating', done: data.length, total: data.length });
    return { ok: true, rows: out };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, error: error.message };
    return { ok: false, error: M.unreadable };
  }
};
