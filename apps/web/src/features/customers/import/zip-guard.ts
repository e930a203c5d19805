import { IMPORT_EXTENSIONS, IMPORT_LIMITS, IMPORT_MESSAGES as M } from './import-rules';

/**
 * What is checked before a chosen file reaches ExcelJS (decision 0009): its name, its size, its first bytes
 * (an .xlsx is a zip: 'PK'; an Excel 97-2003 .xls or an encrypted workbook is an OLE2 compound file) and its
 * zip directory: the number of parts and their total unpacked size as the central directory declares them,
 * then, because a directory can lie, each part is inflated once with the browser's native inflater and
 * counted, stopping as soon as it passes what was declared. A zip bomb is refused after reading at most the
 * declared limit, never handed to the parser.
 */

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const MAX_COMMENT = 0xffff;

/** A part of the zip as its central directory describes it. */
export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
};

/** A refusal: the message to show. */
export class ImportFileError extends Error {}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** Whether the name ends in .xlsx or .xls (any case). */
export const hasExcelName = (name: string) => {
  const lower = name.trim().toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
};

/**
 * The central directory of a zip: its entries, or an ImportFileError (corrupt, multi-disk, ZIP64 or over the
 * limits). Reads only the directory at the end of the file.
 */
export const readZipDirectory = (bytes: Uint8Array): ZipEntry[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  if (bytes.length < 22) throw new ImportFileError(M.unreadable);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX_COMMENT); at--) {
    if (u32(at) === END_OF_DIRECTORY) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ImportFileError(M.unreadable);
  const entries = u16(eocd + 10);
  const size = u32(eocd + 12);
  const offset = u32(eocd + 16);
  // ZIP64 markers: no import file within the limits needs them.
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ImportFileError(M.tooBigInside);
  if (u16(eocd + 4) !== 0 || u16(eocd + 6) !== 0 || u16(eocd + 8) !== entries)
    throw new ImportFileError(M.unreadable);
  if (entries > IMPORT_LIMITS.entries) throw new ImportFileError(M.tooBigInside);
  if (offset + size > eocd) throw new ImportFileError(M.unreadable);
  const out: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let at = offset;
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > offset + size || u32(at) !== CENTRAL_HEADER) throw new ImportFileError(M.unreadable);
    const nameLength = u16(at + 28);
    const entry: ZipEntry = {
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      uncompressedSize: u32(at + 24),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      localOffset: u32(at + 42),
    };
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff)
      throw new ImportFileError(M.tooBigInside);
    total += entry.uncompressedSize;
    if (total > IMPORT_LIMITS.uncompressedBytes) throw new ImportFileError(M.tooBigInside);
    out.push(entry);
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return out;
};

/** The bytes a deflated part inflates to, counting no further than `cap` + one chunk. */
const inflatedSize = async (data: Uint8Array, cap: number) => {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  // Written and closed without waiting: the reader below drains it (and cancels it past the cap).
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return total;
    }
  }
};

/** Each part inflates to exactly what the directory declared (no more: a lying directory is a bomb). */
const verifyEntries = async (bytes: Uint8Array, entries: readonly ZipEntry[]) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER)
      throw new ImportFileError(M.unreadable);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > bytes.length) throw new ImportFileError(M.unreadable);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw new ImportFileError(M.unreadable);
      continue;
    }
    if (entry.method !== 8) throw new ImportFileError(M.unreadable);
    // Without a native inflater (old browsers), the declared sizes checked above are what stands.
    if (typeof DecompressionStream === 'undefined') continue;
    let size: number;
    try {
      size = await inflatedSize(bytes.subarray(start, end), entry.uncompressedSize);
    } catch {
      throw new ImportFileError(M.unreadable);
    }
    if (size > entry.uncompressedSize) throw new ImportFileError(M.tooBigInside);
  }
};

/**
 * Refuses, with the message to show, a file that must not be parsed: a wrong name, over the size limit, not
 * a zip (an old .xls says how to convert it), a zip that is no workbook, or a zip bomb. Resolves when the
 * file may be given to ExcelJS.
 */
export const checkSpreadsheetFile = async (name: string, bytes: Uint8Array) => {
  if (!hasExcelName(name)) throw new ImportFileError(M.invalidType);
  if (bytes.length > IMPORT_LIMITS.fileBytes) throw new ImportFileError(M.tooLarge);
  if (startsWith(bytes, OLE2)) throw new ImportFileError(M.legacyXls);
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) throw new ImportFileError(M.notSpreadsheet);
  const entries = readZipDirectory(bytes);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !entries.some((e) => e.name.startsWith('xl/')))
    throw new ImportFileError(M.notSpreadsheet);
  await verifyEntries(bytes, entries);
};
