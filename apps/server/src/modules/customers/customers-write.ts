// Creating and updating customers (one, or the import's bulk), with their assignments and history.
import {
  CUSTOMER_DEFAULT_COUNTRY,
  CUSTOMER_DEFAULT_STATE,
  type CustomerBulkInput,
  type CustomerInput,
  type CustomerUpdateInput,
  customerCreateSchema,
  newId,
} from '@karya/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CustomerContactRow, customerAssignments, customers } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  createStamps,
  findLiveRecord,
  missingLiveUsers,
  updateStamps,
  userRefs,
} from '../../platform/records.ts';
import { fillOutcomeSnapshot } from '../win-loss/outcome-snapshot.ts';
import { addressOf, CUSTOMER, detail, HISTORY, may, organizationOf, snapshot } from './customer-dto.ts';
import { customerScope } from './customer-scope.ts';
import { existingNames } from './customers.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof customers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// ----------------------------------------------------------------------------------------------- write

const joined = (values: (string | null)[]) => {
  const list = values.filter((v): v is string => Boolean(v));
  return list.length ? list.join('\n') : null;
};

/** The columns a checked customer sets (the whole customer: create, and update after the merge). */
const columnsOf = (input: CustomerInput) => {
  const contacts: CustomerContactRow[] = (input.contacts ?? []).map((c) => ({
    name: c.name,
    designation: input.type === 'Individual' ? null : (c.designation ?? null),
    email: c.email ?? null,
    phone: c.phone ?? null,
  }));
  const o = input.organization ?? null;
  const institute = o?.government?.institute ?? o?.private?.institute;
  const a = input.address ?? {};
  const info = input.additionalInfo ?? {};
  return {
    type: input.type,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    gstin: input.gstin ?? null,
    street: a.street ?? null,
    city: a.city ?? null,
    district: a.district ?? null,
    state: a.state ?? null,
    country: a.country ?? null,
    zipCode: a.zipCode ?? null,
    organizationType: o?.type ?? null,
    governmentType: o?.government?.type ?? null,
    privateType: o?.private?.type ?? null,
    officeType: o?.government?.office?.type ?? null,
    instituteType: institute?.type ?? null,
    schoolBoard: institute?.school?.board ?? null,
    collegeType: institute?.college?.type ?? null,
    contacts,
    contactNames: joined(contacts.map((c) => c.name)),
    contactEmails: joined(contacts.map((c) => c.email)),
    contactPhones: joined(contacts.map((c) => c.phone)),
    establishmentYear: info.establishmentYear ?? null,
    numberOfStudents: info.numberOfStudents ?? null,
    coursesOffered: info.coursesOffered ?? null,
    notes: info.notes ?? null,
    rating: input.rating ?? null,
    ratingCategory: input.ratingCategory ?? null,
    marginTier: input.marginTier ?? null,
    verified: input.verified ?? false,
    assignedTo: input.assignedTo ?? [],
    reAssignedTo: input.reAssignedTo ?? [],
  };
};

/** A new customer's address defaults: state Odisha, country India (spec 2 §5). */
const withAddressDefaults = (input: CustomerInput): CustomerInput => ({
  ...input,
  address: {
    ...input.address,
    state: input.address?.state ?? CUSTOMER_DEFAULT_STATE,
    country: input.address?.country ?? CUSTOMER_DEFAULT_COUNTRY,
  },
});

/** The stored customer in the shape of the form, for merging an update into it. */
const inputOf = (r: Row): Record<string, unknown> => ({
  type: r.type,
  name: r.name,
  email: r.email,
  phone: r.phone,
  website: r.website,
  gstin: r.gstin,
  address: addressOf(r),
  organization: organizationOf(r),
  contacts: r.contacts,
  additionalInfo: {
    establishmentYear: r.establishmentYear,
    numberOfStudents: r.numberOfStudents,
    coursesOffered: r.coursesOffered,
    notes: r.notes,
  },
  rating: r.rating,
  ratingCategory: r.ratingCategory,
  marginTier: r.marginTier,
  verified: r.verified,
  assignedTo: r.assignedTo,
  reAssignedTo: r.reAssignedTo,
});

const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * Changing who a customer is assigned to needs assign on customer, changing who it is re-assigned to needs
 * re-assign; adding only oneself needs neither (a sales executive takes up a customer they found). New
 * assignees must be live users.
 */
const checkAssignees = async (
  tx: Db | Tx,
  principal: Principal,
  before: { assignedTo: string[]; reAssignedTo: string[] },
  after: { assignedTo: string[]; reAssignedTo: string[] },
) => {
  const added: string[] = [];
  for (const [key, action, message] of [
    ['assignedTo', 'assign', CUSTOMER.assignForbidden],
    ['reAssignedTo', 're-assign', CUSTOMER.reAssignForbidden],
  ] as const) {
    const plus = after[key].filter((id) => !before[key].includes(id));
    const minus = before[key].filter((id) => !after[key].includes(id));
    if (!plus.length && !minus.length) continue;
    const selfOnly = !minus.length && plus.every((id) => id === principal.user.id);
    if (!selfOnly && !may(principal, action)) throw forbidden(message);
    added.push(...plus);
  }
  if ((await missingLiveUsers(tx as Db, [...new Set(added)])).length)
    throw badRequest(CUSTOMER.assigneesMissing);
};

/** The assignment history: a row per newly assigned user, the open row of each removed one closed. */
const recordAssignments = async (
  tx: Tx,
  principal: Principal,
  now: Date,
  changes: {
    customerId: string;
    before: Pick<Row, 'assignedTo' | 'reAssignedTo'>;
    after: Pick<Row, 'assignedTo' | 'reAssignedTo'>;
  }[],
) => {
  const inserts: (typeof customerAssignments.$inferInsert)[] = [];
  for (const c of changes)
    for (const [key, kind] of [
      ['assignedTo', 'assigned'],
      ['reAssignedTo', 're-assigned'],
    ] as const) {
      for (const userId of c.after[key].filter((id) => !c.before[key].includes(id)))
        inserts.push({
          id: newId(now),
          customerId: c.customerId,
          userId,
          kind,
          assignedBy: principal.user.id,
          assignedAt: now,
        });
      const removed = c.before[key].filter((id) => !c.after[key].includes(id));
      if (removed.length)
        await tx
          .update(customerAssignments)
          .set({ unassignedAt: now, unassignedBy: principal.user.id })
          .where(
            and(
              eq(customerAssignments.customerId, c.customerId),
              eq(customerAssignments.kind, kind),
              inArray(customerAssignments.userId, removed),
              isNull(customerAssignments.unassignedAt),
            ),
          );
    }
  for (let i = 0; i < inserts.length; i += 1000)
    await tx.insert(customerAssignments).values(inserts.slice(i, i + 1000));
};

const NONE = { assignedTo: [] as string[], reAssignedTo: [] as string[] };

export const createCustomer = async ({ db, clock }: Deps, principal: Principal, input: CustomerInput) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const values = columnsOf(withAddressDefaults(input));
    await checkAssignees(tx, principal, NONE, values);
    const [inserted] = await tx
      .insert(customers)
      .values({ ...createStamps(principal, now), ...values })
      .returning();
    await recordAssignments(tx, principal, now, [
      { customerId: inserted!.id, before: NONE, after: inserted! },
    ]);
    const refs = await userRefs(tx as Db, [...inserted!.assignedTo, ...inserted!.reAssignedTo]);
    await recordChange(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: inserted!.id,
      title: inserted!.name,
      action: 'create',
      changes: diffSnapshots(HISTORY.entity, null, snapshot(inserted!, refs)),
    });
    return inserted!;
  });
  // The answer to the caller's own write: read again without the scope (an update may take them out of it).
  return detail(db, principal, row.id);
};

/**
 * PATCH /crm/customers/{id}: the fields sent replace the stored ones (address and additional information
 * field by field), and the whole customer is checked again with the create rules, so choosing Individual
 * clears the organisation and designations whatever else was sent.
 */
export const updateCustomer = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  input: CustomerUpdateInput,
) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await findLiveRecord<Row>(tx as Db, customers, id, CUSTOMER, customerScope(principal));
    const stored = inputOf(current);
    const sent = defined(input);
    const merged = {
      ...stored,
      ...sent,
      ...(input.address ? { address: { ...(stored.address as object), ...defined(input.address) } } : {}),
      ...(input.additionalInfo
        ? { additionalInfo: { ...(stored.additionalInfo as object), ...defined(input.additionalInfo) } }
        : {}),
    };
    const values = columnsOf(customerCreateSchema.parse(merged));
    await checkAssignees(tx, principal, current, values);
    const [updated] = await tx
      .update(customers)
      .set({ ...values, ...updateStamps(principal, now) })
      .where(eq(customers.id, id))
      .returning();
    await recordAssignments(tx, principal, now, [{ customerId: id, before: current, after: updated! }]);
    // Its won and lost quotations are grouped by its type and district as they are now.
    await fillOutcomeSnapshot(tx, { customerId: id });
    const refs = await userRefs(tx as Db, [
      ...current.assignedTo,
      ...current.reAssignedTo,
      ...updated!.assignedTo,
      ...updated!.reAssignedTo,
    ]);
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.name,
      before: snapshot(current, refs),
      after: snapshot(updated!, refs),
    });
    return updated!;
  });
  // The answer to the caller's own write: read again without the scope (an update may take them out of it).
  return detail(db, principal, row.id);
};

/**
 * POST /crm/customers/bulk: every row is a checked customer (verified false: bulk-imported customers start
 * unverified, spec 2 §4); a name a live customer already has refuses the whole submit, which is saved in one
 * transaction or not at all.
 */
export const bulkCreateCustomers = async (
  { db, clock }: Deps,
  principal: Principal,
  input: CustomerBulkInput,
) => {
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (
      (
        await existingNames(
          tx,
          input.map((c) => c.name),
        )
      ).length
    )
      throw badRequest(CUSTOMER.existsOnServer);
    const values = input.map((c) => ({ ...columnsOf(withAddressDefaults(c)), verified: false }));
    await checkAssignees(tx, principal, NONE, {
      assignedTo: [...new Set(values.flatMap((v) => v.assignedTo))],
      reAssignedTo: [...new Set(values.flatMap((v) => v.reAssignedTo))],
    });
    const inserted: Row[] = [];
    for (let i = 0; i < values.length; i += 500)
      inserted.push(
        ...(await tx
          .insert(customers)
          .values(values.slice(i, i + 500).map((v) => ({ ...createStamps(principal, now), ...v })))
          .returning()),
      );
    await recordAssignments(
      tx,
      principal,
      now,
      inserted.map((r) => ({ customerId: r.id, before: NONE, after: r })),
    );
    const refs = await userRefs(
      tx as Db,
      inserted.flatMap((r) => [...r.assignedTo, ...r.reAssignedTo]),
    );
    const entries = inserted.map((r) => ({
      entity: HISTORY.entity,
      recordId: r.id,
      title: r.name,
      action: 'create' as const,
      bulk: true,
      changes: diffSnapshots(HISTORY.entity, null, snapshot(r, refs)),
    }));
    for (let i = 0; i < entries.length; i += 500)
      await recordChange(tx, principal, now, entries.slice(i, i + 500));
    return inserted.map((r) => ({ _id: r.id, customerId: r.customerId, name: r.name }));
  });
};
