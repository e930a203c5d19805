// Approve (spec 3 §4; decision 0016): a quotation becomes a project with its agreement and purchase order,
// all or nothing. The bytes are stored first; then one transaction locks the quotation, checks it again and
// writes the file rows, the project, its first status change, Approved on the quotation and every version,
// the quotation's link to the project and both histories. Any failure removes the stored bytes; a process
// killed between the bytes and the commit leaves bytes no row names, which the orphan sweep removes at the
// next start (platform/file-sweep.ts).
import {
  mayDecide,
  newId,
  type ProjectCreated,
  type ProjectCreateInput,
  projectTitleOf,
  type QuotationStatus,
  type ReviewStatus,
} from '@karya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  files,
  projectStatusChanges,
  projects,
  quotationLines,
  quotations,
  quotationVersions,
} from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import {
  containsMarkup,
  INVALID_FILE_NAME,
  isAcceptableFileName,
  safeFileName,
  sniff,
} from '../../platform/files.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import type { FormFile } from '../../platform/multipart.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, updateStamps } from '../../platform/records.ts';
import { whenUndone } from '../../platform/request-transaction.ts';
import {
  HISTORY as QUOTATION_HISTORY,
  quotationScope,
  snapshot as quotationSnapshot,
} from '../quotations/quotation-dto.ts';
import { fillOutcomeSnapshot } from '../win-loss/outcome-snapshot.ts';
import { HISTORY, PROJECT, PROJECT_FILES, type ProjectFileField, snapshot, type Tx } from './project-dto.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;
export type ApprovalUploads = Record<ProjectFileField, FormFile[]>;

/** A file ready to store: checked by name and content, with the key it will be stored under. */
type Checked = { id: string; key: string; data: Buffer; name: string; field: ProjectFileField };

/** Each file: present, a bare name, a PDF by its content without markup inside. Nothing is stored yet. */
const checkFiles = (uploads: ApprovalUploads): Checked[] => {
  const required = {
    agreementFile: PROJECT.agreementRequired,
    purchaseOrderFile: PROJECT.purchaseOrderRequired,
  };
  return (Object.keys(PROJECT_FILES) as ProjectFileField[]).map((field) => {
    const file = uploads[field][0];
    if (!file) throw badRequest(required[field]);
    if (!isAcceptableFileName(file.filename)) throw badRequest(INVALID_FILE_NAME);
    const kind = sniff(file.data);
    if (kind?.mime !== 'application/pdf' || containsMarkup(file.data))
      throw badRequest(PROJECT.fileNotPdf(PROJECT_FILES[field].label));
    const id = newId();
    return { id, key: `${id}.pdf`, data: file.data, name: safeFileName(file.filename), field };
  });
};

/**
 * The quotation as approval needs it: in the caller's scope (else 400 'Quotation not found'), with no
 * project yet (409), and decidable (mayDecide: live, active version Draft or ReQuoted, its review passed or
 * none needed). `lock` takes the row lock for the rest of the transaction.
 */
const decidableQuotation = async (db: Db | Tx, principal: Principal, id: string, lock: boolean) => {
  const scope = quotationScope(principal);
  const query = (db as Db)
    .select()
    .from(quotations)
    .where(scope ? and(eq(quotations.id, id), scope) : eq(quotations.id, id))
    .limit(1);
  const [q] = lock ? await query.for('update') : await query;
  if (!q) throw badRequest(PROJECT.quotationNotFound);
  const [existing] = await (db as Db)
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.quotationId, q.id))
    .limit(1);
  if (existing || q.projectId || q.status === 'Approved') throw conflict(PROJECT.alreadyApproved);
  const [v] = await (db as Db)
    .select()
    .from(quotationVersions)
    .where(eq(quotationVersions.id, q.activeVersionId));
  if (!v) throw badRequest(PROJECT.notDecidable);
  const review = v.reviewStatus
    ? { status: v.reviewStatus as ReviewStatus, reason: null, reviewedBy: null, reviewedAt: null }
    : null;
  const decidable = mayDecide({
    isDeleted: q.isDeleted,
    activeVersion: { status: v.status as QuotationStatus, review },
  });
  if (!decidable) {
    const open = !q.isDeleted && (v.status === 'Draft' || v.status === 'ReQuoted');
    throw badRequest(open ? PROJECT.awaitingReview : PROJECT.notDecidable);
  }
  return { q, v };
};

/** POST /crm/projects: `{_id, projectId, quotation}` of the new project. */
export const approveQuotation = async (
  deps: Deps,
  principal: Principal,
  input: ProjectCreateInput,
  uploads: ApprovalUploads,
): Promise<ProjectCreated> => {
  const checked = checkFiles(uploads);
  // Refused before any byte is stored; checked again under the lock below.
  await decidableQuotation(deps.db, principal, input.quotation, false);
  const stored: string[] = [];
  const removeStored = async () => {
    for (const key of stored) await deps.storage.remove(key).catch(() => undefined);
  };
  try {
    for (const f of checked) {
      stored.push(f.key);
      await deps.storage.put(f.key, f.data);
    }
    const created = await deps.db.transaction((tx) =>
      writeApproval(tx, deps, principal, input.quotation, checked),
    );
    // With an Idempotency-Key the transaction above is a savepoint of the request's own: the bytes go if
    // that one does not commit (its answer could not be kept, the database failed at the commit).
    whenUndone(removeStored);
    return created;
  } catch (error) {
    await removeStored();
    throw unique(error);
  }
};

/**
 * The unique index on projects.quotation_id speaks when the lock did not (it always should first). The
 * driver's error may be wrapped (cause) and, on the embedded database, may not name the index.
 */
const unique = (error: unknown) => {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'projects_quotation_uq'))
      return conflict(PROJECT.alreadyApproved);
  }
  return error;
};

const writeApproval = async (
  tx: Tx,
  deps: Deps,
  principal: Principal,
  quotationId: string,
  checked: Checked[],
): Promise<ProjectCreated> => {
  const now = deps.clock.now();
  const { q, v } = await decidableQuotation(tx, principal, quotationId, true);
  const stamps = createStamps(principal, now);
  await tx.insert(files).values(
    checked.map((f) => ({
      id: f.id,
      storageKey: f.key,
      originalName: f.name,
      mimeType: 'application/pdf',
      size: f.data.length,
      ownerId: stamps.id,
      // Read through the project's route, which checks scope; never by the file's own address.
      private: true,
      createdAt: now,
    })),
  );
  const fileId = (field: ProjectFileField) => checked.find((f) => f.field === field)!.id;
  const [project] = await tx
    .insert(projects)
    .values({
      ...stamps,
      title: projectTitleOf(v.title),
      customerId: q.customerId,
      requirementId: q.requirementId,
      quotationId: q.id,
      versionId: v.id,
      status: 'Initiated',
      totalPrice: v.totalPrice,
      agreementFileId: fileId('agreementFile'),
      purchaseOrderFileId: fileId('purchaseOrderFile'),
    })
    .returning();
  const p = project!;
  await fillOutcomeSnapshot(tx, { projectId: p.id });
  await tx.insert(projectStatusChanges).values({
    id: newId(now),
    projectId: p.id,
    fromStatus: null,
    toStatus: 'Initiated',
    reason: null,
    changedBy: principal.user.id,
    changedAt: now,
  });
  await tx
    .update(quotationVersions)
    .set({ status: 'Approved', updatedBy: principal.user.id, updatedAt: now })
    .where(eq(quotationVersions.quotationId, q.id));
  await tx
    .update(quotations)
    .set({ status: 'Approved', projectId: p.id, ...updateStamps(principal, now) })
    .where(eq(quotations.id, q.id));
  const lines = await tx
    .select()
    .from(quotationLines)
    .where(eq(quotationLines.versionId, v.id))
    .orderBy(asc(quotationLines.lineNo));
  await recordUpdate(tx, principal, now, {
    entity: QUOTATION_HISTORY.entity,
    recordId: q.id,
    title: v.title,
    before: quotationSnapshot(q, v, lines),
    after: quotationSnapshot(q, { ...v, status: 'Approved' }, lines),
  });
  await recordChange(tx, principal, now, {
    entity: HISTORY.entity,
    recordId: p.id,
    title: p.title,
    action: 'create',
    changes: diffSnapshots(HISTORY.entity, null, snapshot(p)),
  });
  return { _id: p.id, projectId: p.projectId, quotation: q.id };
};
