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
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
import { removeStoredFile, type Upload, withStoredImage } from '../../platform/images.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  createStamps,
  findLiveRecord,
  findRecord,
  lifecycleRules,
  listPage,
  runList,
  stampsDto,
  suggestByName,
  updateStamps,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { assertNameFree, type NamedTable, nameRace, type UniqueName } from '../../platform/unique-names.ts';
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

/** Issue 23: a vendor's name is unique among live vendors, in any case (platform/unique-names.ts). */
const UNIQUE: UniqueName = {
  table: productVendors as unknown as NamedTable,
  index: 'product_vendors_live_name_uq',
  noun: 'vendor',
};

export const createVendor = async (deps: Deps, principal: Principal, input: VendorInput, upload: Upload) => {
  // Refused before any file is stored; the unique index decides a race (nameRace).
  await assertNameFree(deps.db, UNIQUE, input.name);
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
  ).catch(nameRace(deps.db, UNIQUE, () => input.name));
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
  if (input.name !== undefined) await assertNameFree(deps.db, UNIQUE, input.name, id);
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
  ).catch(nameRace(deps.db, UNIQUE, () => input.name, id));
  // The old image goes only once the new state is committed.
  if (replaced) await removeStoredFile(deps, (replaced as StoredImage).fileId);
  return (await toDtos(deps.db, [row]))[0]!;
};

/**
 * A deleted vendor comes back only while no live one has taken its name (409 naming that one); its image
 * file goes once the row is gone for good.
 */
export const vendorLifecycle = recordLifecycle<Row>({
  table: productVendors,
  messages: VENDOR,
  history: HISTORY,
  uniqueName: UNIQUE,
  files: (row) => (row.image ? [row.image] : []),
});
