import { PROJECT_STATUSES } from '@karya/domain';
import { fillOutcomeSnapshot } from '../../../apps/server/src/modules/win-loss/outcome-snapshot.ts';
import { asDb } from '../db.ts';
import { QUOTATIONS } from './quotations.ts';
import { arr, hash, idOf, idValue, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';

const PROJECT_TAG = '2a';
const STATUS_CHANGE_TAG = '2b';
const REJECTION_TAG = '2c';
/** The project of generated quotation n (projects are numbered by their quotation). */
export const projectId = (quotationRow: number) => idValue(PROJECT_TAG, quotationRow);
export const rejectionId = (quotationRow: number) => idValue(REJECTION_TAG, quotationRow);

/** The share of quotations Approved (projects) and Rejected (analyses): quotations.ts's STATUS. */
const APPROVED = 0.2;
const REJECTED = 0.16;
/** Status changes per project on average (1 to 6, uniform). */
const CHANGES = 3.5;

const quotationOf = (i: string) => idOf('1c', i);

/**
 * Projects (issue 26): one for every Approved bench quotation (some 20,000 at scale 1), approved 1 to 20
 * days after its last version, with its title, total and customer; a status from Initiated to Completed
 * reached one step at a time, two days apart, each step a row of project_status_changes; the quotation
 * names its project. Every 50th is deleted.
 */
export const projects: Generator = {
  name: 'projects (with their status changes)',
  rows: (scale) => Math.round(scaled(QUOTATIONS, scale) * APPROVED * (1 + CHANGES)),
  async run(sql, scale, progress) {
    const total = scaled(QUOTATIONS, scale);
    const statuses = arr(PROJECT_STATUSES);
    await inBatches(
      sql,
      total,
      10_000,
      `with q as (
         select i, q.id, q.customer_id, q.requirement_id, q.active_version_id, q.title, q.total_price,
           q.created_by, ${hash('i', 901)} % ${PROJECT_STATUSES.length} as last,
           least(now() - interval '1 day', q.updated_at + make_interval(days => 1 + (${hash('i', 902)} % 20)::int))
             as approved
         from generate_series($FROM, $TO) i join quotations q on q.id = ${quotationOf('i')}
         where q.status = 'Approved'
       ),
       p as (
         insert into projects (id, project_id, title, customer_id, requirement_id, quotation_id, version_id, status,
           total_price, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
         select ${idOf(PROJECT_TAG, 'i')}, i, title, customer_id, requirement_id, id, active_version_id,
           (${statuses})[1 + last], total_price, i % 50 = 25, case when i % 50 = 25 then approved end,
           case when i % 50 = 25 then created_by end, created_by, created_by, approved,
           least(now(), approved + make_interval(days => 2 * last::int))
         from q
       ),
       changes as (
         insert into project_status_changes (id, project_id, from_status, to_status, changed_by, changed_at)
         select ${idOf(STATUS_CHANGE_TAG, 'i * 8 + k')}, ${idOf(PROJECT_TAG, 'i')},
           case when k > 0 then (${statuses})[k] end, (${statuses})[k + 1], created_by,
           least(now(), approved + make_interval(days => 2 * k))
         from q, generate_series(0, q.last::int) k
       )
       update quotations set project_id = ${idOf(PROJECT_TAG, 'q.i')} from q where quotations.id = q.id`,
      (done) => progress(Math.round(done * APPROVED * (1 + CHANGES))),
    );
    await sql.exec(`select setval('project_id_seq', greatest(1, (select max(project_id) from projects)))`);
  },
};

const REASONS = [
  'Price higher than the competitor',
  'Budget not sanctioned this year',
  'Delivery time too long',
  'Chose a local dealer for service',
  'Purchase postponed to next session',
  'Specification did not match the tender',
  'Management changed its priorities',
  'Warranty terms not acceptable',
];
const COMPETITORS = [
  'EduTech Solutions Pvt Ltd',
  'Kalinga Digital Systems',
  'Utkal Smart Class',
  'Odisha Lab Suppliers',
  'Bharat Robotics',
  'Vidya Scientific',
  'Konark Edu Devices',
  'Jagannath Traders',
];

/**
 * Rejection analyses (issue 26): one for every Rejected bench quotation (a fifth of those not approved,
 * some 16,000 at scale 1), dated 0 to 9 days after its last version (never in the future); one or two
 * reasons; two in three lost to a named competitor, who offered 80 to 95% of our total; the rest to no
 * decision. Every 40th is deleted.
 */
export const rejections: Generator = {
  name: 'rejection analyses',
  rows: (scale) => Math.round(scaled(QUOTATIONS, scale) * REJECTED),
  async run(sql, scale, progress) {
    const total = scaled(QUOTATIONS, scale);
    const first = pick(REASONS, 'i', 911);
    const second = `(${arr(REASONS)})[1 + (${hash('i', 911)} + 1 + ${hash('i', 912)} % ${REASONS.length - 1}) % ${REASONS.length}]`;
    await inBatches(
      sql,
      total,
      10_000,
      `with q as (
         select i, q.id, q.customer_id, q.active_version_id, q.total_price, q.created_by,
           ${hash('i', 913)} % 100 as s, ${first} as r1, case when ${hash('i', 914)} % 3 = 0 then ${second} end as r2,
           least(now(), q.updated_at + make_interval(days => (${hash('i', 915)} % 10)::int)) as at
         from generate_series($FROM, $TO) i join quotations q on q.id = ${quotationOf('i')}
         where q.status = 'Rejected'
       )
       insert into rejection_analyses (id, quotation_id, version_id, customer_id, rejection_date,
         rejection_reasons, reasons_text, detailed_reason, lost_to, competitor_name, offered_amount, quoted_amount,
         is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf(REJECTION_TAG, 'i')}, id, active_version_id, customer_id,
         (at at time zone 'Asia/Kolkata')::date,
         case when r2 is null then jsonb_build_array(r1) else jsonb_build_array(r1, r2) end,
         lower(r1 || coalesce('; ' || r2, '')),
         case when s % 4 = 0 then 'The committee compared three offers before deciding.' end,
         case when s < 67 then 'Competitor' else 'No Decision' end,
         case when s < 67 then ${pick(COMPETITORS, 'i', 916)} end,
         case when s < 67 then round(total_price * (80 + s % 16) / 100, 2) end,
         total_price, i % 40 = 0, case when i % 40 = 0 then at end, case when i % 40 = 0 then created_by end,
         created_by, created_by, at, at
       from q`,
      (done) => progress(Math.round(done * REJECTED)),
    );
    // What the wins-and-losses page groups by, copied onto every outcome as the app's writes do.
    await fillOutcomeSnapshot(asDb(sql), 'all');
  },
};
