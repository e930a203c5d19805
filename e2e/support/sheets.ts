import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';

/** A downloaded workbook's first sheet as rows of values. */
export const readDownload = async (download: Download) => {
  const book = new ExcelJS.Workbook();
  const bytes = readFileSync(await download.path());
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, rows };
};

export const menu = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};
