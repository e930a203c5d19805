import { type MailKind, newId } from '@karya/domain';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/**
 * `attachments` (a quotation's PDF) go out over SMTP; the outbox keeps the text only. `about` says whose
 * mail it is and what about (decision 0024: the Mail page lists it for that user, and says what it was).
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  about?: { userId?: string | null; kind?: MailKind; link?: string | null };
};
export type Mailer = {
  /**
   * Record the message and deliver it; fails when delivery fails (the error carries `mailId`, the outbox
   * row that keeps it). Answers the outbox row's id.
   */
  send(message: MailMessage): Promise<string>;
  /**
   * Record the message and deliver it in the background: the answer neither waits on SMTP nor tells, by
   * its timing or its outcome, whether anything was sent. onFailure runs when delivery fails.
   */
  sendInBackground(message: MailMessage, onFailure?: () => Promise<void>): Promise<string>;
  /** Resolves when every background delivery has finished (the app waits for it when closing). */
  idle(): Promise<void>;
  /**
   * Whether mail can go out now (/api/ready): 'smtp' after the SMTP server answered, 'log' without SMTP_URL;
   * rejects when the SMTP server does not answer.
   */
  check(): Promise<'smtp' | 'log'>;
};

/** Six-digit one-time codes masked, for the copy kept in mail_outbox. */
export const redactCodes = (text: string) => text.replace(/\b\d{6}\b/g, '******');

type Log = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

/**
 * Every message is recorded in mail_outbox. With SMTP_URL it is delivered over SMTP; without it the
 * message is written to the server log, so a developer can read a code on a laptop.
 */
export const createMailer = (opts: { db: Db; smtpUrl?: string; from: string; log: Log }): Mailer => {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const record = async (message: MailMessage) => {
    const id = newId();
    // The stored copy never holds a usable one-time code: codes live only as hashes.
    const { to, subject, text, about } = message;
    await opts.db.insert(mailOutbox).values({
      id,
      to,
      subject,
      text: redactCodes(text),
      userId: about?.userId ?? null,
      kind: about?.kind ?? 'other',
      link: about?.link ?? null,
      // Without a mail server the message goes to the log: it is not going anywhere else.
      status: transport ? 'queued' : 'logged',
    });
    if (!transport)
      opts.log.info({ mail: { to, subject, text } }, `[dev outbox] to ${to}: ${subject}\n${text}`);
    return id;
  };
  const deliver = async (id: string, message: MailMessage) => {
    if (!transport) return;
    try {
      const { about: _about, ...mail } = message;
      await transport.sendMail({ from: opts.from, ...mail });
      await opts.db
        .update(mailOutbox)
        .set({ delivered: true, status: 'sent', sentAt: new Date() })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      opts.log.error({ err: error, to: message.to }, 'mail delivery failed');
      await opts.db
        .update(mailOutbox)
        .set({ error: String((error as Error).message).slice(0, 500), status: 'failed' })
        .where(eq(mailOutbox.id, id));
      throw error;
    }
  };
  const pending = new Set<Promise<void>>();
  return {
    async send(message) {
      const id = await record(message);
      try {
        await deliver(id, message);
      } catch (error) {
        // The outbox row that keeps the failure, for a caller that shows it (the Mail page's resend).
        throw Object.assign(error as Error, { mailId: id });
      }
      return id;
    },
    async sendInBackground(message, onFailure) {
      const id = await record(message);
      const job: Promise<void> = deliver(id, message)
        .catch(async () => {
          await onFailure?.();
        })
        .catch((error: unknown) => opts.log.error({ err: error }, 'after a failed delivery'))
        .finally(() => pending.delete(job));
      pending.add(job);
      return id;
    },
    async idle() {
      await Promise.all([...pending]);
    },
    async check() {
      if (!transport) return 'log';
      await transport.verify();
      return 'smtp';
    },
  };
};
