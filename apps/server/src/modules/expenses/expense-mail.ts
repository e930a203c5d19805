import { dayShown, formatClaimNo, formatRupees } from '@karya/domain';
import type { expenseClaims } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { mailableUsers, managersOf } from '../leave/leave-scope.ts';

// The e-mails of expense claims (decision 0025): sent after the change is committed, through the mail
// outbox, in the background. A submitted claim goes to the managers of the person's teams; a decision and a
// payment go to the person.

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;
type Row = typeof expenseClaims.$inferSelect;

const path = (id: string) => `/hrm/expenses/${id}`;
const link = (deps: Deps, id: string) => `${deps.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}${path(id)}`;
/** "EC0012, Travel in November (₹1,240.00)". */
const what = (r: Row) => `${formatClaimNo(r.claimNo)}, ${r.title} (${formatRupees(r.totalPaise)})`;

const live = (deps: Deps, ids: string[]) => mailableUsers(deps.db, ids);

const send = async (deps: Deps, to: string[], r: Row, subject: string, lines: string[]) => {
  for (const p of await live(deps, to))
    await deps.mailer.sendInBackground({
      to: p.email,
      about: { userId: p.id, kind: 'expense', link: path(r.id) },
      subject,
      text: [`Hello ${p.name},`, '', ...lines, '', `See it: ${link(deps, r.id)}`].join('\n'),
    });
};

export const mailSubmitted = async (deps: Deps, r: Row, owner: string) =>
  send(deps, await managersOf(deps.db, r.userId), r, `Expense claim to decide: ${owner}, ${what(r)}`, [
    `${owner} has submitted the expense claim ${what(r)} for your decision.`,
    `${r.lineCount} expense${r.lineCount === 1 ? '' : 's'}${r.fromDate ? `, ${dayShown(r.fromDate)} to ${dayShown(r.toDate ?? r.fromDate)}` : ''}.`,
  ]);

export const mailDecided = async (deps: Deps, r: Row, decider: string) =>
  send(deps, [r.userId], r, `Your expense claim is ${r.status.toLowerCase()}: ${what(r)}`, [
    `${decider} has ${r.status.toLowerCase()} your expense claim ${what(r)}.`,
    ...(r.decisionReason ? [`Reason: ${r.decisionReason}`] : []),
    ...(r.status === 'Rejected' ? ['You can change it and submit it again.'] : []),
  ]);

export const mailPaid = async (deps: Deps, r: Row) =>
  send(deps, [r.userId], r, `Your expense claim is paid: ${what(r)}`, [
    `Your expense claim ${what(r)} was paid on ${dayShown(r.paidOn ?? '')}.`,
    `Payment reference: ${r.paymentReference ?? ''}`,
  ]);
