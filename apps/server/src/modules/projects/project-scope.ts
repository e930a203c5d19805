import { can, PROJECT_RESOURCE } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { customers, projects } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';

/**
 * Row scope as customers (decision 0016): without view-all on project a user sees the projects of the
 * customers they see (assigned, re-assigned or created by them); every other project answers 404. The
 * follow-up form's project check reads it too, so it stands apart from the projects service.
 */
export const projectScope = (principal: Principal): Scope => {
  if (can(principal.permissions, PROJECT_RESOURCE, 'view-all')) return undefined;
  const customersSeen = customerScope(principal);
  if (!customersSeen) return undefined;
  return sql`${projects.customerId} = any(array(select ${customers.id} from ${customers} where ${customersSeen}))`;
};
