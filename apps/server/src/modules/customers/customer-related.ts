import {
  CUSTOMER_MESSAGES,
  CUSTOMER_RESOURCE,
  can,
  defineList,
  type ListQuery,
  recordMessages,
} from '@karya/domain';
import { customers } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { findRecord } from '../../platform/records.ts';
import { followUpsOfCustomer } from '../follow-ups/follow-ups.service.ts';
import { customerProjects } from '../projects/projects.service.ts';
import { customerQuotations } from '../quotations/quotations.service.ts';
import { customerRequirements } from '../requirements/requirements.service.ts';
import { customerScope } from './customer-scope.ts';

const CUSTOMER = { ...recordMessages('customer'), ...CUSTOMER_MESSAGES };

/** The related lists take page and limit. */
export const relatedListSpec = defineList({ filters: {}, sortFields: [] });
export const RELATED_LISTS = {
  'follow-ups': { resource: 'follow-up', key: 'followUps' },
  requirements: { resource: 'requirement', key: 'requirements' },
  quotations: { resource: 'quotation', key: 'quotations' },
  projects: { resource: 'project', key: 'projects' },
} as const;

export type RelatedListKey = (typeof RELATED_LISTS)[keyof typeof RELATED_LISTS]['key'];

/**
 * GET /crm/customers/{id}/{follow-ups|requirements|quotations|projects}: read on that resource (the route)
 * and on customer (403), the customer in scope (404 otherwise); then that record type's own list of the
 * customer, within its own scope.
 */
export const customerRelatedList = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  id: string,
  key: RelatedListKey,
  query: ListQuery,
) => {
  if (!can(principal.permissions, CUSTOMER_RESOURCE, 'read')) throw forbidden(CUSTOMER.relatedForbidden);
  await findRecord(deps.db, customers, id, CUSTOMER, customerScope(principal));
  if (key === 'requirements') return customerRequirements(deps.db, principal, id, query);
  if (key === 'followUps') return followUpsOfCustomer(deps, principal, id, query);
  if (key === 'quotations') return customerQuotations(deps.db, principal, id, query);
  return customerProjects(deps.db, principal, id, query);
};
