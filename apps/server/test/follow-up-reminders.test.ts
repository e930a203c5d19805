import { newId } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, followUps } from '../src/db/schema.ts';
import { sendFollowUpReminders } from '../src/jobs/follow-up-reminders.ts';
import { createTestApp, createUser, memoryMailer, type TestContext } from './helpers.ts';

/**
 * The morning follow-up e-mail: each responsible user gets one listing today's and overdue open
 * follow-ups; the day's run is taken by one runner however many race for it, and never again that day.
 */
describe('follow-up reminder e-mail', () => {
  let ctx: TestContext;
  const mailer = memoryMailer();
  let visitor: { id: string; email: string };
  let caller: { id: string; email: string };
  let blocked: { id: string; email: string };
  const deps = () => ({ db: ctx.database.db, mailer, config: ctx.app.deps.config });
  // 08:05 in India on 25 November 2026.
  const morning = new Date('2026-11-25T02:35:00.000Z');

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://karya.example.in' });
    visitor = await createUser(ctx.database);
    caller = await createUser(ctx.database);
    blocked = await createUser(ctx.database, { overrides: { status: 'Blocked' } });
    const school = newId();
    await ctx.database.db
      .insert(customers)
      .values({ id: school, type: 'Organization', name: 'Ravenshaw Collegiate School' });
    const fu = (over: Partial<typeof followUps.$inferInsert>) => ({
      id: newId(),
      customerId: school,
      type: 'Call',
      reason: 'Other',
      otherReason: 'Demo',
      date: '2026-11-25',
      time: '11:00',
      status: 'Scheduled',
      ...over,
    });
    await ctx.database.db
      .insert(followUps)
      .values([
        fu({ followUpId: 9001, type: 'Visit', visitors: [visitor.id], time: '10:30' }),
        fu({ followUpId: 9002, followUpBy: caller.id, date: '2026-11-23', status: 'Pending' }),
        fu({ followUpId: 9003, followUpBy: caller.id, date: '2026-11-26' }),
        fu({ followUpId: 9004, followUpBy: caller.id, status: 'Completed' }),
        fu({ followUpId: 9005, followUpBy: caller.id, isDeleted: true }),
        fu({ followUpId: 9006, followUpBy: blocked.id }),
      ]);
  });
  afterAll(() => ctx.close());

  it('sends one e-mail per responsible user, once, however many runners race for the day', async () => {
    const runs = await Promise.all([
      sendFollowUpReminders(deps(), morning),
      sendFollowUpReminders(deps(), morning),
      sendFollowUpReminders(deps(), morning),
    ]);
    expect(runs.filter((r) => r !== null)).toEqual([2]);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([visitor.email, caller.email].sort());

    const toVisitor = mailer.sent.find((m) => m.to === visitor.email)!;
    expect(toVisitor.subject).toBe('Your follow-ups for 25/11/2026: 1 today, 0 overdue');
    expect(toVisitor.text).toContain('FI9001 Visit · Ravenshaw Collegiate School · 25/11/2026 10:30');
    expect(toVisitor.text).toContain('https://karya.example.in/crm/follow-ups/');

    const toCaller = mailer.sent.find((m) => m.to === caller.email)!;
    expect(toCaller.subject).toBe('Your follow-ups for 25/11/2026: 0 today, 1 overdue');
    expect(toCaller.text).toContain('Nothing is due today.');
    expect(toCaller.text).toContain('FI9002');
    // Tomorrow's, the completed one and the deleted one are not in it.
    expect(toCaller.text).not.toMatch(/FI900[345]/);
  });

  it('a restart the same day sends nothing more; the next day sends again', async () => {
    const before = mailer.sent.length;
    expect(await sendFollowUpReminders(deps(), new Date(morning.getTime() + 3 * 3600_000))).toBeNull();
    expect(mailer.sent.length).toBe(before);

    const nextMorning = new Date(morning.getTime() + 24 * 3600_000);
    expect(await sendFollowUpReminders(deps(), nextMorning)).toBe(2);
    const toCaller = mailer.sent.slice(before).find((m) => m.to === caller.email)!;
    expect(toCaller.subject).toBe('Your follow-ups for 26/11/2026: 1 today, 1 overdue');
  });
});
