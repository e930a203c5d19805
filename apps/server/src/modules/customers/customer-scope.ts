import { CUSTOMER_RESOURCE, can } from '@karya/domain';
import { eq, or, sql } from 'drizzle-orm';
import { customers } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/records.ts';

/**
 * Without view-all on customer a user sees the customers assigned or re-assigned to them or created by them
 * (issue 11); every other customer answers 404, as if it did not exist. Requirements, follow-ups, sales and
 * the duplicate guard read it too, so it stands apart from the customers service.
 */
export const customerScope = (principal: Principal): Scope =>
  can(principal.permissions, CUSTOMER_RESOURCE, 'view-all')
    ? undefined
    : or(
        sql`${customers.assignedTo} @> array[${principal.user.id}]::text[]`,
        sql`${customers.reAssignedTo} @> array[${principal.user.id}]::text[]`,
        eq(customers.createdBy, principal.user.id),
      );
