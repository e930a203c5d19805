import {
  CATALOGUE,
  can,
  DEFAULT_ITEM_STATE,
  type GstRate,
  ITEM_IMAGE_TYPES,
  ITEM_LIST_KEY,
  ITEM_MESSAGES,
  ITEM_PRICE_ACTION,
  ITEM_PRICE_RESOURCE,
  ITEM_RESOURCE,
  type ItemDto,
  type ItemFile,
  type ItemInput,
  type ItemRef,
  type ItemState,
  type ItemStockRef,
  type ItemSuggestion,
  type ItemUpdateInput,
  itemPrices,
  type ListQuery,
  MARGIN_MESSAGES,
  type MarginTiers,
  newId,
  recordMessages,
} from '@karya/domain';
import { and, arrayOverlaps, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  type ItemStoredFile,
  productBrands,
  productCategories,
  productClasses,
  productItems,
  productMargins,
  productStocks,
  users,
} from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { storeUpload } from '../../platform/files.ts';
import {
  diffSnapshots,
  historyPage,
  recordChange,
  recordUpdate,
  type Snapshot,
} from '../../platform/history.ts';
import { removeStoredFile } from '../../platform/images.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { FormFile } from '../../platform/multipart.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  bulkLifecycle,
  createStamps,
  deletePermanently,
  findLiveRecord,
  findRecord,
  lifecycleRules,
  listPage,
  restore,
  runList,
  softDelete,
  stampsDto,
  suggest,
  updateStamps,
  withLifecycleDefaults,
} from '../../platform/records.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type Row = typeof productItems.$inferSelect;

export const ITEM = { ...recordMessages('item'), notFound: ITEM_MESSAGES.notFound };
const HISTORY = { entity: ITEM_RESOURCE, title: productItems.name } as const;

const may = (principal: Principal, action: string) => can(principal.permissions, ITEM_RESOURCE, action);

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
const itemsByIds = async (db: Db, principal: Principal, ids: string[]) => {
  if (!ids.length) return [];
  const rows = (await db
    .select(itemSelect)
    .from(productItems)
    .where(inArray(productItems.id, ids))) as unknown as ItemRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toDto(principal, byId.get(id)!)] : []));
};

/** What history compares: references by id (names can change), files by name. */
const snapshot = (r: Row): Snapshot => ({
  name: r.name,
  modalNo: r.modalNo,
  description: r.description,
  brand: r.brandId,
  categories: r.categoryIds,
  classes: r.classIds,
  margin: r.marginId,
  gst: r.gst,
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

// ------------------------------------------------------------------------------------------------ write

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Brand, margin, categories and classes must be live records: 400 with the kind's own message. */
const checkReferences = async (tx: Tx, input: ItemUpdateInput) => {
  const live = async (table: typeof productBrands, ids: string[], message: string) => {
    if (!ids.length) return;
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.isDeleted, false)));
    if (rows.length !== new Set(ids).size) throw badRequest(message);
  };
  await live(productBrands, input.brand ? [input.brand] : [], CATALOGUE.brand.notFound);
  await live(productCategories as never, input.categories ?? [], CATALOGUE.category.notFound);
  await live(productClasses as never, input.classes ?? [], CATALOGUE.class.notFound);
  await live(productMargins as never, input.margin ? [input.margin] : [], MARGIN_MESSAGES.notFound);
};

/** Changing the state to or from Verified needs verification on product-item (spec 3 §2, §6). */
const checkState = (principal: Principal, from: ItemState | null, to: ItemState | undefined) => {
  if (to === undefined || to === from) return;
  if ((to === 'Verified' || from === 'Verified') && !may(principal, 'verification'))
    throw forbidden(ITEM_MESSAGES.verifyForbidden);
};

/** The columns an input sets (only the fields sent; null clears). */
const columnsOf = (input: ItemUpdateInput): Partial<Row> => {
  const set: Partial<Row> = {};
  const copy = <K extends keyof Row>(key: K, value: Row[K] | undefined) => {
    if (value !== undefined) set[key] = value;
  };
  copy('name', input.name);
  copy('modalNo', input.modalNo);
  copy('description', input.description);
  copy('brandId', input.brand);
  copy('categoryIds', input.categories);
  copy('classIds', input.classes);
  copy('marginId', input.margin);
  copy('gst', input.gst);
  copy('hsnCode', input.hsnCode);
  copy('state', input.state);
  copy('targetPrice', input.targetPrice);
  copy('preferredBrand', input.preferredBrand);
  copy('rating', input.rating);
  if (input.shipping !== undefined) {
    const s = input.shipping;
    set.shippingWeight = s?.weight ?? null;
    set.shippingLength = s?.dimensions?.length ?? null;
    set.shippingWidth = s?.dimensions?.width ?? null;
    set.shippingHeight = s?.dimensions?.height ?? null;
  }
  return set;
};

export type ItemUploads = { images: FormFile[]; specifications: FormFile[] };

/**
 * Store the uploaded files (types by content: images PNG/JPEG/WebP, the specification PDF), then run the
 * write; a refused file or a failed write removes what was stored, so nothing is left behind.
 */
const withStoredFiles = async <R>(
  deps: Deps,
  ownerId: string,
  uploads: ItemUploads,
  write: (stored: { images: ItemStoredFile[]; specification: ItemStoredFile | null }) => Promise<R>,
): Promise<R> => {
  const stored: ItemStoredFile[] = [];
  const store = async (file: FormFile, allowed: readonly string[], wrong: string) => {
    const s = await storeUpload(deps, { data: file.data, filename: file.filename, ownerId }, allowed, wrong);
    const out = { fileId: s.id, url: s.url, name: s.originalName };
    stored.push(out);
    return out;
  };
  try {
    const images: ItemStoredFile[] = [];
    for (const f of uploads.images)
      images.push(await store(f, ITEM_IMAGE_TYPES, ITEM_MESSAGES.imageWrongType));
    const spec = uploads.specifications[0];
    const specification = spec
      ? await store(spec, ['application/pdf'], ITEM_MESSAGES.specificationWrongType)
      : null;
    return await write({ images, specification });
  } catch (error) {
    for (const s of stored) await removeStoredFile(deps, s.fileId);
    throw error;
  }
};

const insertStock = (tx: Tx, principal: Principal, now: Date, itemIds: string[]) =>
  tx
    .insert(productStocks)
    .values(itemIds.map((itemId) => ({ ...createStamps(principal, now), id: newId(now), itemId })));

export const createItem = async (
  deps: Deps,
  principal: Principal,
  input: ItemInput,
  uploads: ItemUploads,
) => {
  checkState(principal, null, input.state ?? DEFAULT_ITEM_STATE);
  const now = deps.clock.now();
  const stamps = createStamps(principal, now);
  const row = await withStoredFiles(deps, stamps.id, uploads, ({ images, specification }) =>
    deps.db.transaction(async (tx) => {
      await checkReferences(tx, input);
      const [inserted] = await tx
        .insert(productItems)
        .values({
          ...stamps,
          ...columnsOf(input),
          name: input.name,
          state: input.state ?? DEFAULT_ITEM_STATE,
          images,
          specifications: specification,
        })
        .returning();
      await insertStock(tx, principal, now, [inserted!.id]);
      await recordChange(tx, principal, now, {
        entity: HISTORY.entity,
        recordId: inserted!.id,
        title: inserted!.name,
        action: 'create',
        changes: diffSnapshots(HISTORY.entity, null, snapshot(inserted!)),
      });
      return inserted!;
    }),
  );
  return (await itemsByIds(deps.db, principal, [row.id]))[0]!;
};

/**
 * The fields sent are replaced; `deletedImages` and `deleteSpecifications` remove stored files (they need
 * delete-file); a new specification replaces the old one. Kept and new images together are at most 5.
 * Removed and replaced files go once the change has committed.
 */
export const updateItem = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: ItemUpdateInput,
  uploads: ItemUploads,
) => {
  const current = await findLiveRecord<Row>(deps.db, productItems, id, ITEM);
  const deleting = input.deletedImages ?? [];
  if ((deleting.length || input.deleteSpecifications) && !may(principal, 'delete-file'))
    throw forbidden(ITEM_MESSAGES.deleteFileForbidden);
  checkState(principal, current.state as ItemState, input.state);
  const unknown = deleting.filter((fileId) => !current.images.some((f) => f.fileId === fileId));
  if (unknown.length) throw badRequest('Image not found on this item');
  if (current.images.length - deleting.length + uploads.images.length > 5)
    throw badRequest(ITEM_MESSAGES.imagesTooMany);
  const now = deps.clock.now();
  let removed: ItemStoredFile[] = [];
  const row = await withStoredFiles(deps, id, uploads, ({ images, specification }) =>
    deps.db.transaction(async (tx) => {
      const before = await findLiveRecord<Row>(tx, productItems, id, ITEM);
      checkState(principal, before.state as ItemState, input.state);
      await checkReferences(tx, input);
      const kept = before.images.filter((f) => !deleting.includes(f.fileId));
      if (kept.length + images.length > 5) throw badRequest(ITEM_MESSAGES.imagesTooMany);
      const set: Partial<Row> = { ...updateStamps(principal, now), ...columnsOf(input) };
      if (images.length || deleting.length) set.images = [...kept, ...images];
      const dropSpec = Boolean(specification || input.deleteSpecifications) && before.specifications !== null;
      if (specification) set.specifications = specification;
      else if (input.deleteSpecifications) set.specifications = null;
      const [updated] = await tx.update(productItems).set(set).where(eq(productItems.id, id)).returning();
      await recordUpdate(tx, principal, now, {
        entity: HISTORY.entity,
        recordId: id,
        title: updated!.name,
        before: snapshot(before),
        after: snapshot(updated!),
      });
      removed = [
        ...before.images.filter((f) => deleting.includes(f.fileId)),
        ...(dropSpec && before.specifications ? [before.specifications] : []),
      ];
      return updated!;
    }),
  );
  for (const f of removed) await removeStoredFile(deps, f.fileId);
  return (await itemsByIds(deps.db, principal, [row.id]))[0]!;
};

/** POST /crm/products/items/bulk: items by name (Unverified, each with its stock), in one transaction. */
export const bulkCreateItems = async (deps: Deps, principal: Principal, names: string[]) => {
  const now = deps.clock.now();
  const rows = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(productItems)
      .values(names.map((name) => ({ ...createStamps(principal, now), name, state: DEFAULT_ITEM_STATE })))
      .returning();
    await insertStock(
      tx,
      principal,
      now,
      inserted.map((r) => r.id),
    );
    await recordChange(
      tx,
      principal,
      now,
      inserted.map((r) => ({
        entity: HISTORY.entity,
        recordId: r.id,
        title: r.name,
        action: 'create' as const,
        bulk: true,
        changes: diffSnapshots(HISTORY.entity, null, snapshot(r)),
      })),
    );
    return inserted;
  });
  return itemsByIds(
    deps.db,
    principal,
    rows.map((r) => r.id),
  );
};

// -------------------------------------------------------------------------------------------- lifecycle

const lifecycle = (deps: Deps, principal: Principal) => ({
  db: deps.db,
  table: productItems,
  messages: ITEM,
  principal,
  now: deps.clock.now(),
  history: HISTORY,
});

export const deleteItem = (deps: Deps, principal: Principal, id: string) =>
  softDelete(lifecycle(deps, principal), id);
export const restoreItem = (deps: Deps, principal: Principal, id: string) =>
  restore(lifecycle(deps, principal), id);

const filesOfRows = (rows: Pick<Row, 'images' | 'specifications'>[]) =>
  rows.flatMap((r) => [...r.images, ...(r.specifications ? [r.specifications] : [])]);

/** Only from the deleted state; the stock goes with the row (cascade), the files once the row is gone. */
export const deleteItemPermanently = async (deps: Deps, principal: Principal, id: string) => {
  const row = await findRecord<Row>(deps.db, productItems, id, ITEM);
  await deletePermanently(lifecycle(deps, principal), id);
  for (const f of filesOfRows([row])) await removeStoredFile(deps, f.fileId);
};

export const bulkItems = async (
  deps: Deps,
  principal: Principal,
  operation: 'delete' | 'restore' | 'deletePermanently',
  ids: string[],
) => {
  const { messages: _m, ...l } = lifecycle(deps, principal);
  if (operation !== 'deletePermanently') return bulkLifecycle(l, operation, ids);
  const rows = await deps.db
    .select({ id: productItems.id, images: productItems.images, specifications: productItems.specifications })
    .from(productItems)
    .where(and(inArray(productItems.id, ids), eq(productItems.isDeleted, true)));
  const result = await bulkLifecycle(l, operation, ids);
  const done = new Set(result.results.filter((r) => r.outcome === 'done').map((r) => r._id));
  for (const f of filesOfRows(rows.filter((r) => done.has(r.id)))) await removeStoredFile(deps, f.fileId);
  return result;
};

export const itemHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({ db, principal, entity: HISTORY.entity, table: productItems, id, messages: ITEM, query });
