// A customer with projects is not deleted for good (issue 26), as an approved quotation is not
// (quotations/quotation-project-guard.ts): the cascade would take its projects, and with them the signed
// agreements and purchase orders, business records whose bytes would also stay behind in the storage
// folder. The permanent delete, one or bulk, is refused (409) naming the customers and their projects;
// deleting those projects for good first frees the customer.
import { formatCustomerId, formatProjectId } from '@karya/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, projects } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import { guardPermanentDelete, type RecordLifecycle } from '../../platform/lifecycle-service.ts';
import type { Principal } from '../../platform/principal.ts';
import { customerScope } from './customer-scope.ts';

export const customerWithProjectsKept = (held: { customerId: number; projectId: number }[]) => {
  const cs = [...new Set(held.map((h) => formatCustomerId(h.customerId)))].join(', ');
  const ps = held.map((h) => formatProjectId(h.projectId)).join(', ');
  const one = !cs.includes(',');
  return `${one ? 'Customer' : 'Customers'} ${cs} ${one ? 'has' : 'have'} ${held.length === 1 ? 'project' : 'projects'} ${ps}; their agreements and purchase orders are kept with them. Delete ${held.length === 1 ? 'the project' : 'those projects'} for good first.`;
};

/** 409 when any of `ids` (in the caller's scope) has a project, deleted or not; the rows stay locked. */
const refuseWithProjects = async (db: Db, principal: Principal, ids: string[]) => {
  const scope = customerScope(principal);
  const held = await db
    .select({ customerId: customers.customerId, projectId: projects.projectId })
    .from(customers)
    .innerJoin(projects, eq(projects.customerId, customers.id))
    .where(scope ? and(inArray(customers.id, ids), scope) : inArray(customers.id, ids))
    .orderBy(asc(customers.customerId), asc(projects.projectId))
    .for('update', { of: customers });
  if (held.length) throw conflict(customerWithProjectsKept(held));
};

/** The customer's lifecycle with its permanent deletes (one and bulk) refusing customers with projects. */
export const keepCustomersWithProjects = (base: RecordLifecycle): RecordLifecycle =>
  guardPermanentDelete(base, refuseWithProjects);
