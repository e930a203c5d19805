// A project's status (decision 0016): one step forward, or one step back with a reason; each change a row of
// project_status_changes and an entry in the project's history, under the project row's lock.
import {
  newId,
  type ProjectStatus,
  type ProjectStatusInput,
  projectStatusChangeProblem,
} from '@karya/domain';
import { and, eq } from 'drizzle-orm';
import { projectStatusChanges, projects } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { updateStamps } from '../../platform/records.ts';
import { detail, HISTORY, PROJECT, snapshot } from './project-dto.ts';
import { projectScope } from './project-scope.ts';

/** PATCH /crm/projects/{id}/status: the updated project and the message naming its new status. */
export const changeProjectStatus = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  id: string,
  input: ProjectStatusInput,
) => {
  const now = deps.clock.now();
  const scope = projectScope(principal);
  await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(projects)
      .where(scope ? and(eq(projects.id, id), scope) : eq(projects.id, id))
      .for('update');
    if (!p) throw notFound(PROJECT.notFound);
    if (p.isDeleted) throw badRequest(PROJECT.restoreBeforeUpdate);
    const problem = projectStatusChangeProblem(p.status as ProjectStatus, input.status, input.reason);
    if (problem) throw badRequest(problem);
    const [updated] = await tx
      .update(projects)
      .set({ status: input.status, ...updateStamps(principal, now) })
      .where(eq(projects.id, id))
      .returning();
    await tx.insert(projectStatusChanges).values({
      id: newId(now),
      projectId: id,
      fromStatus: p.status,
      toStatus: input.status,
      reason: input.reason,
      changedBy: principal.user.id,
      changedAt: now,
    });
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.title,
      before: snapshot(p),
      after: snapshot(updated!, input.reason),
    });
  });
  return { message: PROJECT.statusChanged(input.status), data: await detail(deps.db, id) };
};
