import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_FRAME, looksLikeFormula, type SheetCellValue } from '@karya/domain';
import ExcelJS from 'exceljs';

/**
 * A spreadsheet written as it is read: ExcelJS's streaming WorkbookWriter commits each row into the zip
 * as it goes, so a file of 200,000 rows never sits in memory. The writer waits while the client has not
 * taken what was sent (backpressure), so memory stays flat however slow the download.
 *
 * With `framed`, the answer is the progress stream of EXPORT_FRAME (packages/domain): the file in 'D'
 * frames, 'P' frames with the rows written so far, and 'Z' at the end, or 'E' with a message when the
 * export fails part-way (a bare file could only be cut off).
 */
export type SheetStream = {
  sheetName: string;
  headers: readonly string[];
  /** Batches of rows, each row one value per header. */
  rows: AsyncIterable<SheetCellValue[][]>;
  framed: boolean;
  /** Called when the export fails part-way (the answer is already under way). */
  onError: (error: unknown) => void;
};

/** Bytes waiting for the client before the reader of the database waits too. */
const ROOM = 1 << 20;

const frame = (type: number, payload: Buffer) => {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
};

const setCell = (cell: ExcelJS.Cell, value: SheetCellValue) => {
  if (value === null || value === '') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) cell.value = value;
    return;
  }
  // A string cell is never a formula; the Text format keeps Excel from reading it as one when edited.
  cell.value = value;
  if (looksLikeFormula(value)) cell.numFmt = '@';
};

export const streamSheet = ({ sheetName, headers, rows, framed, onError }: SheetStream): Readable => {
  const out = new PassThrough();
  const file = new PassThrough();
  const send = (type: number, payload: Buffer) => out.write(framed ? frame(type, payload) : payload);
  file.on('data', (chunk: Buffer) => {
    if (!send(EXPORT_FRAME.data, chunk)) file.pause();
  });
  out.on('drain', () => file.resume());
  // The client going away (a cancelled download) closes `out`: the writer stops and lets go of the file.
  const closed = new Promise<void>((resolve) => out.once('close', resolve));
  out.once('close', () => file.destroy());
  const fileDone = new Promise<void>((resolve) => file.once('end', resolve));
  const gone = () => out.destroyed || out.writableEnded;
  const room = async () => {
    while (!gone() && out.writableLength > ROOM)
      await Promise.race([new Promise((resolve) => out.once('drain', resolve)), closed]);
  };

  const run = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: file,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = headers.map((header) => ({ header, width: Math.max(16, header.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let written = 0;
    for await (const batch of rows) {
      if (gone()) return;
      for (const values of batch) {
        const row = sheet.addRow([]);
        values.forEach((v, i) => {
          setCell(row.getCell(i + 1), v);
        });
        row.commit();
      }
      written += batch.length;
      if (framed) send(EXPORT_FRAME.progress, Buffer.from(String(written)));
      // Let the event loop send what is written (an embedded database answers without ever yielding to it).
      await new Promise((resolve) => setImmediate(resolve));
      await room();
    }
    sheet.commit();
    await Promise.race([workbook.commit(), closed]);
    await Promise.race([fileDone, closed]);
    if (gone()) return;
    if (framed) send(EXPORT_FRAME.end, Buffer.alloc(0));
    out.end();
  };

  run().catch((error: unknown) => {
    onError(error);
    if (gone()) return;
    if (framed) {
      send(EXPORT_FRAME.error, Buffer.from('The export failed part-way. Please try again.'));
      out.end();
    } else out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
};
