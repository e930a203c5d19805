import {
  explainMailError,
  type ListQuery,
  MAIL_MESSAGES,
  MAIL_RESENDABLE,
  type MailDto,
  type MailKind,
  type MailStatus,
} from '@karya/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { listPage, runList } from '../../platform/records.ts';

// The mail Karya sent to or for the signed-in user (issue 28, decision 0024): the outbox's rows of that
// user, with their delivery state explained, and a resend where it makes sense.

type Row = typeof mailOutbox.$inferSelect;
const M = MAIL_MESSAGES;

const mayResend = (r: Row) =>
  MAIL_RESENDABLE.includes(r.kind as MailKind) && (r.status === 'failed' || r.status === 'logged');

const toDto = (r: Row): MailDto => ({
  _id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  kind: r.kind as MailKind,
  status: r.status as MailStatus,
  error: r.error,
  explanation: r.status === 'failed' ? explainMailError(r.error) : null,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  canResend: mayResend(r),
});

const columns: ListColumns = {
  filters: {
    kind: { kind: 'in', on: mailOutbox.kind },
    status: { kind: 'in', on: mailOutbox.status },
    to: { kind: 'text', on: mailOutbox.to },
    createdAt: { kind: 'dateRange', on: mailOutbox.createdAt },
  },
  sort: {
    createdAt: mailOutbox.createdAt,
    subject: mailOutbox.subject,
    to: mailOutbox.to,
    status: mailOutbox.status,
  },
  id: mailOutbox.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/** GET /hrm/mail: the caller's own mail, through the list kit. */
export const listMail = async (db: Db, principal: Principal, query: ListQuery) => {
  const { rows, total } = await runList<Row>({
    db,
    table: mailOutbox,
    columns,
    query,
    scope: eq(mailOutbox.userId, principal.user.id),
  });
  return listPage('mails', rows.map(toDto), total, query);
};

const ownMail = async (db: Db, principal: Principal, id: string) => {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.userId, principal.user.id)));
  if (!row) throw notFound(M.notFound);
  return row;
};

/** GET /hrm/mail/{id}: one of the caller's mails; another's is 404. */
export const getMail = async (db: Db, principal: Principal, id: string) =>
  toDto(await ownMail(db, principal, id));

/**
 * POST /hrm/mail/{id}/resend: a failed or unsent mail of a kind that may go again is sent again as a new
 * message (the old one stays as it was, with its error). Delivery is awaited: the answer says how it went.
 */
export const resendMail = async (deps: Pick<AppDeps, 'db' | 'mailer'>, principal: Principal, id: string) => {
  const row = await ownMail(deps.db, principal, id);
  if (!MAIL_RESENDABLE.includes(row.kind as MailKind))
    throw badRequest(M.notResendable(row.kind as MailKind));
  if (row.status === 'sent' || row.status === 'queued') throw badRequest(M.alreadySent);
  const message = {
    to: row.to,
    subject: row.subject,
    text: row.text,
    about: { userId: row.userId, kind: row.kind as MailKind, link: row.link },
  };
  let sent: string;
  try {
    sent = await deps.mailer.send(message);
  } catch (error) {
    // The new row keeps the failure; the answer shows it, explained.
    const failed = (error as { mailId?: string }).mailId;
    if (!failed) throw error;
    sent = failed;
  }
  return toDto(await ownMail(deps.db, principal, sent));
};
