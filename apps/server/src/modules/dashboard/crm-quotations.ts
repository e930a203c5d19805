// The CRM dashboard's quotation figures (issue 25): live quotations in the caller's quotation scope, read
// from the copy of the active version the quotation row keeps (one indexed table, no join).
import type { CrmDashboard } from '@karya/domain';
import { can, QUOTATION_RESOURCE } from '@karya/domain';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotations } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import { quotationScope } from '../quotations/quotation-dto.ts';

const counted = (on: SQL) => sql<number>`(count(*) filter (where ${on}))::int`;

export const crmQuotationFigures = async (
  db: Db,
  principal: Principal,
  inWeek: (column: Column) => SQL,
): Promise<CrmDashboard['quotations']> => {
  const zero = { total: 0, new: 0, draft: 0, pendingReview: 0, approved: 0, rejected: 0, draftValue: 0 };
  if (!can(principal.permissions, QUOTATION_RESOURCE, 'read')) return zero;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      new: counted(inWeek(quotations.createdAt)),
      draft: counted(eq(quotations.status, 'Draft')),
      pendingReview: counted(eq(quotations.reviewStatus, 'Pending')),
      approved: counted(eq(quotations.status, 'Approved')),
      rejected: counted(eq(quotations.status, 'Rejected')),
      draftValue: sql<string>`coalesce(sum(${quotations.totalPrice}) filter (where ${quotations.status} = 'Draft'), 0)`,
    })
    .from(quotations)
    .where(and(eq(quotations.isDeleted, false), quotationScope(principal)));
  return row ? { ...row, draftValue: Number(row.draftValue) } : zero;
};
