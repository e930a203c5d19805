import { looksLikeFormula, XLSX_MIME } from '@karya/domain';
import type ExcelJS from 'exceljs';
import { saveParts } from '../../../lib/export-frames';

/**
 * Writing text into a spreadsheet safely (the customer export and the import's error file). ExcelJS writes
 * a string as a string cell, never as a formula; a text that starts like a formula also gets the Text
 * number format ('@'): the rule is packages/domain's sheet-text.ts, shared with the server's streamed export.
 */
export { FORMULA_START_RE, XLSX_MIME } from '@karya/domain';

export type SheetValue = string | number | null | undefined;

/** Put a value in a cell as plain data: numbers as numbers, anything else as text. */
export const setPlainCell = (cell: ExcelJS.Cell, value: SheetValue) => {
  if (value === null || value === undefined || value === '') {
    cell.value = null;
    return;
  }
  if (typeof value === 'number') {
    cell.value = Number.isFinite(value) ? value : null;
    return;
  }
  cell.value = value;
  if (looksLikeFormula(value)) cell.numFmt = '@';
};

/** A header row in bold with each column's width. */
export const addHeaderRow = (sheet: ExcelJS.Worksheet, labels: readonly string[], width = 20) => {
  sheet.columns = labels.map((label) => ({ header: label, width: Math.max(width, label.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

/** Let the browser save a workbook as `fileName`. */
export const downloadWorkbook = async (workbook: ExcelJS.Workbook, fileName: string) => {
  const buffer = await workbook.xlsx.writeBuffer();
  saveParts([new Uint8Array(buffer as ArrayBuffer)], fileName, XLSX_MIME);
};
