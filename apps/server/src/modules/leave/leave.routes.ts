import {
  HISTORY_MESSAGES,
  historyListSpec,
  historyPageSchema,
  LEAVE_MESSAGES,
  LEAVE_PATH,
  leaveAllocationsDtoSchema,
  leaveAllocationsSchema,
  leaveApplicationSchema,
  leaveBalancesDtoSchema,
  leaveCalendarDtoSchema,
  leaveCancelSchema,
  leaveDecisionSchema,
  leaveDtoSchema,
  leaveListAnswerSchema,
  leaveListSpec,
  MONTH_RE,
  objectIdSchema,
  todayInAppZone,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaves } from '../../db/schema.ts';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { HISTORY_ROUTE_TEXT, historyPage, historyQueryDocs } from '../../platform/history.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList, type RecordTable } from '../../platform/records.ts';
import {
  applyLeave,
  cancelLeave,
  decideLeave,
  getLeave,
  LEAVE,
  leaveCalendar,
  listLeaves,
} from './leave.service.ts';
import { leaveAllocationsOf, leaveBalances, putLeaveAllocations } from './leave-balances.ts';
import { leaveScope } from './leave-scope.ts';

const M = LEAVE_MESSAGES;
const tags = ['Leave'];
const idParams = z.object({ id: objectIdSchema });
const yearOf = z.coerce
  .number({ error: M.yearInvalid })
  .int(M.yearInvalid)
  .min(2000, M.yearInvalid)
  .max(2100, M.yearInvalid);
const SCOPE_TEXT =
  ' One’s own leave, the leave of the members of the teams one manages (team role manager or admin), or ' +
  'everyone’s with view-all on leave; any other answers 404.';

/** Issue 28: leave (decision 0023). */
export const leaveRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const thisYear = () => Number(todayInAppZone(deps.clock.now()).slice(0, 4));

  r.get(
    LEAVE_PATH,
    {
      config: {
        access: permission('leave', 'read'),
        answer: answers(leaveListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(leaveListSpec) }),
      },
      schema: { tags, summary: 'List leave applications', description: LIST_QUERY_TEXT + SCOPE_TEXT },
    },
    async (request) =>
      ok(M.listed, await listLeaves(deps, principalOf(request), parseList(request.query, leaveListSpec))),
  );

  r.post(
    LEAVE_PATH,
    {
      config: { answer: created(leaveDtoSchema), access: permission('leave', 'create') },
      schema: {
        tags,
        summary: 'Apply for leave',
        description:
          'The caller’s own application, Pending. Days taken are the working days of the range (weekly offs ' +
          'and holidays do not count; a half is half a day). Refused when it overlaps the caller’s pending or ' +
          'approved leave, or asks for more than the balance left (pending days are reserved).',
        body: leaveApplicationSchema,
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(M.applied, await applyLeave(deps, principalOf(request), request.body))),
  );

  r.get(
    `${LEAVE_PATH}/balances`,
    {
      config: { answer: answers(leaveBalancesDtoSchema), access: permission('leave', 'read') },
      schema: {
        tags,
        summary: 'Leave balances of a year',
        description: 'The caller’s, or (`user`) a managed member’s or, with view-all, anyone’s; else 403.',
        querystring: z.object({ year: yearOf.optional(), user: objectIdSchema.optional() }),
      },
    },
    async (request) =>
      ok(
        M.balances,
        await leaveBalances(deps.db, principalOf(request), {
          year: request.query.year ?? thisYear(),
          user: request.query.user,
        }),
      ),
  );

  r.get(
    `${LEAVE_PATH}/calendar`,
    {
      config: { answer: answers(leaveCalendarDtoSchema), access: permission('leave', 'read') },
      schema: {
        tags,
        summary: 'The team’s leave calendar of a month',
        description: `Approved and pending leave overlapping the month (YYYY-MM).${SCOPE_TEXT}`,
        querystring: z.object({
          month: z
            .string({ error: 'Month must be YYYY-MM' })
            .regex(MONTH_RE, 'Month must be YYYY-MM')
            .optional(),
        }),
      },
    },
    async (request) =>
      ok(
        M.calendar,
        await leaveCalendar(
          deps,
          principalOf(request),
          request.query.month ?? todayInAppZone(deps.clock.now()).slice(0, 7),
        ),
      ),
  );

  r.get(
    `${LEAVE_PATH}/allocations`,
    {
      config: { answer: answers(leaveAllocationsDtoSchema), access: permission('leave', 'allocate') },
      schema: {
        tags,
        summary: 'The year’s leave allocations by role and person',
        querystring: z.object({ year: yearOf.optional() }),
      },
    },
    async (request) => ok(M.allocations, await leaveAllocationsOf(deps.db, request.query.year ?? thisYear())),
  );

  r.put(
    `${LEAVE_PATH}/allocations`,
    {
      config: { answer: answers(leaveAllocationsDtoSchema), access: permission('leave', 'allocate') },
      schema: {
        tags,
        summary: 'Replace the year’s leave allocations',
        description: 'The whole list for the year: what is not sent is removed. Days in halves.',
        body: leaveAllocationsSchema,
      },
    },
    async (request) =>
      ok(
        M.allocationsSaved,
        await putLeaveAllocations(deps.db, principalOf(request), request.body, deps.clock.now()),
      ),
  );

  r.get(
    `${LEAVE_PATH}/:id`,
    {
      config: { answer: answers(leaveDtoSchema), access: permission('leave', 'read') },
      schema: { tags, summary: 'One leave application', description: SCOPE_TEXT, params: idParams },
    },
    async (request) => ok(M.fetched, await getLeave(deps, principalOf(request), request.params.id)),
  );

  r.get(
    `${LEAVE_PATH}/:id/history`,
    {
      config: {
        access: permission('leave', 'read'),
        answer: answers(historyPageSchema),
        swaggerTransform: historyQueryDocs,
      },
      schema: {
        tags,
        summary: 'A leave application’s history',
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
          entity: 'leave',
          table: leaves as unknown as RecordTable,
          id: request.params.id,
          messages: LEAVE,
          scope: leaveScope(principal),
          query: parseList(request.query, historyListSpec),
        }),
      );
    },
  );

  r.patch(
    `${LEAVE_PATH}/:id/decision`,
    {
      config: { answer: answers(leaveDtoSchema), access: permission('leave', 'update') },
      schema: {
        tags,
        summary: 'Approve or reject a leave application',
        description:
          'By a manager of a team the person is in, or with view-all; never one’s own; once. A rejection ' +
          'needs a reason.',
        params: idParams,
        body: leaveDecisionSchema,
      },
    },
    async (request) => {
      const leave = await decideLeave(deps, principalOf(request), request.params.id, request.body);
      return ok(leave.status === 'Approved' ? M.approved : M.rejected, leave);
    },
  );

  r.patch(
    `${LEAVE_PATH}/:id/cancel`,
    {
      config: { answer: answers(leaveDtoSchema), access: permission('leave', 'delete') },
      schema: {
        tags,
        summary: 'Cancel a leave application',
        description:
          'One’s own pending leave any time and approved leave until its first day; a decider’s, with a ' +
          'reason, any time while pending or approved. The days return to the balance.',
        params: idParams,
        body: leaveCancelSchema,
      },
    },
    async (request) =>
      ok(M.cancelled, await cancelLeave(deps, principalOf(request), request.params.id, request.body)),
  );
};
