import { IMPORT_MESSAGES as M } from './import-rules';

// The import's checks across rows (zod-free and ExcelJS-free: the dialog uses them after the parse).

/** One customer of the file: its number (the sheet row below the header), name, what is sent, its errors. */
export type ImportRow = {
  no: number;
  name: string;
  /** Valid rows: the customer as the schema outputs it (what the bulk call sends); else the row as read. */
  customer: Record<string, unknown>;
  errors: string[];
};

/** Names that occur more than once in the file: 'Customer 2, 5 names are the same.' on each of them. */
export const flagDuplicateNames = (rows: ImportRow[]) => {
  const byName = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = row.name.trim().toLowerCase();
    if (!key) continue;
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const message = M.sameNames(group.map((r) => r.no));
    for (const row of group) row.errors.unshift(message);
  }
};

/** The names to ask the server about (each once, as in the file). */
export const namesToCheck = (rows: readonly ImportRow[]) => {
  const seen = new Map<string, string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
};

/** Rows whose name a live customer already has (check-names' answer) get 'Customer already exist with this name'. */
export const flagExistingNames = (rows: readonly ImportRow[], existing: readonly string[]): ImportRow[] => {
  const taken = new Set(existing.map((n) => n.trim().toLowerCase()));
  return rows.map((row) =>
    taken.has(row.name.trim().toLowerCase()) ? { ...row, errors: [...row.errors, M.existsOnServer] } : row,
  );
};
