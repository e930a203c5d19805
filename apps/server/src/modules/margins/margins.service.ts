import {
  type ListQuery,
  MARGIN_LIST_KEY,
  MARGIN_MESSAGES,
  MARGIN_TIERS,
  type MarginDto,
  type MarginInput,
  type MarginUpdateInput,
  recordMessages,
} from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productMargins } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
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

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof productMargins.$inferSelect;

export const MARGIN = { ...recordMessages('margin'), notFound: MARGIN_MESSAGES.notFound };
const HISTORY = { entity: 'product-margin', title: productMargins.name } as const;

const toDtos = async (db: Db, rows: Row[]): Promise<MarginDto[]> => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.createdBy, r.deletedBy]),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    margins: { t1: r.t1, t2: r.t2, t3: r.t3, pt1: r.pt1, pt2: r.pt2, pt3: r.pt3 },
    isActive: r.isActive,
    ...stampsDto(r, refs),
  }));
};

const snapshot = (r: Row): Snapshot => ({
  name: r.name,
  description: r.description,
  t1: r.t1,
  t2: r.t2,
  t3: r.t3,
  pt1: r.pt1,
  pt2: r.pt2,
  pt3: r.pt3,
  isActive: r.isActive,
});

const columns: ListColumns = {
  filters: {
    name: { kind: 'text', on: productMargins.name },
    description: { kind: 'text', on: productMargins.description },
    isActive: { kind: 'boolean', on: productMargins.isActive },
    ...lifecycleRules(productMargins),
  },
  sort: {
    name: sql`lower(${productMargins.name})`,
    createdAt: productMargins.createdAt,
    updatedAt: productMargins.updatedAt,
  },
  id: productMargins.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export const listMargins = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, 'product-margin', query.filters, MARGIN);
  const { rows, total } = await runList<Row>({ db, table: productMargins, columns, query, filters });
  return listPage(MARGIN_LIST_KEY, await toDtos(db, rows), total, query);
};

export const getMargin = async (db: Db, id: string) =>
  (await toDtos(db, [await findRecord<Row>(db, productMargins, id, MARGIN)]))[0]!;

/** GET /crm/products/margins/suggestion?name&selectedId: {_id, name}, the selected one first; at most 20. */
export const suggestMargins = (db: Db, input: { name: string; selectedIds: string[] }) =>
  suggestByName(db, productMargins, input);

const tierColumns = (margins: MarginInput['margins']) =>
  Object.fromEntries(MARGIN_TIERS.map((t) => [t, margins[t]])) as Record<
    (typeof MARGIN_TIERS)[number],
    number
  >;

export const createMargin = async ({ db, clock }: Deps, principal: Principal, input: MarginInput) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(productMargins)
      .values({
        ...createStamps(principal, now),
        name: input.name,
        description: input.description ?? null,
        ...tierColumns(input.margins),
        isActive: input.isActive,
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
  });
  return (await toDtos(db, [row]))[0]!;
};

/** The fields sent are replaced (the client sends the whole margin; margins go as all six tiers). */
export const updateMargin = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  input: MarginUpdateInput,
) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const before = await findLiveRecord<Row>(tx, productMargins, id, MARGIN);
    const [updated] = await tx
      .update(productMargins)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.margins ? tierColumns(input.margins) : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...updateStamps(principal, now),
      })
      .where(eq(productMargins.id, id))
      .returning();
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.name,
      before: snapshot(before),
      after: snapshot(updated!),
    });
    return updated!;
  });
  return (await toDtos(db, [row]))[0]!;
};

export const marginLifecycle = recordLifecycle<Row>({
  table: productMargins,
  messages: MARGIN,
  history: HISTORY,
});
