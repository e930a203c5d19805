import {
  can,
  type ListQuery,
  recordMessages,
  type TaskDto,
  type TaskInput,
  type TaskPriority,
  type TaskStatus,
  type UserRef,
} from '@karya/domain';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
import { type LifecycleDeps, recordLifecycle } from '../../platform/lifecycle-service.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  createStamps,
  findLiveRecord,
  findRecord,
  lifecycleRules,
  listPage,
  missingLiveUsers,
  runList,
  type Scope,
  stampsDto,
  updateStamps,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type TaskRow = typeof tasks.$inferSelect;

export const TASK = {
  ...recordMessages('task'),
  assigneesMissing: 'One or more assigned users do not exist',
  assignOthers: 'You can only assign tasks to yourself',
  permanentForbidden: 'You don’t have permission to delete tasks permanently.',
};

// ------------------------------------------------------------------------------------------------ scope

/**
 * Without view-all on task a user sees the tasks assigned to them or created by them (spec 2 §6); other
 * tasks answer 404 everywhere, as if they did not exist.
 */
export const taskScope = (principal: Principal): Scope =>
  can(principal.permissions, 'task', 'view-all')
    ? undefined
    : or(
        sql`${tasks.assignedTo} @> array[${principal.user.id}]::text[]`,
        eq(tasks.createdBy, principal.user.id),
      );

// ------------------------------------------------------------------------------------------------- dto

export const toTaskDtos = async (db: Db, rows: TaskRow[]): Promise<TaskDto[]> => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [...r.assignedTo, r.assignedBy, r.createdBy, r.deletedBy]),
  );
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    description: r.description,
    status: r.status as TaskStatus,
    priority: r.priority as TaskPriority,
    date: r.date,
    time: r.time,
    deadline: r.deadline,
    reason: r.reason,
    // Users deleted for good drop out of the list; soft-deleted ones still show by name.
    assignedTo: r.assignedTo.flatMap((id) => refs.get(id) ?? []),
    assignedBy: r.assignedBy ? (refs.get(r.assignedBy) ?? null) : null,
    ...stampsDto(r, refs),
  }));
};

const one = async (db: Db, row: TaskRow) => (await toTaskDtos(db, [row]))[0]!;

// ------------------------------------------------------------------------------------------------ list

const taskColumns: ListColumns = {
  filters: {
    title: { kind: 'text', on: tasks.title },
    status: { kind: 'in', on: tasks.status },
    priority: { kind: 'in', on: tasks.priority },
    date: { kind: 'dayRange', on: tasks.date },
    deadline: { kind: 'dayRange', on: tasks.deadline },
    assignedTo: {
      kind: 'custom',
      build: (v) =>
        Array.isArray(v) && v.length ? sql`${tasks.assignedTo} && ${toTextArray(v)}` : undefined,
    },
    assignedBy: { kind: 'in', on: tasks.assignedBy },
    ...lifecycleRules(tasks),
  },
  sort: {
    title: sql`lower(${tasks.title})`,
    status: tasks.status,
    priority: sql`array_position(array['Low','Medium','High']::text[], ${tasks.priority})`,
    date: tasks.date,
    time: tasks.time,
    deadline: tasks.deadline,
    createdAt: tasks.createdAt,
    updatedAt: tasks.updatedAt,
  },
  id: tasks.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

const toTextArray = (ids: string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

export const listTasks = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, 'task', query.filters, TASK);
  const { rows, total } = await runList<TaskRow>({
    db,
    table: tasks,
    columns: taskColumns,
    query,
    filters,
    scope: taskScope(principal),
  });
  return listPage('tasks', await toTaskDtos(db, rows), total, query);
};

export const getTask = async (db: Db, principal: Principal, id: string) =>
  one(db, await findRecord<TaskRow>(db, tasks, id, TASK, taskScope(principal)));

// ----------------------------------------------------------------------------------------------- write

/** Assignees must be live users; assigning anyone but oneself needs assign on task. */
const checkAssignees = async (db: Db, principal: Principal, ids: string[], previous: string[] = []) => {
  const added = ids.filter((id) => !previous.includes(id));
  if (added.some((id) => id !== principal.user.id) && !can(principal.permissions, 'task', 'assign'))
    throw forbidden(TASK.assignOthers);
  if ((await missingLiveUsers(db, added)).length) throw badRequest(TASK.assigneesMissing);
};

const fields = (input: TaskInput) => ({
  title: input.title,
  description: input.description,
  status: input.status,
  priority: input.priority,
  date: input.date,
  time: input.time,
  deadline: input.deadline,
  // A reason belongs to a cancelled task only.
  reason: input.status === 'Cancelled' ? input.reason : null,
  assignedTo: input.assignedTo,
});

/** How tasks appear in history: the tracked fields, assignees by id and name. */
const TASK_HISTORY = { entity: 'task', title: tasks.title } as const;

const taskSnapshot = (row: TaskRow, refs: Map<string, UserRef>): Snapshot => ({
  title: row.title,
  description: row.description,
  status: row.status,
  priority: row.priority,
  date: row.date,
  time: row.time,
  deadline: row.deadline,
  reason: row.reason,
  assignedTo: row.assignedTo.map((id) => ({ _id: id, name: refs.get(id)?.name ?? id })),
});

export const createTask = async ({ db, clock }: Deps, principal: Principal, input: TaskInput) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    await checkAssignees(tx, principal, input.assignedTo);
    const [inserted] = await tx
      .insert(tasks)
      .values({ ...createStamps(principal, now), ...fields(input), assignedBy: principal.user.id })
      .returning();
    const refs = await userRefs(tx, inserted!.assignedTo);
    await recordChange(tx, principal, now, {
      entity: TASK_HISTORY.entity,
      recordId: inserted!.id,
      title: inserted!.title,
      action: 'create',
      changes: diffSnapshots('task', null, taskSnapshot(inserted!, refs)),
    });
    return inserted!;
  });
  return one(db, row);
};

/** PATCH /hrm/tasks/{id} sends the whole task (spec 2 §7). */
export const updateTask = async ({ db, clock }: Deps, principal: Principal, id: string, input: TaskInput) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await findLiveRecord<TaskRow>(tx, tasks, id, TASK, taskScope(principal));
    await checkAssignees(tx, principal, input.assignedTo, current.assignedTo);
    const sameAssignees =
      current.assignedTo.length === input.assignedTo.length &&
      input.assignedTo.every((u) => current.assignedTo.includes(u));
    const [updated] = await tx
      .update(tasks)
      .set({
        ...fields(input),
        ...updateStamps(principal, now),
        ...(sameAssignees ? {} : { assignedBy: principal.user.id }),
      })
      .where(eq(tasks.id, id))
      .returning();
    // Names are looked up only when the assignees changed: the same ids compare equal anyway.
    const refs = sameAssignees
      ? new Map<string, UserRef>()
      : await userRefs(tx, [...current.assignedTo, ...updated!.assignedTo]);
    await recordUpdate(tx, principal, now, {
      entity: TASK_HISTORY.entity,
      recordId: id,
      title: updated!.title,
      before: taskSnapshot(current, refs),
      after: taskSnapshot(updated!, refs),
    });
    return updated!;
  });
  return one(db, row);
};

export const taskLifecycle = recordLifecycle<TaskRow>({
  table: tasks,
  messages: TASK,
  history: TASK_HISTORY,
  scope: taskScope,
});

/**
 * DELETE /hrm/tasks/{id}: a live task is soft-deleted; a deleted one is removed for good (spec 2 §7 uses
 * the same call for both), which needs delete-permanently as well.
 */
export const deleteTask = async (deps: LifecycleDeps, principal: Principal, id: string) => {
  const row = await findRecord<TaskRow>(deps.db, tasks, id, TASK, taskScope(principal));
  if (!row.isDeleted) {
    await taskLifecycle.remove(deps, principal, id);
    return TASK.deleted;
  }
  if (!can(principal.permissions, 'task', 'delete-permanently')) throw forbidden(TASK.permanentForbidden);
  await taskLifecycle.removePermanently(deps, principal, id);
  return TASK.deletedPermanently;
};
