import {
  dayShown,
  formatLeaveDays,
  LEAVE_HALF_LABELS,
  LEAVE_TYPE_INFO,
  type LeaveHalf,
  type LeaveType,
} from '@karya/domain';
import type { leaves } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Principal } from '../../platform/principal.ts';
import { mailableUsers, managersOf } from './leave-scope.ts';

// The e-mails of leave (decision 0023): sent after the change is committed, through the mail outbox, in the
// background (an answer never waits on SMTP). A failed delivery stays in the outbox with its error.

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;
type Row = typeof leaves.$inferSelect;

const link = (deps: Deps, id: string) =>
  `${deps.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}/hrm/leaves/${id}`;

/** "Casual leave, 03/12/2026 to 05/12/2026 (3 days)". */
const what = (r: Row) => {
  const dates =
    r.fromDate === r.toDate
      ? `${dayShown(r.fromDate)}${r.half ? `, ${LEAVE_HALF_LABELS[r.half as LeaveHalf].toLowerCase()}` : ''}`
      : `${dayShown(r.fromDate)} to ${dayShown(r.toDate)}`;
  return `${LEAVE_TYPE_INFO[r.leaveType as LeaveType].label}, ${dates} (${formatLeaveDays(r.halves / 2)})`;
};

const live = (deps: Deps, ids: string[]) => mailableUsers(deps.db, ids);

/** A new application: to the managers of the person's teams. */
export const mailApplied = async (deps: Deps, r: Row, applicant: string) => {
  for (const m of await live(deps, await managersOf(deps.db, r.userId)))
    await deps.mailer.sendInBackground({
      to: m.email,
      about: { userId: m.id, kind: 'leave', link: `/hrm/leaves/${r.id}` },
      subject: `Leave to decide: ${applicant}, ${what(r)}`,
      text: [
        `Hello ${m.name},`,
        '',
        `${applicant} has applied for ${what(r)}.`,
        `Reason: ${r.reason}`,
        '',
        `Approve or reject it: ${link(deps, r.id)}`,
      ].join('\n'),
    });
};

/** A decision: to the person. */
export const mailDecided = async (deps: Deps, r: Row, decider: string) => {
  for (const p of await live(deps, [r.userId]))
    await deps.mailer.sendInBackground({
      to: p.email,
      about: { userId: p.id, kind: 'leave', link: `/hrm/leaves/${r.id}` },
      subject: `Your leave is ${r.status.toLowerCase()}: ${what(r)}`,
      text: [
        `Hello ${p.name},`,
        '',
        `${decider} has ${r.status.toLowerCase()} your ${what(r)}.`,
        ...(r.decisionReason ? [`Reason: ${r.decisionReason}`] : []),
        '',
        `See it: ${link(deps, r.id)}`,
      ].join('\n'),
    });
};

/**
 * A cancellation: by someone else, to the person; by the person, to whoever approved it, or to the managers
 * a pending one was waiting for.
 */
export const mailCancelled = async (deps: Deps, r: Row, by: Principal) => {
  const own = r.cancelledBy === r.userId;
  const to = !own ? [r.userId] : r.decidedBy ? [r.decidedBy] : await managersOf(deps.db, r.userId);
  for (const p of await live(deps, to))
    await deps.mailer.sendInBackground({
      to: p.email,
      about: { userId: p.id, kind: 'leave', link: `/hrm/leaves/${r.id}` },
      subject: `Leave cancelled: ${what(r)}`,
      text: [
        `Hello ${p.name},`,
        '',
        `${by.user.name} has cancelled ${r.cancelledBy === r.userId ? 'their' : 'your'} ${what(r)}.`,
        ...(r.cancelReason ? [`Reason: ${r.cancelReason}`] : []),
        '',
        `See it: ${link(deps, r.id)}`,
      ].join('\n'),
    });
};
