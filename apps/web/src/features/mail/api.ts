import { type ListPage, MAIL_PATH, type MailDto } from '@karya/domain';
import type { QueryClient } from '@tanstack/react-query';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

// Mail's calls (issue 28, decision 0024): the caller's own mail (the server scopes it), one mail with its
// text, and sending a failed or unsent one again. Every key starts with 'mails', so a resend refreshes all.

export const mailKeys = recordKeys('mails');

export type MailsPage = ListPage<'mails', MailDto>;

const mailApi = recordApi<MailsPage, MailDto>({ base: MAIL_PATH, keys: mailKeys });

/** GET /hrm/mail: a page of the signed-in user's mail. */
export const fetchMails = mailApi.fetchList;
/** A page of the Mail list; the previous page stays on screen while the next loads. */
export const useMailList = mailApi.useList;
/** GET /hrm/mail/{id}: one mail with its full text. */
export const useMail = mailApi.useOne;

/** POST /hrm/mail/{id}/resend: a new message with the same text; 201 with the new mail. */
export const resendMail = (id: string, idempotencyKey: string) =>
  api.post<MailDto>(mailApi.path(id, '/resend'), undefined, { idempotencyKey });

/** After a resend: every mail list and detail refreshes (the new mail is listed, the old one may change). */
export const refreshAfterResend = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: mailKeys.all });
