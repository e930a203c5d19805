import {
  MAIL_MESSAGES,
  MAIL_PATH,
  mailDtoSchema,
  mailListAnswerSchema,
  mailListSpec,
  objectIdSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import { getMail, listMail, resendMail } from './mail.service.ts';

const M = MAIL_MESSAGES;
const tags = ['Mail'];
const idParams = z.object({ id: objectIdSchema });
const SCOPE_TEXT =
  ' Only the caller’s own mail (sent to them, or sent by them to customers); any other is 404.';

/** Issue 28: the mail Karya sent to or for the user (decision 0024). */
export const mailRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    MAIL_PATH,
    {
      config: {
        access: permission('mail', 'read'),
        answer: answers(mailListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(mailListSpec) }),
      },
      schema: { tags, summary: 'My mail', description: LIST_QUERY_TEXT + SCOPE_TEXT },
    },
    async (request) =>
      ok(M.listed, await listMail(deps.db, principalOf(request), parseList(request.query, mailListSpec))),
  );

  r.get(
    `${MAIL_PATH}/:id`,
    {
      config: { answer: answers(mailDtoSchema), access: permission('mail', 'read') },
      schema: { tags, summary: 'One mail', description: SCOPE_TEXT, params: idParams },
    },
    async (request) => ok(M.fetched, await getMail(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    `${MAIL_PATH}/:id/resend`,
    {
      config: { answer: created(mailDtoSchema), access: permission('mail', 'create') },
      schema: {
        tags,
        summary: 'Send a mail again',
        description:
          'A failed or unsent reminder or leave mail goes again as a new message (answered, 201, with how its ' +
          'delivery went). Codes are never sent again; quotations and invoices are sent again from their page.' +
          SCOPE_TEXT,
        params: idParams,
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(M.resent, await resendMail(deps, principalOf(request), request.params.id))),
  );
};
