// Product items: the answer's shape, the list, one item, suggestions and the lifecycle. Writes are in
// items-write.ts.
import {
  can,
  type GstRate,
  type GstZeroKind,
  ITEM_LIST_KEY,
  ITEM_MESSAGES,
  ITEM_PRICE_ACTION,
  ITEM_PRICE_RESOURCE,
  ITEM_RESOURCE,
  type ItemDto,
  type ItemFile,
  type ItemRef,
  type ItemState,
  type ItemStockRef,
  type ItemSuggestion,
  itemPrices,
  type ListQuery,
  type MarginTiers,
  recordMessages,
  type UnitOfQuantity,
} from '@karya/domain';
import { arrayOverlaps, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { type ItemStoredFile, productItems, productMargins, productStocks, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Snapshot } from '../../platform/history.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  lifecycleRules,
  listPage,
  runList,
  stampsDto,
  suggest,
  withLifecycleDefaults,
} from '../../platform/records.ts';

type Row = typeof productItems.$inferSelect;

export const ITEM = { ...recordMessages('item'), notFound: ITEM_MESSAGES.notFound };
export const HISTORY = { entity: ITEM_RESOURCE, title: productItems.name } as const;

export const may = (principal: Principal, action: string) =>
  can(principal.permissions, ITEM_RESOURCE, action);

// ------------------------------------------------------------------------------------------------ DTOs

type MarginRef = ItemRef & MarginTiers;
type StockJson = { _id: string; currentStock: number; priceToShow: number };
type UserJson = { _id: string; name: string; email: string; image: { url: string } | null };

/** A column of the outer item row, qualified (drizzle writes bare names in a select list). */
const outer = (column: AnyPgColumn) => sql.raw(`"product_items"."${column.name}"`);
const ref = (table: string, idColumn: SQL) =>
  sql`(select json_build_object('_id', r.id, 'name', r.name) from ${sql.identifier(table)} r where r.id = ${idColumn})`;
const refs = (table: string, ids: AnyPgColumn) =>
  sql`coalesce((select json_agg(json_build_object('_id', r.id, 'name', r.name) order by array_position(${outer(ids)}, r.id)) from ${sql.identifier(table)} r where r.id = any(${outer(ids)})), '[]'::json)`;
const userRef = (idColumn: AnyPgColumn) =>
  sql<UserJson | null>`(select json_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'image', case when u.image is null then null else json_build_object('url', u.image->>'url') end) from ${users} u where u.id = ${outer(idColumn)})`;

/**
 * An item row with what its answer names (brand, categories, classes, margin with its tiers, stock, the
 * users of its stamps) read by correlated sub-selects: a page or a detail is one statement.
 */
const itemSelect = {
  ...getTableColumns(productItems),
  brandRef: ref('product_brands', outer(productItems.brandId)).mapWith((v) => v as ItemRef | null),
  categoryRefs: refs('product_categories', productItems.categoryIds).mapWith((v) => v as ItemRef[]),
  classRefs: refs('product_classes', productItems.classIds).mapWith((v) => v as ItemRef[]),
  marginRef: sql<MarginRef | null>`(select json_build_object('_id', m.id, 'name', m.name, 't1', m.t1, 't2', m.t2, 't3', m.t3, 'pt1', m.pt1, 'pt2', m.pt2, 'pt3', m.pt3) from ${productMargins} m where m.id = ${outer(productItems.marginId)})`,
  stockRef: sql<StockJson | null>`(select json_build_object('_id', s.id, 'currentStock', s.current_stock, 'priceToShow', s.price_to_show) from ${productStocks} s where s.item_id = ${outer(productItems.id)})`,
  createdByRef: userRef(productItems.createdBy),
  updatedByRef: userRef(productItems.updatedBy),
  deletedByRef: userRef(productItems.deletedBy),
};
type ItemRow = Row & {
  brandRef: ItemRef | null;
  categoryRefs: ItemRef[];
  classRefs: ItemRef[];
  marginRef: MarginRef | null;
  stockRef: StockJson | null;
  createdByRef: UserJson | null;
  updatedByRef: UserJson | null;
  deletedByRef: UserJson | null;
};

/** JSON numbers of numeric columns arrive as numbers; guard against text all the same. */
const num = (v: unknown) => Number(v);

/** The stock as an item shows it: the price to show only to those who may read the actual price. */
const stockRef = (principal: Principal, s: StockJson | null | undefined): ItemStockRef | null =>
  s
    ? {
        _id: s._id,
        currentStock: num(s.currentStock),
        ...(can(principal.permissions, ITEM_PRICE_RESOURCE, 'original')
          ? { priceToShow: num(s.priceToShow) }
          : {}),
      }
    : null;

const fileDto = (f: ItemStoredFile): ItemFile => ({ _id: f.fileId, url: f.url, name: f.name });

const toDto = (principal: Principal, r: ItemRow): ItemDto => {
  const m = r.marginRef;
  const tiers = m
    ? { t1: num(m.t1), t2: num(m.t2), t3: num(m.t3), pt1: num(m.pt1), pt2: num(m.pt2), pt3: num(m.pt3) }
    : null;
  const users = new Map(
    [r.createdByRef, r.updatedByRef, r.deletedByRef].flatMap((u) => (u ? [[u._id, u] as const] : [])),
  );
  return {
    _id: r.id,
    name: r.name,
    sku: r.sku,
    modalNo: r.modalNo,
    description: r.description,
    brand: r.brandRef,
    categories: r.categoryRefs,
    classes: r.classRefs,
    margin: m ? { _id: m._id, name: m.name } : null,
    gst: r.gst as GstRate | null,
    gstZeroKind: r.gstZeroKind as GstZeroKind | null,
    uqc: r.uqc as UnitOfQuantity,
    hsnCode: r.hsnCode,
    shipping: {
      weight: r.shippingWeight,
      dimensions: { length: r.shippingLength, width: r.shippingWidth, height: r.shippingHeight },
    },
    state: r.state as ItemState,
    targetPrice: r.targetPrice,
    preferredBrand: r.preferredBrand,
    images: r.images.map(fileDto),
    specifications: r.specifications ? fileDto(r.specifications) : null,
    stock: stockRef(principal, r.stockRef),
    prices: itemPrices(r.stockRef ? num(r.stockRef.priceToShow) : null, tiers, (key) =>
      can(principal.permissions, ITEM_PRICE_RESOURCE, ITEM_PRICE_ACTION[key]),
    ),
    rating: r.rating,
    updatedBy: r.updatedByRef,
    ...stampsDto(r, users),
  };
};

/** Items by id, as their answers (the order of `ids`). */
// Items by id answer every item's detail and every item write: prepared once per connection, so a request
// neither builds the SQL nor has PostgreSQL plan its subqueries again (the ids pass as one array).
const itemsByIdsQuery = preparedPerDb((db) =>
  db
    .select(itemSelect)
    .from(productItems)
    .where(sql`${productItems.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('karya_items_by_ids'),
);

export const itemsByIds = async (db: Db, principal: Principal, ids: string[]) => {
  if (!ids.length) return [];
  const rows = (await itemsByIdsQuery(db).execute({ ids })) as unknown as ItemRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toDto(principal, byId.get(id)!)] : []));
};

/** What history compares: references by id (names can change), files by name. */
export const snapshot = (r: Row): Snapshot => ({
  name: r.name,
  modalNo: r.modalNo,
  description: r.description,
  brand: r.brandId,
  categories: r.categoryIds,
  classes: r.classIds,
  margin: r.marginId,
  gst: r.gst,
  gstZeroKind: r.gstZeroKind,
  uqc: r.uqc,
  hsnCode: r.hsnCode,
  shipping: {
    weight: r.shippingWeight,
    length: r.shippingLength,
    width: r.shippingWidth,
    height: r.shippingHeight,
  },
  state: r.state,
  targetPrice: r.targetPrice,
  preferredBrand: r.preferredBrand,
  rating: r.rating,
  images: r.images.map((f) => f.name),
  specifications: r.specifications?.name ?? null,
});

// ------------------------------------------------------------------------------------------------ list

const idList = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

const columns: ListColumns = {
  filters: {
    name: { kind: 'text', on: productItems.name },
    // Digits only, checked by the list parser (the 'integer' filter kind).
    sku: { kind: 'custom', build: (value) => eq(productItems.sku, Number(value)) },
    modalNo: { kind: 'text', on: productItems.modalNo },
    description: { kind: 'text', on: productItems.description },
    preferredBrand: { kind: 'text', on: productItems.preferredBrand },
    hsnCode: { kind: 'text', on: productItems.hsnCode },
    brand: { kind: 'in', on: productItems.brandId },
    margin: { kind: 'in', on: productItems.marginId },
    categories: {
      kind: 'custom',
      build: (v) => (idList(v).length ? arrayOverlaps(productItems.categoryIds, idList(v)) : undefined),
    },
    classes: {
      kind: 'custom',
      build: (v) => (idList(v).length ? arrayOverlaps(productItems.classIds, idList(v)) : undefined),
    },
    gst: {
      kind: 'custom',
      build: (v) => (idList(v).length ? inArray(productItems.gst, idList(v).map(Number)) : undefined),
    },
    state: { kind: 'in', on: productItems.state },
    rating: { kind: 'numberRange', on: productItems.rating },
    targetPrice: { kind: 'numberRange', on: productItems.targetPrice },
    ...lifecycleRules(productItems),
  },
  sort: {
    name: sql`lower(${productItems.name})`,
    sku: productItems.sku,
    gst: productItems.gst,
    createdAt: productItems.createdAt,
    updatedAt: productItems.updatedAt,
  },
  id: productItems.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/** The state filter (the verification and suggestion lists use it) needs verification (spec 3 §6). */
export const listItems = async (db: Db, principal: Principal, query: ListQuery) => {
  if (query.filters.state !== undefined && !may(principal, 'verification'))
    throw forbidden(ITEM_MESSAGES.stateFilterForbidden);
  const filters = withLifecycleDefaults(principal, ITEM_RESOURCE, query.filters, ITEM);
  const { rows, total } = await runList<ItemRow>({
    db,
    table: productItems,
    columns,
    query,
    filters,
    select: itemSelect,
  });
  return listPage(
    ITEM_LIST_KEY,
    rows.map((r) => toDto(principal, r)),
    total,
    query,
  );
};

export const getItem = async (db: Db, principal: Principal, id: string) => {
  const [item] = await itemsByIds(db, principal, [id]);
  if (!item) throw notFound(ITEM.notFound);
  return item;
};

/** Spec 3 §7: name, _id, stock, margin (and the SKU, GST and state a picker shows and checks). */
export const suggestItems = async (
  db: Db,
  principal: Principal,
  input: { name: string; selectedIds: string[] },
): Promise<ItemSuggestion[]> => {
  const rows = await suggest<{
    id: string;
    name: string;
    sku: number;
    gst: number | null;
    state: string;
    marginId: string | null;
  }>({
    db,
    table: productItems,
    id: productItems.id,
    name: productItems.name,
    select: {
      id: productItems.id,
      name: productItems.name,
      sku: productItems.sku,
      gst: productItems.gst,
      state: productItems.state,
      marginId: productItems.marginId,
    },
    live: [eq(productItems.isDeleted, false)],
    input,
  });
  const [stocks, margins] = await Promise.all([
    rows.length
      ? db
          .select()
          .from(productStocks)
          .where(
            inArray(
              productStocks.itemId,
              rows.map((r) => r.id),
            ),
          )
      : [],
    (async () => {
      const ids = [...new Set(rows.flatMap((r) => (r.marginId ? [r.marginId] : [])))];
      return ids.length
        ? db
            .select({ _id: productMargins.id, name: productMargins.name })
            .from(productMargins)
            .where(inArray(productMargins.id, ids))
        : [];
    })(),
  ]);
  const stockOf = new Map(stocks.map((st) => [st.itemId, st]));
  const marginOf = new Map(margins.map((m) => [m._id, m]));
  return rows.map((r) => {
    const st = stockOf.get(r.id);
    return {
      _id: r.id,
      name: r.name,
      sku: r.sku,
      gst: r.gst as GstRate | null,
      state: r.state as ItemState,
      stock: stockRef(
        principal,
        st ? { _id: st.id, currentStock: st.currentStock, priceToShow: st.priceToShow } : null,
      ),
      margin: r.marginId ? (marginOf.get(r.marginId) ?? null) : null,
    };
  });
};

// -------------------------------------------------------------------------------------------- lifecycle

/** Permanent delete only from the deleted state; the stock goes with the row (cascade), the files after it. */
export const itemLifecycle = recordLifecycle<Row>({
  table: productItems,
  messages: ITEM,
  history: HISTORY,
  files: (row) => [...row.images, ...(row.specifications ? [row.specifications] : [])],
});
