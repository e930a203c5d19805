import { PassThrough, type Readable } from 'node:stream';
import { looksLikeFormula, type SheetCellValue } from '@karya/domain';
import type ExcelJS from 'exceljs';
import { breathe, type ExportSink, exportStream } from './export-stream.ts';

/**
 * A spreadsheet written as it is read: ExcelJS's streaming WorkbookWriter commits each row into the zip as
 * it goes, so a file of 200,000 rows never sits in memory; the zip's bytes go out through exportStream
 * (backpressure, and the progress frames when `framed`).
 */
export type SheetSpec = {
  sheetName: string;
  /** Rows above the header row (a GSTR-1 sheet's summary), written as they are. */
  preamble?: readonly SheetCellValue[][];
  headers: readonly string[];
  /** Batches of rows, each row one value per header. */
  rows: AsyncIterable<SheetCellValue[][]> | Iterable<SheetCellValue[][]>;
  /** Column indexes (0-based) shown with two decimals (rupees). */
  money?: readonly number[];
};

export type SheetStream = SheetSpec & {
  framed: boolean;
  /** Called when the export fails part-way (the answer is already under way). */
  onError: (error: unknown) => void;
};

const setCell = (cell: ExcelJS.Cell, value: SheetCellValue, money: boolean) => {
  if (value === null || value === '') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) cell.value = value;
    if (money) cell.numFmt = '#,##0.00';
    return;
  }
  // A string cell is never a formula; the Text format keeps Excel from reading it as one when edited.
  cell.value = value;
  if (looksLikeFormula(value)) cell.numFmt = '@';
};

/** The sheets one after another into one workbook; progress counts the data rows written. */
const writeWorkbook = async (sink: ExportSink, sheets: readonly SheetSpec[]) => {
  // Loaded by the first export, not at start-up (as pdfkit is: document-pdf.ts says why).
  const { default: excel } = await import('exceljs');
  const file = new PassThrough();
  let pending: Promise<void> = Promise.resolve();
  file.on('data', (chunk: Buffer) => {
    file.pause();
    pending = pending.then(() => sink.write(chunk)).finally(() => file.resume());
  });
  sink.closed.then(() => file.destroy());
  const fileDone = new Promise<void>((resolve, reject) => {
    file.once('end', resolve);
    file.once('error', reject);
  });
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
  });
  let written = 0;
  for (const spec of sheets) {
    const above = spec.preamble?.length ?? 0;
    const sheet = workbook.addWorksheet(spec.sheetName, {
      views: [{ state: 'frozen', ySplit: above + 1 }],
    });
    sheet.columns = spec.headers.map((header) => ({ width: Math.max(16, header.length + 4) }));
    const money = new Set(spec.money ?? []);
    for (const values of spec.preamble ?? []) {
      const row = sheet.addRow([]);
      values.forEach((v, i) => {
        setCell(row.getCell(i + 1), v, false);
      });
      row.font = { bold: true };
      row.commit();
    }
    const header = sheet.addRow([...spec.headers]);
    header.font = { bold: true };
    header.commit();
    for await (const batch of spec.rows) {
      if (sink.gone()) return;
      for (const values of batch) {
        const row = sheet.addRow([]);
        values.forEach((v, i) => {
          setCell(row.getCell(i + 1), v, money.has(i));
        });
        row.commit();
      }
      written += batch.length;
      sink.progress(written);
      await breathe();
      await pending;
    }
    sheet.commit();
  }
  await Promise.race([workbook.commit(), sink.closed]);
  await Promise.race([fileDone, sink.closed]);
  await pending;
};

/** One workbook of several sheets, streamed. */
export const streamWorkbook = (options: {
  sheets: readonly SheetSpec[];
  framed: boolean;
  onError: (error: unknown) => void;
}): Readable =>
  exportStream({
    framed: options.framed,
    onError: options.onError,
    write: (sink) => writeWorkbook(sink, options.sheets),
  });

/** One sheet, streamed. */
export const streamSheet = ({ framed, onError, ...sheet }: SheetStream): Readable =>
  streamWorkbook({ sheets: [sheet], framed, onError });
