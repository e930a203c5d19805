import ExcelJS from 'exceljs';
import { addHeaderRow, setPlainCell } from '../export/sheet-cells';
import { ERROR_COLUMNS, IMPORT_COLUMNS } from './import-rules';
import type { ImportRow } from './parse';

// The import's two downloads (spec 2 §9): the sample template and the validation errors.

const REQUIRED_FILL = 'FFC00000';
const OPTIONAL_FILL = 'FF1F5FA8';

/**
 * Sample_Customer_Template.xlsx: the header row in the import's column order, required headers (Name, Type)
 * red and optional ones blue (spec 2 §5), white bold text; Type offers Individual and Organization.
 */
export const buildTemplateWorkbook = () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  addHeaderRow(
    sheet,
    IMPORT_COLUMNS.map((c) => c.header),
  );
  IMPORT_COLUMNS.forEach((column, i) => {
    const cell = sheet.getRow(1).getCell(i + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: column.required ? REQUIRED_FILL : OPTIONAL_FILL },
    };
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  });
  const typeColumn = IMPORT_COLUMNS.findIndex((c) => c.field === 'type') + 1;
  for (let row = 2; row <= 1001; row++)
    sheet.getRow(row).getCell(typeColumn).dataValidation = {
      type: 'list',
      allowBlank: false,
      formulae: ['"Individual,Organization"'],
    };
  return workbook;
};

/** customer-validation-errors.xlsx: Customer No, Customer Name and Errors (one per line) of each refused row. */
export const buildErrorsWorkbook = (rows: readonly ImportRow[]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Errors');
  addHeaderRow(sheet, ERROR_COLUMNS);
  sheet.getColumn(2).width = 40;
  sheet.getColumn(3).width = 80;
  for (const row of rows) {
    const line = sheet.addRow([]);
    setPlainCell(line.getCell(1), row.no);
    setPlainCell(line.getCell(2), row.name);
    setPlainCell(line.getCell(3), row.errors.join('\n'));
    line.getCell(3).alignment = { wrapText: true, vertical: 'top' };
  }
  return workbook;
};
