// Deliberate import circle with ./item-validation.ts (loaded lazily): keeps zod out of the first paint.
import { DEFAULT_GST_RATE, DEFAULT_UQC, type ItemDto, type ItemInput, type ItemState } from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

/** The item form's validation (item-validation.ts: zod and the schemas), downloaded as the form renders. */
export const itemValidation = lazyValidation(() => import('./item-validation'));

/** A number as typed ('' when empty); the schema reads it. */
type NumberText = string;

/** What the form holds: texts and numbers as strings ('' when empty), picked records as ids. */
export type ItemFormState = {
  name: string;
  modalNo: string;
  description: string;
  rating: NumberText;
  brand: string | null;
  categories: string[];
  classes: string[];
  margin: string | null;
  gst: string | null;
  /** 'Nil rated' or 'Exempt', asked only at 0%. */
  gstZeroKind: string | null;
  /** The unit of quantity code (UQC). */
  uqc: string;
  hsnCode: string;
  weight: NumberText;
  length: NumberText;
  width: NumberText;
  height: NumberText;
  targetPrice: NumberText;
  preferredBrand: string;
  state: ItemState | null;
};

export const SHIPPING_FIELDS = ['weight', 'length', 'width', 'height'] as const;
export type ItemFormField = keyof ItemFormState;

const num = (v: number | null | undefined): NumberText => (v === null || v === undefined ? '' : String(v));

/** The form's starting values: empty for a new item, else the item's. */
export const itemFormValuesFrom = (item?: ItemDto | null): ItemFormState => ({
  name: item?.name ?? '',
  modalNo: item?.modalNo ?? '',
  description: item?.description ?? '',
  rating: num(item?.rating),
  brand: item?.brand?._id ?? null,
  categories: item?.categories.map((c) => c._id) ?? [],
  classes: item?.classes.map((c) => c._id) ?? [],
  margin: item?.margin?._id ?? null,
  // A new item starts at 18% (issue 27 §1); an item's own rate, even a retired one, is shown as it is.
  gst:
    item === undefined || item === null
      ? String(DEFAULT_GST_RATE)
      : item.gst === null
        ? null
        : String(item.gst),
  gstZeroKind: item?.gstZeroKind ?? null,
  uqc: item?.uqc ?? DEFAULT_UQC,
  hsnCode: item?.hsnCode ?? '',
  weight: num(item?.shipping.weight),
  length: num(item?.shipping.dimensions.length),
  width: num(item?.shipping.dimensions.width),
  height: num(item?.shipping.dimensions.height),
  targetPrice: num(item?.targetPrice),
  preferredBrand: item?.preferredBrand ?? '',
  state: item?.state ?? null,
});

/**
 * The request the form stands for, before validation (itemCreateSchema's input): empty texts and
 * numbers as '' (the schema reads them as cleared), picked GST as its text, shipping nested. A state left
 * unchosen is not sent (the server makes a new item Unverified).
 */
export const itemRequestFrom = (v: ItemFormState) => ({
  name: v.name,
  modalNo: v.modalNo,
  description: v.description,
  rating: v.rating,
  brand: v.brand ?? '',
  categories: v.categories,
  classes: v.classes,
  margin: v.margin ?? '',
  gst: v.gst ?? '',
  gstZeroKind: v.gst === '0' ? (v.gstZeroKind ?? '') : '',
  uqc: v.uqc,
  hsnCode: v.hsnCode,
  shipping: { weight: v.weight, dimensions: { length: v.length, width: v.width, height: v.height } },
  targetPrice: v.targetPrice,
  preferredBrand: v.preferredBrand,
  ...(v.state ? { state: v.state } : {}),
});

/** The form field a request path names ('shipping.dimensions.length' → 'length'); null when none. */
export const formFieldOf = (path: readonly (string | number)[]): ItemFormField | null => {
  const [head] = path;
  if (head === 'shipping') {
    const last = path.at(-1);
    return (SHIPPING_FIELDS as readonly unknown[]).includes(last) ? (last as ItemFormField) : 'weight';
  }
  if (typeof head === 'string' && head in itemFormValuesFrom(null)) return head as ItemFormField;
  return null;
};

/** The form field a 400 answer names, with its message; null when the message belongs in a toast only. */
export const fieldOfItemError = (
  status: number,
  body: unknown,
): { field: ItemFormField; message: string } | null => {
  if (status !== 400) return null;
  const errors = (body as { errors?: { path?: string; message?: string }[] } | undefined)?.errors ?? [];
  for (const e of errors) {
    const field = e.path ? formFieldOf(e.path.split('.')) : null;
    if (field && e.message) return { field, message: e.message };
  }
  return null;
};

const norm = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null ? '' : String(v));
const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : norm(a) === norm(b);

/** The request keys and the form fields each is made of. */
const GROUPS: readonly [keyof ItemInput, readonly ItemFormField[]][] = [
  ['name', ['name']],
  ['modalNo', ['modalNo']],
  ['description', ['description']],
  ['rating', ['rating']],
  ['brand', ['brand']],
  ['categories', ['categories']],
  ['classes', ['classes']],
  ['margin', ['margin']],
  ['gst', ['gst']],
  ['gstZeroKind', ['gst', 'gstZeroKind']],
  ['hsnCode', ['hsnCode']],
  ['uqc', ['uqc']],
  ['shipping', SHIPPING_FIELDS],
  ['targetPrice', ['targetPrice']],
  ['preferredBrand', ['preferredBrand']],
  ['state', ['state']],
];

/**
 * The update request: only the fields changed against the loaded item (so someone else's edit of another
 * field survives), each as validated; null clears (sent empty). Shipping goes whole when any of its
 * values changed.
 */
export const changedItemFields = (
  validated: ItemInput,
  values: ItemFormState,
  initial: ItemFormState,
): Partial<Record<keyof ItemInput, unknown>> => {
  const out: Partial<Record<keyof ItemInput, unknown>> = {};
  for (const [key, fields] of GROUPS)
    if (fields.some((f) => !same(values[f], initial[f]))) out[key] = validated[key] ?? null;
  return out;
};
