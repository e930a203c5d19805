// Creating and updating requirements: the customer in scope, the items live, with history.
import {
  isPurchaseDateAllowed,
  REQUIREMENT_DEFAULT_STATUS,
  type RequirementInput,
  type RequirementItemInput,
  type RequirementUpdateInput,
  requirementObjectSchema,
  todayInAppZone,
} from '@karya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, productItems, type RequirementItemRow, requirements } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, findLiveRecord, updateStamps } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';
import { detail, HISTORY, REQUIREMENT, requirementScope, snapshot } from './requirements.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof requirements.$inferSelect;

// ----------------------------------------------------------------------------------------------- write

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every item of the lines must exist and be live (400 'Item not found'); their names, for history. */
const checkItems = async (tx: Db | Tx, lines: readonly RequirementItemInput[]) => {
  const wanted = [...new Set(lines.map((l) => l.item))];
  const found = await (tx as Db)
    .select({ id: productItems.id, name: productItems.name })
    .from(productItems)
    .where(and(inArray(productItems.id, wanted), eq(productItems.isDeleted, false)));
  if (found.length !== wanted.length) throw badRequest(REQUIREMENT.itemNotFound);
  return new Map(found.map((i) => [i.id, i.name]));
};

/** Names of items for history (deleted ones too). */
const itemNames = async (tx: Db | Tx, rows: readonly Row[]) => {
  const wanted = [...new Set(rows.flatMap((r) => r.itemIds))];
  if (!wanted.length) return new Map<string, string>();
  const found = await (tx as Db)
    .select({ id: productItems.id, name: productItems.name })
    .from(productItems)
    .where(inArray(productItems.id, wanted));
  return new Map(found.map((i) => [i.id, i.name]));
};

/** The customer must be live and one the caller sees (a customer outside it reads as not found). */
const checkCustomer = async (tx: Db | Tx, principal: Principal, id: string) => {
  const scope = customerScope(principal);
  const [c] = await (tx as Db)
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.isDeleted, false), ...(scope ? [scope] : [])));
  if (!c) throw badRequest(REQUIREMENT.customerNotFound);
  return c;
};

const linesOf = (items: readonly RequirementItemInput[]): RequirementItemRow[] =>
  items.map((l) => ({ itemId: l.item, quantity: l.quantity, note: l.note ?? null }));

const columnsOf = (input: RequirementInput) => {
  const items = linesOf(input.items);
  return {
    title: input.title,
    customerId: input.customer,
    type: input.type,
    priority: input.priority,
    items,
    itemIds: items.map((l) => l.itemId),
    budget: input.budget,
    purchaseDate: input.purchaseDate,
    notes: input.notes ?? null,
  };
};

export const createRequirement = async (
  { db, clock }: Deps,
  principal: Principal,
  input: RequirementInput,
) => {
  const now = clock.now();
  if (!isPurchaseDateAllowed(input.purchaseDate, todayInAppZone(now)))
    throw badRequest(REQUIREMENT.purchaseDateFuture);
  const row = await db.transaction(async (tx) => {
    const customer = await checkCustomer(tx, principal, input.customer);
    const names = await checkItems(tx, input.items);
    const [inserted] = await tx
      .insert(requirements)
      .values({ ...createStamps(principal, now), ...columnsOf(input), status: REQUIREMENT_DEFAULT_STATUS })
      .returning();
    await recordChange(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: inserted!.id,
      title: inserted!.title,
      action: 'create',
      changes: diffSnapshots(HISTORY.entity, null, snapshot(inserted!, names, customer.name)),
    });
    return inserted!;
  });
  // The caller's own write: read again without the scope.
  return detail(db, row.id);
};

/** The stored requirement in the shape of the form, to merge an update into. */
const inputOf = (r: Row) => ({
  title: r.title,
  customer: r.customerId,
  type: r.type,
  priority: r.priority,
  items: r.items.map((l) => ({ item: l.itemId, quantity: l.quantity, note: l.note })),
  budget: r.budget,
  purchaseDate: r.purchaseDate,
  notes: r.notes,
});

const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * PATCH /crm/requirements/{id}: the fields sent replace the stored ones and the whole is checked again
 * with the create rules, except that a purchase date left as stored may lie in the past (decision 0008).
 * The customer cannot change; the status can.
 */
export const updateRequirement = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  input: RequirementUpdateInput,
) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await findLiveRecord<Row>(
      tx as Db,
      requirements,
      id,
      REQUIREMENT,
      requirementScope(principal),
    );
    if (input.customer !== undefined && input.customer !== current.customerId)
      throw badRequest(REQUIREMENT.customerLocked);
    const { status, ...sent } = defined(input) as RequirementUpdateInput;
    const dateChanged = sent.purchaseDate !== undefined && sent.purchaseDate !== current.purchaseDate;
    if (dateChanged && !isPurchaseDateAllowed(sent.purchaseDate!, todayInAppZone(now)))
      throw badRequest(REQUIREMENT.purchaseDateFuture);
    const values = columnsOf(requirementObjectSchema.parse({ ...inputOf(current), ...sent }));
    const names = sent.items ? await checkItems(tx, sent.items) : new Map<string, string>();
    const [updated] = await tx
      .update(requirements)
      .set({ ...values, ...(status ? { status } : {}), ...updateStamps(principal, now) })
      .where(eq(requirements.id, id))
      .returning();
    const allNames = new Map([...(await itemNames(tx, [current])), ...names]);
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.title,
      before: snapshot(current, allNames),
      after: snapshot(updated!, allNames),
    });
    return updated!;
  });
  return detail(db, row.id);
};
