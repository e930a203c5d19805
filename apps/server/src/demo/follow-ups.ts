import { followUpStatusFor, newId, todayInAppZone } from '@karya/domain';
import type { customers, followUps } from '../db/schema.ts';
import { addDays } from './common.ts';

type CustomerRow = typeof customers.$inferInsert;

const VISIT_REMARKS = [
  'Met the principal; demonstrated the smart class panel. Asked for a quotation for 6 rooms.',
  'Showed the science lab kit to the lab in-charge. They will discuss it in the staff meeting.',
  'Visited with the brochure; the correspondent wants references from nearby schools.',
  'Checked the computer lab: 20 old desktops to replace before the board exams.',
  'Handed over the sample library racks; the librarian liked the steel finish.',
];
const CALL_RESPONSES = [
  'Principal asked to call back after the parents-teacher meeting.',
  'Accountant confirmed the budget is approved for this quarter.',
  'They want a demo of the interactive panel next week.',
  'Not interested this year; try again before the new session.',
  'Asked for a revised price with installation included.',
];
const MAIL_RESPONSES = [
  'Sent the catalogue and price list; they acknowledged by mail.',
  'Mailed the GST invoice copy for the last order.',
  'Shared the installation schedule; waiting for their confirmation.',
];
const REASONS = [
  'Smart class panels for the new block',
  'Annual lab equipment order',
  'Library furniture',
  'Computer lab upgrade',
  'Sports kit for the annual meet',
  'Payment follow-up for the last invoice',
];

/**
 * The demo's follow-ups (decision 0007): about 60 calls, mails and visits to the demo customers by the
 * people they are assigned to, spread over the past and coming two weeks, with responses on most past
 * ones (a few left without: the no-response queue) and a next follow-up on some.
 */
export const followUpDemoRows = (now: Date, demoCustomers: CustomerRow[], rnd: () => number) => {
  const today = todayInAppZone(now);
  const owned = demoCustomers.filter((c) => c.assignedTo?.length && !c.isDeleted);
  const rows: (typeof followUps.$inferInsert)[] = [];
  if (!owned.length) return rows;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  for (let i = 0; i < 60; i++) {
    const customer = owned[i % owned.length]!;
    const who = customer.assignedTo![0]!;
    const offset = Math.round(rnd() * 28) - 14;
    const date = addDays(today, offset);
    const time = `${String(9 + Math.floor(rnd() * 9)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`;
    const roll = rnd();
    const type = roll < 0.4 ? 'Visit' : roll < 0.8 ? 'Call' : 'Mail';
    const status = followUpStatusFor(date, time, now);
    const answered = status === 'Completed' && rnd() > 0.15;
    const text = answered
      ? pick(type === 'Visit' ? VISIT_REMARKS : type === 'Call' ? CALL_RESPONSES : MAIL_RESPONSES)
      : null;
    const needsNext = status === 'Completed' && rnd() < 0.35;
    const nextType = pick(['Call', 'Visit', 'Mail'] as const);
    const createdAt = new Date(now.getTime() - Math.max(1, -offset + 1) * 86_400_000);
    rows.push({
      id: newId(createdAt),
      customerId: customer.id!,
      type,
      reason: 'Other',
      otherReason: pick(REASONS),
      date,
      time,
      visitors: type === 'Visit' ? [who] : [],
      followUpBy: type === 'Visit' ? null : who,
      status,
      response: type === 'Visit' ? null : text,
      remarks: type === 'Visit' ? text : null,
      nextFollowUp: needsNext
        ? {
            nextRequired: true,
            type: nextType,
            date: addDays(date, 7),
            time: '11:00',
            visitors: nextType === 'Visit' ? [who] : [],
            followUpBy: nextType === 'Visit' ? null : who,
          }
        : null,
      createdBy: who,
      updatedBy: who,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
};
