// A project as it is answered: its row with its customer, requirement and quotation, the approved version's
// frozen lines, its two files and its status history; and what history compares. Reading in scope is
// projects.service.ts.
import {
  PROJECT_MESSAGES,
  PROJECT_RESOURCE,
  type ProjectDto,
  type ProjectFileDto,
  type ProjectListDto,
  type ProjectStatus,
  recordMessages,
  type UserRef,
} from '@karya/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { files, productItems, projectStatusChanges, projects, quotationLines } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { Snapshot } from '../../platform/history.ts';
import { type Scope, stampsDto, userRefs, usersAmong } from '../../platform/records.ts';
import { lineDto } from '../quotations/quotation-dto.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const PROJECT = { ...recordMessages('project'), ...PROJECT_MESSAGES };
export const HISTORY = { entity: PROJECT_RESOURCE, title: projects.title } as const;

/** The project's two files and the paths that serve them (read on project, in scope). */
export const PROJECT_FILES = {
  agreementFile: { path: 'agreement', column: 'agreementFileId', label: 'Agreement file' },
  purchaseOrderFile: { path: 'purchase-order', column: 'purchaseOrderFileId', label: 'Purchase order file' },
} as const;
export type ProjectFileField = keyof typeof PROJECT_FILES;
export const projectFileUrl = (id: string, field: ProjectFileField) =>
  `/api/crm/projects/${id}/files/${PROJECT_FILES[field].path}`;

// ------------------------------------------------------------------------------------------------- rows

const outer = (column: string) => sql.raw(`"projects"."${column}"`);

type CustomerJson = { _id: string; customerId: number; name: string; isDeleted: boolean };
type RequirementJson = { _id: string; requirementId: number; title: string; isDeleted: boolean };
type QuotationJson = {
  _id: string;
  quotationId: number;
  isDeleted: boolean;
  versionNumber: number;
  active?: { title: string; status: string; versionNumber: number; totalPrice: string | number } | null;
};

/** The row with its customer (one statement for a page of the list). */
export const projectSelect = {
  project: projects,
  customerRef: sql<CustomerJson | null>`(select json_build_object('_id', c.id, 'customerId', c.customer_id, 'name', c.name, 'isDeleted', c.is_deleted) from customers c where c.id = ${outer('customer_id')})`,
};
export type SelectedRow = { project: ProjectRow; customerRef: CustomerJson | null };

/** A list page's select: also the people its rows name, so a page is one statement (and the count). */
export const projectListSelect = {
  ...projectSelect,
  people: usersAmong(sql`array[${outer('created_by')}, ${outer('deleted_by')}]`),
};
export type ListRow = SelectedRow & { people: UserRef[] };

/** The detail's row: also its requirement, and its quotation with the approved version's number. */
const detailSelect = {
  ...projectSelect,
  requirementRef: sql<RequirementJson | null>`(select json_build_object('_id', r.id, 'requirementId', r.requirement_id, 'title', r.title, 'isDeleted', r.is_deleted) from requirements r where r.id = ${outer('requirement_id')})`,
  quotationRef: sql<QuotationJson | null>`(select json_build_object('_id', q.id, 'quotationId', q.quotation_id, 'isDeleted', q.is_deleted, 'versionNumber', (select v.version_number from quotation_versions v where v.id = ${outer('version_id')})) from quotations q where q.id = ${outer('quotation_id')})`,
};
type DetailRow = SelectedRow & {
  requirementRef: RequirementJson | null;
  quotationRef: QuotationJson | null;
};

/**
 * A customer's related list (spec 2 §3 "Related read-only shapes"): the project with its quotation's number
 * and active version, as the customer's detail lists quotations and projects alike.
 */
export const relatedSelect = {
  project: projects,
  quotationRef: sql<QuotationJson | null>`(select json_build_object('_id', q.id, 'quotationId', q.quotation_id, 'isDeleted', q.is_deleted, 'versionNumber', 0, 'active', (select json_build_object('title', v.title, 'status', v.status, 'versionNumber', v.version_number, 'totalPrice', v.total_price) from quotation_versions v where v.id = q.active_version_id)) from quotations q where q.id = ${outer('quotation_id')})`,
};
export type RelatedRow = { project: ProjectRow; quotationRef: QuotationJson | null };

export const relatedDto = ({ project: p, quotationRef: q }: RelatedRow) => ({
  _id: p.id,
  projectId: p.projectId,
  title: p.title,
  status: p.status as ProjectStatus,
  totalPrice: p.totalPrice,
  quotation: q ? { _id: q._id, quotationId: q.quotationId } : null,
  quotationId: q?.quotationId ?? null,
  activeVersion: q?.active
    ? {
        title: q.active.title,
        status: q.active.status,
        versionNumber: q.active.versionNumber,
        totalPrice: Number(q.active.totalPrice),
      }
    : null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const ref = (refs: Map<string, UserRef>, id: string | null | undefined) =>
  id ? (refs.get(id) ?? null) : null;

export const listDtos = (rows: ListRow[]): ProjectListDto[] =>
  rows.map(({ project: p, customerRef: c, people }) => {
    const refs = new Map(people.map((u) => [u._id, u]));
    return {
      _id: p.id,
      projectId: p.projectId,
      title: p.title,
      status: p.status as ProjectStatus,
      customer: c ? { _id: c._id, customerId: c.customerId, name: c.name } : null,
      totalPrice: p.totalPrice,
      ...stampsDto(p, refs),
    };
  });

// --------------------------------------------------------------------------------------------- detail

/** The stored files a project names, as the detail shows them (with the url that serves each). */
const filesOf = async (db: Db, p: ProjectRow): Promise<ProjectDto['files']> => {
  const ids = [p.agreementFileId, p.purchaseOrderFileId].filter((x): x is string => Boolean(x));
  const rows = ids.length ? await projectFilesQuery(db).execute({ ids }) : [];
  const of = (field: ProjectFileField): ProjectFileDto => {
    const row = rows.find((r) => r.id === p[PROJECT_FILES[field].column]);
    return row ? { url: projectFileUrl(p.id, field), name: row.name, size: row.size } : null;
  };
  return { agreementFile: of('agreementFile'), purchaseOrderFile: of('purchaseOrderFile') };
};

// A project's detail is read often (every open, every status change's answer): its statements are prepared
// once per connection, so a request neither builds their SQL nor has PostgreSQL plan it again.
const projectFilesQuery = preparedPerDb((db) =>
  db
    .select({ id: files.id, name: files.originalName, size: files.size })
    .from(files)
    .where(sql`${files.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('karya_project_files'),
);
const projectQuery = preparedPerDb((db) =>
  db
    .select(detailSelect)
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .limit(1)
    .prepare('karya_project_detail'),
);
const projectLinesQuery = preparedPerDb((db) =>
  db
    .select({ line: quotationLines, itemDeleted: productItems.isDeleted })
    .from(quotationLines)
    .leftJoin(productItems, eq(productItems.id, quotationLines.itemId))
    .where(eq(quotationLines.versionId, sql.placeholder('versionId')))
    .orderBy(asc(quotationLines.lineNo))
    .prepare('karya_project_lines'),
);
const projectChangesQuery = preparedPerDb((db) =>
  db
    .select()
    .from(projectStatusChanges)
    .where(eq(projectStatusChanges.projectId, sql.placeholder('projectId')))
    .orderBy(asc(projectStatusChanges.changedAt), asc(projectStatusChanges.id))
    .prepare('karya_project_changes'),
);

/** One project in `scope`; 404 'Project not found' otherwise. */
export const detail = async (db: Db | Tx, id: string, scope?: Scope): Promise<ProjectDto> => {
  const d = db as Db;
  const [row] = (scope
    ? await d
        .select(detailSelect)
        .from(projects)
        .where(and(eq(projects.id, id), scope))
        .limit(1)
    : await projectQuery(d).execute({ id })) as unknown as DetailRow[];
  if (!row) throw notFound(PROJECT.notFound);
  const p = row.project;
  const [lines, changes, projectFiles] = await Promise.all([
    projectLinesQuery(d).execute({ versionId: p.versionId }),
    projectChangesQuery(d).execute({ projectId: p.id }),
    filesOf(d, p),
  ]);
  const refs = await userRefs(d, [p.createdBy, p.updatedBy, p.deletedBy, ...changes.map((c) => c.changedBy)]);
  const q = row.quotationRef;
  return {
    _id: p.id,
    projectId: p.projectId,
    title: p.title,
    status: p.status as ProjectStatus,
    customer: row.customerRef,
    requirement: row.requirementRef,
    quotation: q
      ? { _id: q._id, quotationId: q.quotationId, versionNumber: q.versionNumber, isDeleted: q.isDeleted }
      : null,
    items: lines.map((l) => lineDto(l.line, l.itemDeleted)),
    totalPrice: p.totalPrice,
    files: projectFiles,
    statusHistory: changes.map((c) => ({
      from: c.fromStatus as ProjectStatus | null,
      to: c.toStatus as ProjectStatus,
      reason: c.reason,
      changedBy: ref(refs, c.changedBy),
      changedAt: c.changedAt.toISOString(),
    })),
    updatedBy: ref(refs, p.updatedBy),
    ...stampsDto(p, refs),
  };
};

// ---------------------------------------------------------------------------------------------- history

/** What history compares (HISTORY_FIELDS.project). */
export const snapshot = (
  p: Pick<ProjectRow, 'title' | 'status'>,
  statusReason: string | null = null,
): Snapshot => ({
  title: p.title,
  status: p.status,
  statusReason,
});
