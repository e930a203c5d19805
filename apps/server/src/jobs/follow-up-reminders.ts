import { formatSequence, OPEN_FOLLOW_UP_STATUSES, SIGN_IN_STATUSES, todayInAppZone } from '@karya/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { every, runOnce } from '../platform/jobs.ts';

export const REMINDER_JOB = 'follow-up-reminder';

type Row = {
  user_id: string;
  email: string;
  name: string;
  id: string;
  follow_up_id: number;
  type: string;
  date: string;
  time: string;
  customer: string;
};

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The morning e-mail (issue 11, "a queue people work from"): to each responsible user, that day's and the
 * overdue open follow-ups. Responsible: the visitors of a visit, the followUpBy of a call or mail, else the
 * creator; only users who may sign in. Runs once per calendar day (India) across every process and restart
 * (platform/jobs.ts); returns how many e-mails were sent, or null when the day's run was already taken.
 */
export const sendFollowUpReminders = async (deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, now: Date) => {
  const today = todayInAppZone(now);
  let mails = 0;
  const ran = await runOnce(deps.db, REMINDER_JOB, today, async () => {
    const open = sql.join(
      OPEN_FOLLOW_UP_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const statuses = sql.join(
      SIGN_IN_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const result = await deps.db.execute(sql`
      select u.id as user_id, u.email, u.name, f.id, f.follow_up_id, f.type, f.date::text as date, f.time,
             c.name as customer
        from follow_ups f
        join customers c on c.id = f.customer_id and not c.is_deleted
        cross join lateral unnest(
          case when f.type = 'Visit' and cardinality(f.visitors) > 0 then f.visitors
               when f.follow_up_by is not null then array[f.follow_up_by]
               else array[f.created_by] end) as r(user_id)
        join users u on u.id = r.user_id and not u.is_deleted and u.status in (${statuses})
       where not f.is_deleted and f.status in (${open}) and f.date <= ${today}
       order by u.id, f.date, f.time, f.follow_up_id`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    const byUser = new Map<string, Row[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    const base = deps.config.PUBLIC_URL?.replace(/\/$/, '') ?? '';
    for (const list of byUser.values()) {
      const first = list[0]!;
      const due = list.filter((r) => r.date === today);
      const overdue = list.filter((r) => r.date < today);
      const line = (r: Row) =>
        `- ${formatSequence('FI', r.follow_up_id, 4)} ${r.type} · ${r.customer} · ${ddmmyyyy(r.date)} ${r.time}\n  ${base}/crm/follow-ups/${r.id}`;
      const parts = [
        `Hello ${first.name},`,
        '',
        due.length ? `Today (${due.length}):\n${due.map(line).join('\n')}` : 'Nothing is due today.',
        ...(overdue.length ? ['', `Overdue (${overdue.length}):\n${overdue.map(line).join('\n')}`] : []),
        '',
        `Open your follow-ups: ${base}/crm/follow-ups`,
      ];
      await deps.mailer.send({
        to: first.email,
        subject: `Your follow-ups for ${ddmmyyyy(today)}: ${due.length} today, ${overdue.length} overdue`,
        text: parts.join('\n'),
        about: { userId: first.user_id, kind: 'reminder', link: '/crm/follow-ups' },
      });
      mails += 1;
    }
    return { mails, followUps: rows.length };
  });
  return ran ? mails : null;
};

/** 'HH:mm' now in India. */
const clockTimeInApp = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16);

/**
 * Each process checks every minute; once the configured time (FOLLOW_UP_REMINDER_AT, India time) has
 * passed, the day's run is claimed by exactly one of them. Returns the stop function.
 */
export const scheduleFollowUpReminders = (
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'clock'>,
  at: string,
  log: { error: (obj: object, msg: string) => void },
) => {
  let doneFor = '';
  return every(
    60_000,
    async () => {
      const now = deps.clock.now();
      const today = todayInAppZone(now);
      if (doneFor === today || clockTimeInApp(now) < at) return;
      await sendFollowUpReminders(deps, now);
      doneFor = today;
    },
    (err) => log.error({ err }, 'follow-up reminder failed'),
  );
};
