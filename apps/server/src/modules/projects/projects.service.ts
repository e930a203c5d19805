// Projects read in the caller's scope (decision 0016): the list (and a customer's), one project, suggestions,
// its stored files and the lifecycle. Approval is projects-approve.ts, the status projects-status.ts.
import {
  type ListQuery,
  PROJECT_LIST_KEY,
  PROJECT_RESOURCE,
  type ProjectStatus,
  type ProjectSuggestion,
} from '@karya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, files, projects, quotations } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { type LifecycleDeps, recordLifecycle } from '../../platform/lifecycle-service.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import type { BulkOperation } from '../../platform/record-lifecycle.ts';
import {
  findRecord,
  lifecycleRules,
  listPage,
  type NumberedSuggestionQuery,
  runList,
  suggestNumbered,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import {
  detail,
  HISTORY,
  type ListRow,
  listDtos,
  PROJECT,
  PROJECT_FILES,
  type ProjectFileField,
  type ProjectRow,
  projectListSelect,
  type RelatedRow,
  relatedDto,
  relatedSelect,
} from './project-dto.ts';
import { projectScope } from './project-scope.ts';

// ------------------------------------------------------------------------------------------------ list

const columns: ListColumns = {
  filters: {
    projectId: { kind: 'custom', build: (v) => eq(projects.projectId, Number(v)) },
    title: { kind: 'text', on: projects.title },
    status: { kind: 'in', on: projects.status },
    customer: { kind: 'in', on: projects.customerId },
    requirement: { kind: 'in', on: projects.requirementId },
    quotation: { kind: 'in', on: projects.quotationId },
    ...lifecycleRules(projects),
  },
  sort: {
    projectId: projects.projectId,
    status: projects.status,
    createdAt: projects.createdAt,
    updatedAt: projects.updatedAt,
  },
  id: projects.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/**
 * GET /crm/projects: `{projects, projectsCount, page, limit}` in the caller's scope. The Deleted and Deleted
 * By filters need restore (or bulk-restore) on project.
 */
export const listProjects = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, PROJECT_RESOURCE, query.filters, PROJECT, [
    'restore',
    'bulk-restore',
  ]);
  const { rows, total } = await runList<ListRow>({
    db,
    table: projects,
    columns,
    query,
    filters,
    scope: projectScope(principal),
    select: projectListSelect,
  });
  return listPage(PROJECT_LIST_KEY, listDtos(rows), total, query);
};

export const getProject = (db: Db, principal: Principal, id: string) =>
  detail(db, id, projectScope(principal));

/**
 * GET /crm/customers/{id}/projects (spec 2 §3, §4): the customer's live projects whose quotation's active
 * version is Approved, newest first, within the caller's project scope (the customer route has checked the
 * customer).
 */
export const customerProjects = async (
  db: Db,
  principal: Principal,
  customerId: string,
  query: ListQuery,
) => {
  const scope = projectScope(principal);
  const approved = sql`exists (select 1 from ${quotations} q join quotation_versions v on v.id = q.active_version_id where q.id = ${projects.quotationId} and v.status = 'Approved')`;
  const { rows, total } = await runList<RelatedRow>({
    db,
    table: projects,
    columns,
    query: { ...query, sortBy: 'createdAt', sortOrder: 'desc', filters: {} },
    filters: { isDeleted: false },
    scope: and(eq(projects.customerId, customerId), approved, ...(scope ? [scope] : [])),
    select: relatedSelect,
  });
  return listPage(PROJECT_LIST_KEY, rows.map(relatedDto), total, query);
};

// ------------------------------------------------------------------------------------------ suggestions

export type ProjectSuggestionQuery = NumberedSuggestionQuery<'projectId'>;

/**
 * GET /crm/projects/suggestion: by number when given, else by title (contains); the selected one first;
 * optionally one customer's; live projects in the caller's scope, at most 20.
 */
export const suggestProjects = async (
  db: Db,
  principal: Principal,
  query: ProjectSuggestionQuery,
): Promise<ProjectSuggestion[]> => {
  const rows = await suggestNumbered({
    table: projects,
    number: projects.projectId,
    scope: projectScope(principal),
    query,
    byNumber: query.projectId,
    rows: () =>
      db
        .select({ p: projects, customerName: customers.name })
        .from(projects)
        .leftJoin(customers, eq(customers.id, projects.customerId))
        .$dynamic(),
    idOf: (row) => row.p.id,
  });
  return rows.map(({ p, customerName }) => ({
    _id: p.id,
    projectId: p.projectId,
    title: p.title,
    status: p.status as ProjectStatus,
    customer: customerName !== null ? { _id: p.customerId, name: customerName } : null,
  }));
};

// ------------------------------------------------------------------------------------------------ files

/**
 * GET /crm/projects/{id}/files/{agreement|purchase-order}: the stored PDF of a project in the caller's
 * scope (deleted projects too, as their detail is readable); 404 when the project or the file is missing.
 */
export const projectFile = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  principal: Principal,
  id: string,
  field: ProjectFileField,
) => {
  const p = await findRecord<ProjectRow>(deps.db, projects, id, PROJECT, projectScope(principal));
  const fileId = p[PROJECT_FILES[field].column];
  const [file] = fileId ? await deps.db.select().from(files).where(eq(files.id, fileId)).limit(1) : [];
  const data = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !data)
    throw notFound(field === 'agreementFile' ? PROJECT.noAgreement : PROJECT.noPurchaseOrder);
  return { data, name: file.originalName, mimeType: file.mimeType };
};

// -------------------------------------------------------------------------------------------- lifecycle

const base = recordLifecycle<ProjectRow>({
  table: projects,
  messages: PROJECT,
  history: HISTORY,
  scope: projectScope,
  files: (row) =>
    [row.agreementFileId, row.purchaseOrderFileId]
      .filter((fileId): fileId is string => Boolean(fileId))
      .map((fileId) => ({ fileId })),
});

/**
 * Delete, restore, permanent delete (its status changes go by cascade, its files once it is gone) and the
 * bulk forms. A permanent delete also clears the quotation's `project_id` (no foreign key names it), in the
 * same transaction; the quotation stays Approved: the customer's yes stands.
 */
export const projectLifecycle = {
  ...base,
  removePermanently: (deps: LifecycleDeps, principal: Principal, id: string) =>
    deps.db.transaction(async (tx) => {
      await tx.update(quotations).set({ projectId: null }).where(eq(quotations.projectId, id));
      await base.removePermanently({ ...deps, db: tx as unknown as Db }, principal, id);
    }),
  bulk: (deps: LifecycleDeps, principal: Principal, operation: BulkOperation, ids: string[]) => {
    if (operation !== 'deletePermanently') return base.bulk(deps, principal, operation, ids);
    return deps.db.transaction(async (tx) => {
      const scope = projectScope(principal);
      const gone = tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(inArray(projects.id, ids), eq(projects.isDeleted, true), ...(scope ? [scope] : [])));
      await tx.update(quotations).set({ projectId: null }).where(inArray(quotations.projectId, gone));
      return base.bulk({ ...deps, db: tx as unknown as Db }, principal, operation, ids);
    });
  },
};
