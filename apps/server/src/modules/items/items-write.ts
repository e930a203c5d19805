// Creating and updating items (one with its files, or many by name), their stock rows and history.
import {
  CATALOGUE,
  DEFAULT_GST_RATE,
  DEFAULT_ITEM_STATE,
  ITEM_IMAGE_TYPES,
  ITEM_MESSAGES,
  type ItemInput,
  type ItemState,
  type ItemUpdateInput,
  itemZeroKindIssue,
  MARGIN_MESSAGES,
  newId,
} from '@karya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ItemStoredFile,
  productBrands,
  productCategories,
  productClasses,
  productItems,
  productMargins,
  productStocks,
} from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { storeUpload } from '../../platform/files.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import { removeStoredFile } from '../../platform/images.ts';
import type { FormFile } from '../../platform/multipart.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, findLiveRecord, updateStamps } from '../../platform/records.ts';
import { HISTORY, ITEM, itemsByIds, may, snapshot } from './items.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type Row = typeof productItems.$inferSelect;

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
  copy('gstZeroKind', input.gstZeroKind);
  // Only a 0% rate has a kind.
  if (input.gst !== undefined && input.gst !== 0) set.gstZeroKind = null;
  copy('hsnCode', input.hsnCode);
  copy('uqc', input.uqc);
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
          // A new item starts at 18% (issue 27 §1), unless the form cleared the rate.
          gst: input.gst === undefined ? DEFAULT_GST_RATE : input.gst,
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
      const zero = itemZeroKindIssue({
        gst: 'gst' in set ? set.gst : before.gst,
        gstZeroKind: 'gstZeroKind' in set ? set.gstZeroKind : before.gstZeroKind,
      });
      if (zero) throw badRequest(zero.message);
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
      .values(
        names.map((name) => ({
          ...createStamps(principal, now),
          name,
          gst: DEFAULT_GST_RATE,
          state: DEFAULT_ITEM_STATE,
        })),
      )
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
