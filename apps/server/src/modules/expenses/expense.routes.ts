import {
  COMPANY_SETTINGS_RESOURCE,
  EXPENSE_MESSAGES,
  EXPENSE_PATH,
  expenseClaimDeletedSchema,
  expenseClaimDetailDtoSchema,
  expenseClaimListAnswerSchema,
  expenseClaimSchema,
  expenseDecisionSchema,
  expenseListSpec,
  expensePaymentSchema,
  expenseReceiptDtoSchema,
  expenseRegisterFileName,
  expenseRulesDtoSchema,
  expenseRulesSchema,
  expenseTotalsDtoSchema,
  HISTORY_MESSAGES,
  historyListSpec,
  historyPageSchema,
  MONTH_RE,
  objectIdSchema,
  todayInAppZone,
  visitTravelSchema,
  XLSX_MIME,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expenseClaims } from '../../db/schema.ts';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { HISTORY_ROUTE_TEXT, historyPage, historyQueryDocs } from '../../platform/history.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created, fileAnswer } from '../../platform/openapi-answers.ts';
import { parseList, type RecordTable } from '../../platform/records.ts';
import { streamWorkbook } from '../../platform/xlsx-stream.ts';
import {
  claimVisitTravel,
  createClaim,
  decideClaim,
  deleteClaim,
  EXPENSE,
  getClaim,
  listClaims,
  payClaim,
  submitClaim,
  updateClaim,
} from './expense.service.ts';
import { sendReceipt, uploadReceipt } from './expense-receipts.ts';
import { expenseRegister, expenseTotals } from './expense-reports.ts';
import { expenseScope, getExpenseRules, putExpenseRules } from './expense-scope.ts';

const M = EXPENSE_MESSAGES;
const tags = ['Expenses'];
const idParams = z.object({ id: objectIdSchema });
const SCOPE_TEXT =
  ' One’s own claims (drafts too), and the others’ once submitted: the members of the teams one manages ' +
  '(team role manager or admin), or everyone’s with view-all on expense; any other answers 404.';

/** Issue 28: expense claims (decision 0025). */
export const expenseRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => todayInAppZone(deps.clock.now());

  r.get(
    EXPENSE_PATH,
    {
      config: {
        access: permission('expense', 'read'),
        answer: answers(expenseClaimListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(expenseListSpec) }),
      },
      schema: { tags, summary: 'List expense claims', description: LIST_QUERY_TEXT + SCOPE_TEXT },
    },
    async (request) =>
      ok(
        M.listed,
        await listClaims(deps.db, principalOf(request), parseList(request.query, expenseListSpec)),
      ),
  );

  r.post(
    EXPENSE_PATH,
    {
      config: { answer: created(expenseClaimDetailDtoSchema), access: permission('expense', 'create') },
      schema: {
        tags,
        summary: 'Make an expense claim (a draft)',
        description:
          'The caller’s own, Draft. Amounts in rupees; travel with distanceKm is priced by the rate per km ' +
          '(the amount sent is ignored). Receipts are uploaded first (POST /hrm/expenses/receipts).',
        body: expenseClaimSchema,
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(M.created, await createClaim(deps, principalOf(request), request.body))),
  );

  r.post(
    `${EXPENSE_PATH}/receipts`,
    {
      config: {
        answer: created(expenseReceiptDtoSchema),
        access: permission('expense', 'upload-file'),
        swaggerTransform: documentedInput({ multipartFile: 'file' }),
      },
      schema: {
        tags,
        summary: 'Upload a receipt (multipart: file)',
        description:
          'A photo (JPEG, PNG, WebP) or a PDF, by its content, at most 5 MB. Private to the uploader until a ' +
          'line of their claim names it (`receipt`).',
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(M.receiptStored, await uploadReceipt(deps, principalOf(request), request))),
  );

  r.post(
    `${EXPENSE_PATH}/visit-travel`,
    {
      config: { answer: created(expenseClaimDetailDtoSchema), access: permission('expense', 'create') },
      schema: {
        tags,
        summary: 'Claim the travel of a visit',
        description:
          'A completed visit the caller made (a visitor or its owner), claimed once: a travel line with its ' +
          'customer and date, added to the caller’s newest draft (a new draft when none).',
        body: visitTravelSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(M.visitClaimed, await claimVisitTravel(deps, principalOf(request), request.body))),
  );

  r.get(
    `${EXPENSE_PATH}/totals`,
    {
      config: { answer: answers(expenseTotalsDtoSchema), access: permission('expense', 'read') },
      schema: {
        tags,
        summary: 'A person’s claimed, approved and paid rupees per month',
        description: 'The caller’s, or (`user`) a managed member’s or, with view-all, anyone’s; else 403.',
        querystring: z.object({
          year: z.coerce
            .number({ error: M.yearInvalid })
            .int(M.yearInvalid)
            .min(2000, M.yearInvalid)
            .max(2100, M.yearInvalid)
            .optional(),
          user: objectIdSchema.optional(),
        }),
      },
    },
    async (request) =>
      ok(
        M.totals,
        await expenseTotals(deps.db, principalOf(request), {
          year: request.query.year ?? Number(today().slice(0, 4)),
          user: request.query.user,
        }),
      ),
  );

  r.get(
    `${EXPENSE_PATH}/register`,
    {
      config: { answer: fileAnswer(XLSX_MIME), access: permission('expense', 'read') },
      compress: false,
      schema: {
        tags,
        summary: 'The month’s expense register (.xlsx)',
        description:
          'Every expense dated in the month, of the claims past Draft of the teams the caller manages ' +
          '(everyone’s with view-all). 403 for someone who manages no team.',
        querystring: z.object({
          month: z.string({ error: M.monthInvalid }).regex(MONTH_RE, M.monthInvalid).optional(),
        }),
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? today().slice(0, 7);
      const sheet = await expenseRegister(deps.db, principalOf(request), month);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${expenseRegisterFileName(month)}"`)
        .header('cache-control', 'no-store')
        .send(
          streamWorkbook({
            sheets: [sheet],
            framed: false,
            onError: (err) => request.log.error({ err }, 'The expense register failed part-way'),
          }),
        );
    },
  );

  r.get(
    `${EXPENSE_PATH}/rules`,
    {
      config: { answer: answers(expenseRulesDtoSchema), access: permission('expense', 'read') },
      schema: { tags, summary: 'The company’s expense rules' },
    },
    async () => ok(M.rules, await getExpenseRules(deps.db)),
  );

  r.put(
    `${EXPENSE_PATH}/rules`,
    {
      config: {
        answer: answers(expenseRulesDtoSchema),
        access: permission(COMPANY_SETTINGS_RESOURCE, 'update'),
      },
      schema: {
        tags,
        summary: 'Change the expense rules',
        description:
          'The rupees per km of travel and the amount above which a receipt is needed. Needs update on company ' +
          'settings. Travel already claimed keeps the rate it was priced at.',
        body: expenseRulesSchema,
      },
    },
    async (request) =>
      ok(M.rulesSaved, await putExpenseRules(deps.db, principalOf(request), request.body, deps.clock.now())),
  );

  r.get(
    `${EXPENSE_PATH}/:id`,
    {
      config: { answer: answers(expenseClaimDetailDtoSchema), access: permission('expense', 'read') },
      schema: {
        tags,
        summary: 'One expense claim with its lines',
        description: SCOPE_TEXT,
        params: idParams,
      },
    },
    async (request) => ok(M.fetched, await getClaim(deps.db, principalOf(request), request.params.id)),
  );

  r.get(
    `${EXPENSE_PATH}/:id/receipts/:fileId`,
    {
      config: {
        answer: fileAnswer('image/jpeg', 'image/png', 'image/webp', 'application/pdf'),
        access: permission('expense', 'read'),
      },
      schema: {
        tags,
        summary: 'A receipt of a claim',
        description: SCOPE_TEXT,
        params: z.object({ id: objectIdSchema, fileId: objectIdSchema }),
      },
    },
    async (request, reply) => sendReceipt(deps, principalOf(request), request.params, reply),
  );

  r.get(
    `${EXPENSE_PATH}/:id/history`,
    {
      config: {
        access: permission('expense', 'read'),
        answer: answers(historyPageSchema),
        swaggerTransform: historyQueryDocs,
      },
      schema: {
        tags,
        summary: 'An expense claim’s history',
        description: HISTORY_ROUTE_TEXT,
        params: idParams,
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return ok(
        HISTORY_MESSAGES.fetched,
        await historyPage({
          db: deps.db,
          principal,
          entity: 'expense',
          table: expenseClaims as unknown as RecordTable,
          id: request.params.id,
          messages: EXPENSE,
          scope: expenseScope(principal),
          query: parseList(request.query, historyListSpec),
        }),
      );
    },
  );

  r.put(
    `${EXPENSE_PATH}/:id`,
    {
      config: { answer: answers(expenseClaimDetailDtoSchema), access: permission('expense', 'update') },
      schema: {
        tags,
        summary: 'Change one’s own draft or rejected claim',
        description:
          'The purpose and every line (what is not sent is removed). A rejected claim becomes a Draft.',
        params: idParams,
        body: expenseClaimSchema,
      },
    },
    async (request) =>
      ok(M.updated, await updateClaim(deps, principalOf(request), request.params.id, request.body)),
  );

  r.delete(
    `${EXPENSE_PATH}/:id`,
    {
      config: { answer: answers(expenseClaimDeletedSchema), access: permission('expense', 'delete') },
      schema: { tags, summary: 'Delete one’s own draft claim', params: idParams },
    },
    async (request) => ok(M.deleted, await deleteClaim(deps, principalOf(request), request.params.id)),
  );

  r.patch(
    `${EXPENSE_PATH}/:id/submit`,
    {
      config: { answer: answers(expenseClaimDetailDtoSchema), access: permission('expense', 'create') },
      schema: {
        tags,
        summary: 'Submit one’s own draft claim',
        description: 'Every expense over the receipt limit that is not priced by distance needs its receipt.',
        params: idParams,
      },
    },
    async (request) => ok(M.submitted, await submitClaim(deps, principalOf(request), request.params.id)),
  );

  r.patch(
    `${EXPENSE_PATH}/:id/decision`,
    {
      config: { answer: answers(expenseClaimDetailDtoSchema), access: permission('expense', 'update') },
      schema: {
        tags,
        summary: 'Approve or reject a submitted claim',
        description:
          'By a manager of a team the person is in, or with view-all; never one’s own; once. A rejection needs ' +
          'a reason.',
        params: idParams,
        body: expenseDecisionSchema,
      },
    },
    async (request) => {
      const claim = await decideClaim(deps, principalOf(request), request.params.id, request.body);
      return ok(claim.status === 'Approved' ? M.approved : M.rejected, claim);
    },
  );

  r.patch(
    `${EXPENSE_PATH}/:id/payment`,
    {
      config: { answer: answers(expenseClaimDetailDtoSchema), access: permission('expense', 'pay') },
      schema: {
        tags,
        summary: 'Mark an approved claim paid',
        description: 'With the payment’s reference and date (not after today, not before the approval).',
        params: idParams,
        body: expensePaymentSchema,
      },
    },
    async (request) =>
      ok(M.paid, await payClaim(deps, principalOf(request), request.params.id, request.body)),
  );
};
