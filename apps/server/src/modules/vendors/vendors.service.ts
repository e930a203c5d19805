import {
  type ListQuery,
  recordMessages,
  VENDOR_LIST_KEY,
  VENDOR_MESSAGES,
  type VendorContactPerson,
  type VendorDto,
  type VendorInput,
  type VendorUpdateInput,
} from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productVendors, type StoredImage } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import {
  diffSnapshots,
  historyPage,
  recordChange,
  recordUpdate,
  type Snapshot,
} from '../../platform/history.ts';
import { removeStoredFile, type Upload, withStoredImage } from '../../platform/images.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
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
  suggestByName,
  updateStamps,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { catalogueImage } from '../catalogue/catalogue.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type Row = typeof productVendors.$inferSelect;

export const VENDOR = { ...recordMessages('vendor'), notFound: VENDOR_MESSAGES.notFound };
const HISTORY = { entity: 'product-vendor', title: productVendors.name } as const;

/** A contact person without any value is no contact person. */
const cleanContact = (c: VendorContactPerson | null | undefined): VendorContactPerson | null => {
  if (!c) return null;
  const out = Object.fromEntries(
    Object.entries(c).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
  return Object.keys(out).length ? (out as VendorContactPerson) : null;
};

const toDtos = async (db: Db, rows: Row[]): Promise<VendorDto[]> => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.createdBy, r.deletedBy]),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    website: r.website,
    gstin: r.gstin,
    rating: r.rating,
    image: r.image ? { url: r.image.url } : null,
    contactPerson: r.contactPerson ?? null,
    ...stampsDto(r, refs),
  }));
};

const snapshot = (r: Row): Snapshot => ({
  name: r.name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  website: r.website,
  gstin: r.gstin,
  rating: r.rating,
  contactPerson: r.contactPerson ?? null,
  image: r.image?.url ?? null,
});

const columns: ListColumns = {
  filters: {
    name: { kind: 'text', on: productVendors.name },
    email: { kind: 'text', on: productVendors.email },
    phone: { kind: 'text', on: productVendors.phone },
    address: { kind: 'text', on: productVendors.address },
    'contactPerson.name': { kind: 'text', on: sql`(${productVendors.contactPerson} ->> 'name')` },
    rating: { kind: 'numberRange', on: productVendors.rating },
    ...lifecycleRules(productVendors),
  },
  sort: {
    name: sql`lower(${productVendors.name})`,
    rating: productVendors.rating,
    createdAt: productVendors.createdAt,
    updatedAt: productVendors.updatedAt,
  },
  id: productVendors.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export const listVendors = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, 'product-vendor', query.filters, VENDOR);
  const { rows, total } = await runList<Row>({ db, table: productVendors, columns, query, filters });
  return listPage(VENDOR_LIST_KEY, await toDtos(db, rows), total, query);
};

export const getVendor = async (db: Db, id: string) =>
  (await toDtos(db, [await findRecord<Row>(db, productVendors, id, VENDOR)]))[0]!;

export const suggestVendors = (db: Db, input: { name: string; selectedIds: string[] }) =>
  suggestByName(db, productVendors, input);

export const createVendor = async (deps: Deps, principal: Principal, input: VendorInput, upload: Upload) => {
  const now = deps.clock.now();
  const stamps = createStamps(principal, now);
  const row = await withStoredImage(deps, catalogueImage(upload, stamps.id), (image) =>
    deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(productVendors)
        .values({
          ...stamps,
          name: input.name,
          email: input.email ?? null,
          phone: input.phone ?? null,
          address: input.address ?? null,
          website: input.website ?? null,
          gstin: input.gstin ?? null,
          rating: input.rating ?? null,
          contactPerson: cleanContact(input.contactPerson),
          image,
        })
        .returning();
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
  return (await toDtos(deps.db, [row]))[0]!;
};

/** The fields sent are replaced (the contact person as a whole); empty values clear. */
export const updateVendor = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: VendorUpdateInput,
  upload: Upload,
) => {
  await findLiveRecord<Row>(deps.db, productVendors, id, VENDOR);
  const now = deps.clock.now();
  let replaced: StoredImage | null = null;
  const row = await withStoredImage(deps, catalogueImage(upload, id), (image) =>
    deps.db.transaction(async (tx) => {
      const before = await findLiveRecord<Row>(tx, productVendors, id, VENDOR);
      const set: Partial<Row> = { ...updateStamps(principal, now) };
      for (const key of ['name', 'email', 'phone', 'address', 'website', 'gstin', 'rating'] as const)
        if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
      if (input.contactPerson !== undefined) set.contactPerson = cleanContact(input.contactPerson);
      if (image) set.image = image;
      else if (input.deleteImage) set.image = null;
      const [updated] = await tx.update(productVendors).set(set).where(eq(productVendors.id, id)).returning();
      await recordUpdate(tx, principal, now, {
        entity: HISTORY.entity,
        recordId: id,
        title: updated!.name,
        before: snapshot(before),
        after: snapshot(updated!),
      });
      if (before.image && (image || input.deleteImage)) replaced = before.image;
      return updated!;
    }),
  );
  // The old image goes only once the new state is committed.
  if (replaced) await removeStoredFile(deps, (replaced as StoredImage).fileId);
  return (await toDtos(deps.db, [row]))[0]!;
};

const lifecycle = (deps: Deps, principal: Principal) => ({
  db: deps.db,
  table: productVendors,
  messages: VENDOR,
  principal,
  now: deps.clock.now(),
  history: HISTORY,
});

export const deleteVendor = (deps: Deps, principal: Principal, id: string) =>
  softDelete(lifecycle(deps, principal), id);
export const restoreVendor = (deps: Deps, principal: Principal, id: string) =>
  restore(lifecycle(deps, principal), id);

/** Only from the deleted state; the image file goes once the row is gone. */
export const deleteVendorPermanently = async (deps: Deps, principal: Principal, id: string) => {
  const row = await findRecord<Row>(deps.db, productVendors, id, VENDOR);
  await deletePermanently(lifecycle(deps, principal), id);
  if (row.image) await removeStoredFile(deps, row.image.fileId);
};

export const vendorHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({ db, principal, entity: HISTORY.entity, table: productVendors, id, messages: VENDOR, query });
