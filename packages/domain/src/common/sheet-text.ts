/**
 * Text in a spreadsheet cell (the customer exports, on the web and on the server; the import's error file).
 * A text that starts like a formula ('=', '+', '-', '@', or a tab or carriage return before one: the OWASP
 * CSV-injection list) is written as a string cell with the Text number format ('@'), so Excel keeps it as
 * text even when the cell is edited and confirmed again. The text itself is never changed.
 */
export const FORMULA_START_RE = /^[\t\r]*[=+\-@]/;

export const looksLikeFormula = (text: string) => FORMULA_START_RE.test(text);

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
