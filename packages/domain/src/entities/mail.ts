// The mail Karya sends (issue 28, decision 0024): what the outbox keeps for each message, how its delivery
// reads to a person, and which messages can be sent again. No zod: the list and the detail only show.
import { defineList } from '../common/list-query.ts';

/** The API's mail calls live under this path (after /api). */
export const MAIL_PATH = '/hrm/mail';

/** What a message is about; decides its label and whether it can be sent again. */
export const MAIL_KINDS = ['code', 'reminder', 'quotation', 'invoice', 'leave', 'expense', 'other'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  code: 'Sign-in and password codes',
  reminder: 'Follow-up reminders',
  quotation: 'Quotations sent to customers',
  invoice: 'Tax invoices sent to customers',
  leave: 'Leave',
  expense: 'Expense claims',
  other: 'Other',
};

/**
 * queued: recorded, delivery under way; sent: the mail server took it; failed: it refused or could not be
 * reached (the error is kept); logged: no mail server is set up, so the message went to the server's log.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'logged'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = {
  queued: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  logged: 'Not sent (no mail server)',
};

/**
 * Which kinds may be sent again from the mail page. Codes never (the stored copy has the code masked, and a
 * new code is asked for where it is used); quotations and invoices are sent again from their own page, with
 * their PDF (the outbox keeps the text only).
 */
export const MAIL_RESENDABLE: readonly MailKind[] = ['reminder', 'leave', 'expense', 'other'];

export const MAIL_MESSAGES = {
  listed: 'Mails fetched successfully',
  fetched: 'Mail fetched successfully',
  resent: 'Mail sent again',
  notFound: 'Mail not found',
  notResendable: (kind: MailKind) =>
    kind === 'code'
      ? 'A code is not sent again: ask for a new one where you use it'
      : kind === 'quotation' || kind === 'invoice'
        ? 'Send it again from its own page, with its PDF'
        : 'This mail cannot be sent again',
  alreadySent: 'This mail was delivered; only a failed or unsent mail is sent again',
} as const;

export type MailDto = {
  _id: string;
  to: string;
  subject: string;
  /** The text as sent (one-time codes masked). */
  text: string;
  kind: MailKind;
  status: MailStatus;
  /** The mail server's words when it failed, and what they mean. */
  error: string | null;
  explanation: string | null;
  /** Where in Karya the mail is about (a quotation's page), when it is about a record. */
  link: string | null;
  createdAt: string;
  sentAt: string | null;
  canResend: boolean;
};

/** GET /hrm/mail: the kit's list of the caller's own mail, newest first. */
export const mailListSpec = defineList({
  filters: {
    kind: { enum: MAIL_KINDS },
    status: { enum: MAIL_STATUSES },
    to: 'text',
    createdAt: 'dateRange',
  },
  sortFields: ['createdAt', 'subject', 'to', 'status'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** What a mail server's error means, in words a person can act on. */
export const explainMailError = (error: string | null): string | null => {
  if (!error) return null;
  if (/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNRESET|getaddrinfo|timeout/i.test(error))
    return 'Karya could not reach its mail server. Send it again once the server is back.';
  if (/\b535\b|auth|credentials/i.test(error))
    return 'The mail server refused Karya’s account. The administrator should check the mail settings (SMTP_URL).';
  if (/\b552\b|5\.2\.2|quota|mailbox full/i.test(error))
    return 'The recipient’s mailbox is full. Try again later.';
  if (
    /\b55[0-3]\b|5\.1\.[0-9]|user unknown|no such user|does not exist|mailbox unavailable|recipient/i.test(
      error,
    )
  )
    return 'The receiving server says this address does not exist. Check the e-mail address.';
  if (/\b554\b|spam|blocked|policy/i.test(error))
    return 'The receiving server refused the message, perhaps taking it for spam.';
  if (/\b4\d\d\b/.test(error)) return 'The mail server asked to try later. Send it again in a while.';
  return 'The mail server refused the message.';
};
