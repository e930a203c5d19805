import { CUSTOMER_RESOURCE, can } from '@karya/domain';
import { or, type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/records.ts';

/**
 * The customers a user sees without view-all: assigned or re-assigned to them, or created by them. The user is
 * an SQL value: their id, or a prepared statement's placeholder (the CRM dashboard's lists).
 */
export const customersOf = (user: unknown): SQL =>
  or(
    sql`${customers.assignedTo} @> array[${user}]::text[]`,
    sql`${customers.reAssignedTo} @> array[${user}]::text[]`,
    sql`${customers.createdBy} = ${user}`,
  ) as SQL;

/**
 * Without view-all on customer a user sees the customers assigned or re-assigned to them or created by them
 * (issue 11); every other customer answers 404, as if it did not exist. Requirements, follow-ups, sales and
 * the duplicate guard read it too, so it stands apart from the customers service.
 */
export const customerScope = (principal: Principal): Scope =>
  can(principal.permissions, CUSTOMER_RESOURCE, 'view-all') ? undefined : customersOf(principal.user.id);
