// A quotation approved into a project is not deleted for good (issue 26). Its project (ON DELETE CASCADE)
// would go with it, and with the project the signed agreement and the purchase order: business records,
// whose bytes the cascade would also leave behind in the storage folder. The permanent delete, one or bulk,
// is refused (409) naming the quotations and their projects, and nothing is deleted; deleting the project
// for good first (which keeps the quotation Approved) frees the quotation.
import { formatProjectId, formatQuotationId } from '@karya/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, quotations } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import { guardPermanentDelete, type RecordLifecycle } from '../../platform/lifecycle-service.ts';
import type { Principal } from '../../platform/principal.ts';
import { quotationScope } from './quotation-dto.ts';

export const approvedQuotationKept = (held: { quotationId: number; projectId: number }[]) => {
  const qs = held.map((h) => formatQuotationId(h.quotationId)).join(', ');
  const ps = held.map((h) => formatProjectId(h.projectId)).join(', ');
  return held.length === 1
    ? `Quotation ${qs} was approved into project ${ps}; its agreement and purchase order are kept with it. Delete the project for good first.`
    : `Quotations ${qs} were approved into projects ${ps}; their agreements and purchase orders are kept with them. Delete those projects for good first.`;
};

/**
 * 409 when any of `ids` (in the caller's scope: others are left to the lifecycle's 404 or notFound) has a
 * project. The quotation rows are locked until the delete's transaction ends.
 */
const refuseApproved = async (db: Db, principal: Principal, ids: string[]) => {
  const scope = quotationScope(principal);
  const held = await db
    .select({ quotationId: quotations.quotationId, projectId: projects.projectId })
    .from(quotations)
    .innerJoin(projects, eq(projects.quotationId, quotations.id))
    .where(scope ? and(inArray(quotations.id, ids), scope) : inArray(quotations.id, ids))
    .orderBy(asc(quotations.quotationId))
    .for('update', { of: quotations });
  if (held.length) throw conflict(approvedQuotationKept(held));
};

/** The quotation's lifecycle with its permanent deletes (one and bulk) refusing approved quotations. */
export const keepApprovedQuotations = (base: RecordLifecycle): RecordLifecycle =>
  guardPermanentDelete(base, refuseApproved);
