import {
  CATALOGUE,
  CATALOGUE_IMAGE_TYPES,
  CATALOGUE_IMAGE_WRONG_TYPE,
  type CatalogueInput,
  type CatalogueKind,
  type CatalogueRecordDto,
  type CatalogueUpdateInput,
  type ListQuery,
  recordMessages,
} from '@karya/domain';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productBrands, productCategories, productClasses, type StoredImage } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
import { removeStoredFile, type Upload, withStoredImage } from '../../platform/images.ts';
import { type RecordLifecycle, recordLifecycle } from '../../platform/lifecycle-service.ts';
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

/**
 * Brands, categories and classes (spec 3): three record types of one shape (name, description, image),
 * each in its own table and under its own resource. These functions take the kind; what differs per kind
 * (table, resource, words, list key) is looked up in `KINDS`, never guessed.
 */
type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
type Table = typeof productBrands;
type Row = Table['$inferSelect'];

const TABLES: Record<CatalogueKind, Table> = {
  brand: productBrands,
  category: productCategories as unknown as Table,
  class: productClasses as unknown as Table,
};

export const catalogueMessages = (kind: CatalogueKind) => ({
  ...recordMessages(CATALOGUE[kind].noun, CATALOGUE[kind].plural),
  notFound: CATALOGUE[kind].notFound,
});

const KINDS = Object.fromEntries(
  (Object.keys(TABLES) as CatalogueKind[]).map((kind) => {
    const table = TABLES[kind];
    const columns: ListColumns = {
      filters: {
        name: { kind: 'text', on: table.name },
        description: { kind: 'text', on: table.description },
        ...lifecycleRules(table),
      },
      sort: { name: sql`lower(${table.name})`, createdAt: table.createdAt, updatedAt: table.updatedAt },
      id: table.id,
      defaultSort: { field: 'createdAt', order: 'desc' },
    };
    return [
      kind,
      {
        ...CATALOGUE[kind],
        table,
        columns,
        messages: catalogueMessages(kind),
        history: { entity: CATALOGUE[kind].resource, title: table.name },
        unique: {
          table: table as unknown as NamedTable,
          index: `${getTableName(table)}_live_name_uq`,
          noun: CATALOGUE[kind].noun,
        },
      },
    ];
  }),
) as Record<
  CatalogueKind,
  (typeof CATALOGUE)[CatalogueKind] & {
    table: Table;
    columns: ListColumns;
    messages: ReturnType<typeof catalogueMessages>;
    history: { entity: string; title: Table['name'] };
    unique: UniqueName;
  }
>;

// ------------------------------------------------------------------------------------------------- dto

const toDtos = async (db: Db, rows: Row[]): Promise<CatalogueRecordDto[]> => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.createdBy, r.deletedBy]),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    image: r.image ? { url: r.image.url } : null,
    ...stampsDto(r, refs),
  }));
};

const snapshot = (r: Row): Snapshot => ({
  name: r.name,
  description: r.description,
  image: r.image?.url ?? null,
});

// ------------------------------------------------------------------------------------------------ read

export const listCatalogue = async (db: Db, kind: CatalogueKind, principal: Principal, query: ListQuery) => {
  const k = KINDS[kind];
  const filters = withLifecycleDefaults(principal, k.resource, query.filters, k.messages);
  const { rows, total } = await runList<Row>({ db, table: k.table, columns: k.columns, query, filters });
  return listPage(k.listKey, await toDtos(db, rows), total, query);
};

export const getCatalogueRecord = async (db: Db, kind: CatalogueKind, id: string) => {
  const k = KINDS[kind];
  return (await toDtos(db, [await findRecord<Row>(db, k.table, id, k.messages)]))[0]!;
};

/** The selected records first, then live records whose name matches; at most 20, as {_id, name}. */
export const suggestCatalogue = async (
  db: Db,
  kind: CatalogueKind,
  input: { name: string; selectedIds: string[] },
) => {
  return suggestByName(db, KINDS[kind].table, input);
};

// ----------------------------------------------------------------------------------------------- write

/** Images of the catalogue (these kinds and vendors): JPEG or PNG by content. */
export const catalogueImage = (upload: Upload, ownerId: string) => ({
  upload,
  ownerId,
  allowed: CATALOGUE_IMAGE_TYPES,
  wrongTypeMessage: CATALOGUE_IMAGE_WRONG_TYPE,
});

/** The image is stored first (type by content) and removed again when the insert fails. */
export const createCatalogueRecord = async (
  deps: Deps,
  kind: CatalogueKind,
  principal: Principal,
  input: CatalogueInput,
  upload: Upload,
) => {
  const k = KINDS[kind];
  // Refused before any file is stored; the unique index decides a race (nameRace).
  await assertNameFree(deps.db, k.unique, input.name);
  const now = deps.clock.now();
  const stamps = createStamps(principal, now);
  const row = await withStoredImage(deps, catalogueImage(upload, stamps.id), (image) =>
    deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(k.table)
        .values({ ...stamps, name: input.name, description: input.description ?? null, image })
        .returning();
      await recordChange(tx, principal, now, {
        entity: k.history.entity,
        recordId: inserted!.id,
        title: inserted!.name,
        action: 'create',
        changes: diffSnapshots(k.history.entity, null, snapshot(inserted!)),
      });
      return inserted!;
    }),
  ).catch(nameRace(deps.db, k.unique, () => input.name));
  return (await toDtos(deps.db, [row]))[0]!;
};

/** The fields sent are replaced; a new image replaces the old one, deleteImage removes it. */
export const updateCatalogueRecord = async (
  deps: Deps,
  kind: CatalogueKind,
  principal: Principal,
  id: string,
  input: CatalogueUpdateInput,
  upload: Upload,
) => {
  const k = KINDS[kind];
  // Refused before any file is stored: a missing or deleted record answers without touching storage.
  await findLiveRecord<Row>(deps.db, k.table, id, k.messages);
  if (input.name !== undefined) await assertNameFree(deps.db, k.unique, input.name, id);
  const now = deps.clock.now();
  let replaced: StoredImage | null = null;
  const row = await withStoredImage(deps, catalogueImage(upload, id), (image) =>
    deps.db.transaction(async (tx) => {
      // Read again inside the transaction: the entry's "from" is what this change replaced.
      const before = await findLiveRecord<Row>(tx, k.table, id, k.messages);
      const set: Partial<Row> = { ...updateStamps(principal, now) };
      if (input.name !== undefined) set.name = input.name;
      if (input.description !== undefined) set.description = input.description;
      if (image) set.image = image;
      else if (input.deleteImage) set.image = null;
      const [updated] = await tx.update(k.table).set(set).where(eq(k.table.id, id)).returning();
      await recordUpdate(tx, principal, now, {
        entity: k.history.entity,
        recordId: id,
        title: updated!.name,
        before: snapshot(before),
        after: snapshot(updated!),
      });
      if (before.image && (image || input.deleteImage)) replaced = before.image;
      return updated!;
    }),
  ).catch(nameRace(deps.db, k.unique, () => input.name, id));
  // The old image goes only once the new state is committed.
  if (replaced) await removeStoredFile(deps, (replaced as StoredImage).fileId);
  return (await toDtos(deps.db, [row]))[0]!;
};

/**
 * Each kind's lifecycle: a deleted record comes back only while no live one has taken its name (409 naming
 * that one); its image file goes once the row is gone for good.
 */
export const catalogueLifecycles = Object.fromEntries(
  (Object.keys(KINDS) as CatalogueKind[]).map((kind) => [
    kind,
    recordLifecycle<Row>({
      table: KINDS[kind].table,
      messages: KINDS[kind].messages,
      history: KINDS[kind].history,
      uniqueName: KINDS[kind].unique,
      files: (row) => (row.image ? [row.image] : []),
    }),
  ]),
) as Record<CatalogueKind, RecordLifecycle>;
