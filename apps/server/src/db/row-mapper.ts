import * as drizzle from 'drizzle-orm';

// Rows read as arrays, mapped as drizzle maps them (each value through its column's or expression's decoder,
// nested by its path), by a mapper made once per statement: drizzle's own looks every field's kind up again
// for every value of every row, a tenth of a quotation's detail in the server (decision 0027).

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
/** A select's field as drizzle lists them for its select list: where it goes in the row, and what it is. */
export type OrderedField = { path: string[]; field: unknown };

/** Drizzle's own order of a select's fields (the order of its select list), from its utilities. */
export const orderedFields = (
  drizzle as unknown as { orderSelectedFields: (fields: object) => OrderedField[] }
).orderSelectedFields;

const decoderOf = (field: unknown): Decoder => {
  if (drizzle.is(field, drizzle.Column)) return field as unknown as Decoder;
  if (drizzle.is(field, drizzle.SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (drizzle.is(field, drizzle.Subquery))
    return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
};

/** The mapper of rows (arrays in the select list's order) to objects shaped as the select. */
export const rowMapper = (fields: readonly OrderedField[]) => {
  const list = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) }));
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < list.length; i++) {
        const { path, decoder } = list[i]!;
        const raw = row[i];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        let node = out;
        for (let p = 0; p < path.length - 1; p++) {
          const key = path[p]!;
          node[key] ??= {};
          node = node[key] as Record<string, unknown>;
        }
        node[path[path.length - 1]!] = value;
      }
      return out;
    });
};

/**
 * A prepared select of one table (no join: a join's all-null side becomes null, which this mapper does not
 * do) maps its rows with `rowMapper`. Anything else is left as drizzle made it.
 */
export const withRowMapper = <Q>(query: Q): Q => {
  const q = query as {
    fields?: OrderedField[];
    customResultMapper?: unknown;
    joinsNotNullableMap?: Record<string, boolean>;
  };
  if (
    Array.isArray(q.fields) &&
    q.customResultMapper === undefined &&
    Object.keys(q.joinsNotNullableMap ?? {}).length <= 1
  )
    q.customResultMapper = rowMapper(q.fields);
  return query;
};
