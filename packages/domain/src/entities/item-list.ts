// What the item list page, its cards and the item detail need at first paint, kept free of zod (see
// catalogue-list.ts). Spec 3 §2 "Items", §3 "Item", §5 "Item", §6 price visibility, §8, §9.

import type { GstZeroKind } from '../common/gst-slabs.ts';
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import { formatRupees, fromPaise, GST_RATES, type GstRate, tierPrice, toPaise } from '../common/money.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import type { Action } from '../permissions.ts';
import { MARGIN_TIERS, type MarginTier, type MarginTiers } from './margin-list.ts';

/** Item state (spec 3 §3, §4): Verified in a success colour, the others in a warning colour. */
export const ITEM_STATES = ['Verified', 'Unverified', 'Suggested'] as const;

/**
 * The unit of quantity code (UQC) a tax invoice prints beside a quantity (rule 46) and the GSTR-1 HSN summary
 * reports: the codes of the GST portal's list that a school-equipment store sells in, NOS (numbers) by default.
 */
export const UNITS_OF_QUANTITY = {
  NOS: 'Numbers',
  PCS: 'Pieces',
  SET: 'Sets',
  PRS: 'Pairs',
  BOX: 'Boxes',
  PAC: 'Packs',
  ROL: 'Rolls',
  MTR: 'Metres',
  SQM: 'Square metres',
  KGS: 'Kilograms',
  GMS: 'Grams',
  LTR: 'Litres',
  MLT: 'Millilitres',
  BTL: 'Bottles',
  DOZ: 'Dozens',
  UNT: 'Units',
  OTH: 'Others',
} as const;
export type UnitOfQuantity = keyof typeof UNITS_OF_QUANTITY;
export const UQC_CODES = Object.keys(UNITS_OF_QUANTITY) as UnitOfQuantity[];
export const DEFAULT_UQC: UnitOfQuantity = 'NOS';
export type ItemState = (typeof ITEM_STATES)[number];
/** A new item waits for verification unless its creator may verify (or it is a suggestion). */
export const DEFAULT_ITEM_STATE: ItemState = 'Unverified';

export const ITEM_LIST_KEY = 'productItems';
export const ITEM_RESOURCE = 'product-item';
export const ITEM_PRICE_RESOURCE = 'product-item-price';

/** Spec 3 §9: at most 5 images per item, each and the specification at most 5 MB. */
export const ITEM_IMAGES_MAX = 5;
export const ITEM_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const ITEM_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** What the file pickers accept (png, jpeg, jpg, webp; the specification: PDF only, spec 3 §5). */
export const ITEM_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
export const ITEM_SPECIFICATION_ACCEPT = 'application/pdf,.pdf';
export const ITEM_NAME_MAX = 200;
export const ITEM_TEXT_MAX = 200;
export const ITEM_DESCRIPTION_MAX = 5000;
export const ITEM_RATING_MAX = 5;
/** Bulk create by names (spec 3 §5): at most this many names per submit. */
export const ITEM_BULK_MAX = 100;

/** Spec 3 §5 "Item", "Bulk item create" and §8; the file type and HSN texts are ours. */
export const ITEM_MESSAGES = {
  nameRequired: 'Name is required',
  gstPick: 'Select GST %',
  ratingMin: 'Rating must be at least 0',
  ratingMax: 'Rating cannot exceed 5',
  ratingDecimals: 'Rating can have at most 2 decimal places',
  imageTooLarge: 'Max size 5MB allowed',
  imagesTooMany: 'Maximum 5 images allowed',
  imageWrongType: 'Only PNG, JPEG, JPG or WEBP images are allowed',
  specificationTooMany: 'Only one file allowed',
  specificationTooLarge: 'Max size 5MB allowed',
  specificationWrongType: 'Only PDF files are allowed',
  deleteFileForbidden: 'You don’t have permission to remove stored files.',
  verifyForbidden: 'You don’t have permission to verify items.',
  stateFilterForbidden: 'You don’t have permission to filter items by state.',
  uqcInvalid: 'Unit must be one of the GST units of quantity (NOS, PCS, SET …)',
  stateInvalid: 'State must be Verified, Unverified or Suggested',
  numberInvalid: 'Must be a number',
  notNegative: 'Must not be negative',
  bulkEmpty: 'No items to add',
  bulkDuplicate: 'Item name already exists in below list',
  bulkTooMany: `At most ${ITEM_BULK_MAX} items can be added at once`,
  quickCreated: 'Item successfully created. You can use it now.',
  notFound: 'Item not found',
  noSpecification: 'No specification found',
  noSpecificationAttached: 'No Specification file attached',
  noImages: 'No Image files attached',
  empty: 'No Items Available',
  searchEmpty: 'No item found. Try a different search.',
  searchLoading: 'Searching for items... Please wait.',
  priceNotAvailable: 'N/A',
  forVerificationEmpty: 'No items available for verification',
  suggestedEmpty: 'No suggested items available for verification',
} as const;

export const GST_FILTER_VALUES = GST_RATES.map(String);

export const itemListSpec = defineList({
  filters: {
    name: 'text',
    sku: 'integer',
    modalNo: 'text',
    description: 'text',
    preferredBrand: 'text',
    hsnCode: 'text',
    brand: 'ids',
    categories: 'ids',
    classes: 'ids',
    margin: 'ids',
    gst: { enum: GST_FILTER_VALUES },
    state: { enum: ITEM_STATES },
    rating: 'numberRange',
    targetPrice: 'numberRange',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['name', 'sku', 'gst', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** The sort menu (spec 3 §9: items by name, SKU, GST percent; and the dates every list has). */
export const ITEM_SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'sku', label: 'SKU' },
  { value: 'gst', label: 'GST %' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

/** SKU text (digits only) for the sku filter and the Ctrl+K palette ("[SKU n] name"). */
export const SKU_RE = /^\d{1,9}$/;
export const itemSearchLabel = (item: { sku: number; name: string }) => `[SKU ${item.sku}] ${item.name}`;
/** The palette searches by SKU when the text is a number, else by name (as spec 3 §2 shows results). */
export const itemSearchFilter = (text: string): Record<string, string> => {
  const t = text.trim();
  if (!t) return {};
  return SKU_RE.test(t) ? { sku: t } : { name: t };
};

export type ItemRef = { _id: string; name: string };
export type ItemFile = { _id: string; url: string; name: string };
export type ItemDimensions = { length: number | null; width: number | null; height: number | null };
export type ItemShipping = { weight: number | null; dimensions: ItemDimensions };

/** The price keys of an item answer: `original` (the price to show) and one per margin tier. */
export const ITEM_PRICE_KEYS = ['original', ...MARGIN_TIERS] as const;
export type ItemPriceKey = (typeof ITEM_PRICE_KEYS)[number];
/**
 * The prices the caller may read (spec 3 §6): rupees, null for 'N/A' (no price to show yet, or no margin);
 * a price the caller may not read is absent.
 */
export type ItemPrices = Partial<Record<ItemPriceKey, number | null>>;

/** The action on product-item-price that shows each price (spec 3 §6). */
export const ITEM_PRICE_ACTION: Readonly<Record<ItemPriceKey, Action>> = {
  original: 'original',
  t1: 'read-t1',
  t2: 'read-t2',
  t3: 'read-t3',
  pt1: 'read-pt1',
  pt2: 'read-pt2',
  pt3: 'read-pt3',
};

export const ITEM_PRICE_LABELS: Readonly<Record<ItemPriceKey, string>> = {
  original: 'Actual Price',
  t1: 'T1 Price',
  t2: 'T2 Price',
  t3: 'T3 Price',
  pt1: 'PT1 Price',
  pt2: 'PT2 Price',
  pt3: 'PT3 Price',
};

/**
 * The prices a caller may read: the price to show (rupees) and each tier's price from the margin (spec 3
 * §9: base × (1 + tier / 100), two decimals, null = 'N/A' when the base is 0 or less or there is no margin).
 */
export const itemPrices = (
  priceToShow: number | null,
  tiers: MarginTiers | null,
  may: (key: ItemPriceKey) => boolean,
): ItemPrices => {
  const base = priceToShow === null ? 0 : (toPaise(priceToShow) ?? 0);
  const out: ItemPrices = {};
  if (may('original')) out.original = priceToShow;
  for (const tier of MARGIN_TIERS) {
    if (!may(tier)) continue;
    const paise = tiers ? tierPrice(base, tiers[tier as MarginTier]) : null;
    out[tier] = paise === null ? null : fromPaise(paise);
  }
  return out;
};

/** The stock record every item has (spec 3 §3): the price to show only with `original`. */
export type ItemStockRef = { _id: string; currentStock: number; priceToShow?: number };

export type ItemDto = RecordStamps & {
  _id: string;
  name: string;
  sku: number;
  modalNo: string | null;
  description: string | null;
  brand: ItemRef | null;
  categories: ItemRef[];
  classes: ItemRef[];
  margin: ItemRef | null;
  gst: GstRate | null;
  /** At 0%: how the invoice prints it. */
  gstZeroKind: GstZeroKind | null;
  /** The unit of quantity code (UQC) its quantities are in. */
  uqc: UnitOfQuantity;
  hsnCode: string | null;
  shipping: ItemShipping;
  state: ItemState;
  targetPrice: number | null;
  preferredBrand: string | null;
  images: ItemFile[];
  specifications: ItemFile | null;
  stock: ItemStockRef | null;
  prices: ItemPrices;
  rating: number | null;
  updatedBy: UserRef | null;
};

/** GET /crm/products/items/suggestion (spec 3 §7: name, _id, stock, margin). */
export type ItemSuggestion = {
  _id: string;
  name: string;
  sku: number;
  gst: GstRate | null;
  state: ItemState;
  stock: ItemStockRef | null;
  margin: ItemRef | null;
};

/** The stock price edit (PATCH /crm/products/stocks/{id}/update-price). */
export const STOCK_MESSAGES = {
  notFound: 'Stock not found',
  priceUpdated: 'Price updated successfully',
  priceInvalid: 'Invalid price provided',
  priceNegative: 'Price must not be negative',
  priceDecimals: 'Price can have at most 2 decimal places',
} as const;

/**
 * The description a suggested item's verification starts from (spec 3 §2 "Suggestions": built from brand,
 * target price and specifications).
 */
export const suggestionDescription = (item: {
  description: string | null;
  preferredBrand: string | null;
  targetPrice: number | null;
}) =>
  [
    item.preferredBrand ? `Preferred brand: ${item.preferredBrand}` : null,
    item.targetPrice !== null ? `Target price: ${formatRupees(toPaise(item.targetPrice) ?? 0)}` : null,
    item.description ? `Specifications: ${item.description}` : null,
  ]
    .filter(Boolean)
    .join('\n');
