import { appDayOf, dayShown, newId } from '@karya/domain';
import type { leaves, mailOutbox } from '../db/schema.ts';
import { addDays } from './common.ts';

/**
 * Issue 28 (decision 0024): what the Mail page shows on first start. The last three mornings' follow-up
 * reminders of the sales executives (the oldest one failed, the mail server being away, so Send again has
 * something to do), and the mail each approved or rejected leave sent to its person.
 */
export const mailDemoRows = (
  now: Date,
  sales: { id: string; email: string; name: string }[],
  people: Map<string, { email: string; name: string }>,
  leaveRows: (typeof leaves.$inferInsert)[],
): (typeof mailOutbox.$inferInsert)[] => {
  const today = appDayOf(now);
  const rows: (typeof mailOutbox.$inferInsert)[] = [];
  for (const person of sales)
    for (const back of [3, 2, 1]) {
      const day = addDays(today, -back);
      const at = new Date(Date.parse(`${day}T08:00:00+05:30`));
      const failed = back === 3;
      rows.push({
        id: newId(at),
        to: person.email,
        subject: `Your follow-ups for ${dayShown(day)}`,
        text: `Hello ${person.name},\n\nYour follow-ups for today and the overdue ones are in Karya.\n\nOpen your follow-ups: /crm/follow-ups`,
        userId: person.id,
        kind: 'reminder',
        link: '/crm/follow-ups',
        status: failed ? 'failed' : 'sent',
        delivered: !failed,
        error: failed ? 'connect ECONNREFUSED 10.0.0.25:587' : null,
        sentAt: failed ? null : at,
        createdAt: at,
      });
    }
  for (const l of leaveRows) {
    const person = people.get(l.userId);
    if (!person || (l.status !== 'Approved' && l.status !== 'Rejected') || !l.decidedAt) continue;
    const at = l.decidedAt as Date;
    const word = l.status === 'Approved' ? 'approved' : 'rejected';
    rows.push({
      id: newId(at),
      to: person.email,
      subject: `Your leave is ${word}: ${dayShown(l.fromDate)}`,
      text: `Hello ${person.name},\n\nYour leave from ${dayShown(l.fromDate)} to ${dayShown(l.toDate)} is ${word}.${
        l.decisionReason ? `\nReason: ${l.decisionReason}` : ''
      }`,
      userId: l.userId,
      kind: 'leave',
      link: `/hrm/leaves/${l.id}`,
      status: 'sent',
      delivered: true,
      sentAt: at,
      createdAt: at,
    });
  }
  return rows;
};
