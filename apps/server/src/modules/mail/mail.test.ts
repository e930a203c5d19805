import type { AddressInfo } from 'node:net';
import { MAIL_MESSAGES, type MailDto, newId } from '@karya/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, asUserWithSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { mailOutbox, teamMembers, teams } from '../../db/schema.ts';

const M = MAIL_MESSAGES;
const STAFF = [
  { resource: 'leave', actions: ['create', 'read', 'update', 'delete'] },
  { resource: 'mail', actions: ['read', 'create'] },
];
type Who = Agent & { user: { id: string; email: string } };

/** Issue 28, decision 0024: the mail Karya sent to or for a user, over a real SMTP server. */
describe('mail', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  /** While set, the SMTP server refuses every recipient as unknown (550). */
  let refuse = true;
  const received: string[] = [];
  let manager: Who;
  let member: Who;

  const list = async (as: Agent, query = '') =>
    (await as.request({ method: 'GET', url: `/api/hrm/mail${query}` })).json().data as {
      mails: MailDto[];
      mailsCount: number;
    };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, done) {
        if (refuse) return done(new Error(`550 5.1.1 <${address.address}>: no such user`));
        done();
      },
      onData(stream, session, done) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { realMailer: true });
    ctx.clock.set(new Date('2026-11-27T06:30:00Z'));
    manager = (await asUserWithSession(ctx, STAFF)) as Who;
    member = (await asUserWithSession(ctx, STAFF)) as Who;
    const team = newId();
    await ctx.database.db.insert(teams).values({ id: team, name: 'Balasore sales' });
    await ctx.database.db.insert(teamMembers).values([
      { teamId: team, userId: manager.user.id, role: 'manager' },
      { teamId: team, userId: member.user.id, role: 'member' },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('a failed mail is listed for its person with the failure explained, and sent again once the server takes it', async () => {
    const applied = await member.request({
      method: 'POST',
      url: '/api/hrm/leaves',
      payload: { leaveType: 'Casual', from: '2026-12-01', to: '2026-12-01', reason: 'Puja at home' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    await ctx.app.deps.mailer.idle();

    const mine = await list(manager);
    expect(mine.mailsCount).toBe(1);
    const [failed] = mine.mails;
    expect(failed).toMatchObject({
      to: manager.user.email,
      kind: 'leave',
      status: 'failed',
      link: `/hrm/leaves/${applied.json().data._id}`,
      canResend: true,
    });
    expect(failed!.error).toContain('550');
    expect(failed!.explanation).toBe(
      'The receiving server says this address does not exist. Check the e-mail address.',
    );
    // Someone else's mail does not exist for the member; their own list is empty.
    expect((await member.request({ method: 'GET', url: `/api/hrm/mail/${failed!._id}` })).statusCode).toBe(
      404,
    );
    expect((await list(member)).mailsCount).toBe(0);
    // Filters: by status and kind.
    expect((await list(manager, '?filters[status][]=sent')).mailsCount).toBe(0);
    expect((await list(manager, '?filters[kind][]=leave')).mailsCount).toBe(1);
    expect(
      (await member.request({ method: 'GET', url: '/api/hrm/mail?filters[status][]=lost' })).statusCode,
    ).toBe(400);

    // The server takes mail again: Send again makes a new, delivered message; the old one keeps its error.
    refuse = false;
    const again = await manager.request({ method: 'POST', url: `/api/hrm/mail/${failed!._id}/resend` });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ message: M.resent, data: { status: 'sent', canResend: false } });
    expect(again.json().data._id).not.toBe(failed!._id);
    expect(received).toContain(manager.user.email);
    const twice = await manager.request({
      method: 'POST',
      url: `/api/hrm/mail/${again.json().data._id}/resend`,
    });
    expect(twice.json().message).toBe(M.alreadySent);
    const after = await list(manager, '?sortBy=createdAt&sortOrder=asc');
    expect(after.mails.map((m) => m.status)).toEqual(['failed', 'sent']);
  });

  it('a code is never sent again from here; a delivered decision shows as sent for its person', async () => {
    const codeId = newId();
    await ctx.database.db.insert(mailOutbox).values({
      id: codeId,
      to: member.user.email,
      subject: 'Your Karya verification code',
      text: 'Your Karya verification code is ******.',
      userId: member.user.id,
      kind: 'code',
      status: 'failed',
      error: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    const code = (await member.request({ method: 'GET', url: `/api/hrm/mail/${codeId}` })).json()
      .data as MailDto;
    expect(code).toMatchObject({ canResend: false, status: 'failed' });
    expect(code.explanation).toBe(
      'Karya could not reach its mail server. Send it again once the server is back.',
    );
    const refused = await member.request({ method: 'POST', url: `/api/hrm/mail/${codeId}/resend` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.notResendable('code'));

    const leave = (await list(manager)).mails[0]!.link!.split('/').at(-1);
    const decided = await manager.request({
      method: 'PATCH',
      url: `/api/hrm/leaves/${leave}/decision`,
      payload: { decision: 'Approved' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await ctx.app.deps.mailer.idle();
    const mine = await list(member, '?filters[kind][]=leave');
    expect(mine.mails[0]).toMatchObject({ status: 'sent', kind: 'leave', canResend: false });
    expect(mine.mails[0]!.sentAt).not.toBeNull();
  });
});
