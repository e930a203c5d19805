// What the wins-and-losses page groups by, kept on each outcome (a project, a rejection analysis) when it is
// written (decision 0017, "Snapshot"): the customer's institution type and district, who made the quotation,
// and for a project the India days from its requirement to the approval. The page then reads the two
// outcome tables alone, never a customer, quotation or requirement per row. One statement per table fills
// them; every write that makes an outcome or changes what it copies runs it in its own transaction: the
// approval, a new rejection analysis, a customer's update, the demo, the bench generator. Migration 0024
// filled the rows that existed (its SQL is this file's, frozen as migrations are).
import { APP_TIME_ZONE } from '@karya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Queryable = Pick<Db, 'execute'>;

const TZ = sql.raw(`'${APP_TIME_ZONE}'`);

/**
 * The customer's institution type, one word a manager groups by: Individual; an institute's kind (School,
 * College, …); else the organisation and its kind ('Government Office', 'Private NGO').
 */
export const ORGANIZATION = 'Organization';
const institutionType = sql`case
  when c.type = 'Individual' then 'Individual'
  when c.institute_type is not null then c.institute_type
  when c.organization_type is not null then c.organization_type || coalesce(' ' || coalesce(c.government_type, c.private_type), '')
  else ${ORGANIZATION} end`;

/** Which outcomes to fill: one project or analysis by id, a customer's, or every one (migration, bench). */
export type OutcomeTarget = { projectId: string } | { analysisId: string } | { customerId: string } | 'all';

const where = (target: OutcomeTarget, own: 'projectId' | 'analysisId'): SQL | null => {
  if (target === 'all') return sql`true`;
  if ('customerId' in target) return sql`o.customer_id = ${target.customerId}`;
  if (own in target) return sql`o.id = ${(target as Record<string, string>)[own]}`;
  return null;
};

/** What both outcomes copy from their customer and quotation (joined as c and q). */
const copied = sql`customer_kind = ${institutionType},
  customer_district = nullif(btrim(c.district), ''),
  quotation_created_by = q.created_by`;
const joined = (which: SQL) =>
  sql`from customers c, quotations q where c.id = o.customer_id and q.id = o.quotation_id and ${which}`;

/** Fill the snapshot columns of the outcomes named (see the file's head). */
export const fillOutcomeSnapshot = async (tx: Queryable, target: OutcomeTarget) => {
  const projects = where(target, 'projectId');
  if (projects)
    await tx.execute(sql`
      update projects o set ${copied},
        days_to_approval = (select (o.created_at at time zone ${TZ})::date - (r.created_at at time zone ${TZ})::date
                            from requirements r where r.id = o.requirement_id)
      ${joined(projects)}`);
  const analyses = where(target, 'analysisId');
  if (analyses) await tx.execute(sql`update rejection_analyses o set ${copied} ${joined(analyses)}`);
};
