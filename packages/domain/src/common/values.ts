// Value helpers without zod, so code that needs only these (the web's API client) loads no schema library.

/**
 * Whether a string starts with a real calendar day (YYYY-MM-DD). Date.parse alone accepts 2026-02-30
 * (it rolls over to 2 March), which the database would then refuse with a server error.
 */
export const isCalendarDay = (v: string) => {
  const day = v.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/** Remove '', null, undefined, empty arrays and empty objects, recursively: "empty values are stripped". */
export const stripEmpty = <T>(value: T): T => {
  if (Array.isArray(value)) {
    return value.map((v) => stripEmpty(v)).filter((v) => !isEmpty(v)) as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Blob)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const s = stripEmpty(v);
      if (!isEmpty(s)) out[k] = s;
    }
    return out as T;
  }
  return value;
};
const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0) ||
  (v !== null &&
    typeof v === 'object' &&
    !(v instanceof Date) &&
    !(v instanceof Blob) &&
    Object.keys(v).length === 0);

/**
 * A number field's value as a form or a query sends it: text is trimmed and its thousands commas dropped,
 * blank text is no value (undefined), anything else is left for the number rule to judge. For z.preprocess.
 */
export const numberFromText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(/,/g, '');
  return t === '' ? undefined : Number(t);
};
