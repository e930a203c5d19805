import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_PATH,
  attendanceMonthDtoSchema,
  attendanceRegisterFileName,
  attendanceRulesDtoSchema,
  attendanceRulesSchema,
  attendanceTeamDayDtoSchema,
  COMPANY_SETTINGS_RESOURCE,
  CORRECTION_MESSAGES,
  CORRECTION_STATUSES,
  correctionDecisionSchema,
  correctionDtoSchema,
  correctionListAnswerSchema,
  correctionSchema,
  MONTH_RE,
  objectIdSchema,
  punchAnswerSchema,
  punchSchema,
  todayInAppZone,
  XLSX_MIME,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { answers, created, fileAnswer } from '../../platform/openapi-answers.ts';
import { streamWorkbook } from '../../platform/xlsx-stream.ts';
import {
  attendanceMonth,
  attendanceTeamDay,
  getAttendanceRules,
  putAttendanceRules,
  recordPunch,
} from './attendance.service.ts';
import { attendanceRegister } from './attendance-register.ts';
import { decideCorrection, listCorrections, requestCorrection } from './corrections.service.ts';

const M = ATTENDANCE_MESSAGES;
const tags = ['Attendance'];
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY_RE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const monthQuery = z.object({
  month: z.string({ error: M.monthInvalid }).regex(MONTH_RE, M.monthInvalid).optional(),
  user: objectIdSchema.optional(),
});
const teamQuery = z.object({
  date: z.string({ error: M.dateInvalid }).refine(validDay, M.dateInvalid).optional(),
});

/** Issue 28: attendance (decision 0022). */
export const attendanceRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${ATTENDANCE_PATH}/punches`,
    {
      config: { answer: created(punchAnswerSchema), access: permission('attendance', 'create') },
      schema: {
        tags,
        summary: 'Check in or check out',
        description:
          '`at` is when the user tapped (a punch made without signal is sent later with its own time: up to 7 ' +
          'days old, never ahead of the clock). A check-in while checked in, or a check-out while not, is ' +
          'refused. Send an Idempotency-Key: a punch replayed by the outbox is answered, not recorded twice.',
        body: punchSchema,
      },
    },
    async (request, reply) => {
      const result = await recordPunch(deps, principalOf(request), request.body);
      return reply.status(201).send(ok(request.body.kind === 'in' ? M.checkedIn : M.checkedOut, result));
    },
  );

  r.get(
    `${ATTENDANCE_PATH}/month`,
    {
      config: { answer: answers(attendanceMonthDtoSchema), access: permission('attendance', 'read') },
      schema: {
        tags,
        summary: 'A month of attendance, day by day',
        description:
          'Each day’s status from the punches, the rules, holidays, approved leave and visits logged as ' +
          'follow-ups. The caller’s own month; `user` for a member of a team the caller manages (or anyone, ' +
          'with view-all on attendance). `month` defaults to this month in India.',
        querystring: monthQuery,
      },
    },
    async (request) => {
      const month = request.query.month ?? todayInAppZone(deps.clock.now()).slice(0, 7);
      return ok(
        M.fetched,
        await attendanceMonth(deps, principalOf(request), { month, user: request.query.user }),
      );
    },
  );

  r.get(
    `${ATTENDANCE_PATH}/team`,
    {
      config: { answer: answers(attendanceTeamDayDtoSchema), access: permission('attendance', 'read') },
      schema: {
        tags,
        summary: 'The team’s day',
        description:
          'Everyone in the teams where the caller is a manager or admin (everyone, with view-all on ' +
          'attendance), with that day’s status. `manages: false` when the caller manages no team.',
        querystring: teamQuery,
      },
    },
    async (request) => {
      const date = request.query.date ?? todayInAppZone(deps.clock.now());
      return ok(M.fetched, await attendanceTeamDay(deps, principalOf(request), date));
    },
  );

  r.get(
    `${ATTENDANCE_PATH}/register`,
    {
      config: { answer: fileAnswer(XLSX_MIME), access: permission('attendance', 'read') },
      compress: false,
      schema: {
        tags,
        summary: 'The month’s register (.xlsx)',
        description:
          'A row per person in the teams the caller manages (everyone, with view-all on attendance), a column ' +
          'per day with its code (P, HD, A, L, H, WO, F), then the days of each status, the late days and the ' +
          'hours worked. 403 for someone who manages no team.',
        querystring: monthQuery.pick({ month: true }),
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? todayInAppZone(deps.clock.now()).slice(0, 7);
      const sheet = await attendanceRegister(deps, principalOf(request), month);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${attendanceRegisterFileName(month)}"`)
        .header('cache-control', 'no-store')
        .send(
          streamWorkbook({
            sheets: [sheet],
            framed: false,
            onError: (err) => request.log.error({ err }, 'The attendance register failed part-way'),
          }),
        );
    },
  );

  r.post(
    `${ATTENDANCE_PATH}/corrections`,
    {
      config: { answer: created(correctionDtoSchema), access: permission('attendance', 'create') },
      schema: {
        tags,
        summary: 'Ask for a correction',
        description:
          'A check-in or check-out the caller forgot: the day (today or up to 31 days back), the time in India ' +
          'and a reason. Pending until a manager of the caller’s team (or someone with view-all) decides; one ' +
          'waiting per day and kind.',
        body: correctionSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            CORRECTION_MESSAGES.requested,
            await requestCorrection(deps, principalOf(request), request.body),
          ),
        ),
  );

  r.get(
    `${ATTENDANCE_PATH}/corrections`,
    {
      config: { answer: answers(correctionListAnswerSchema), access: permission('attendance', 'read') },
      schema: {
        tags,
        summary: 'Corrections: the caller’s own and those they may decide',
        description:
          '`{corrections}`, newest first, at most 100: every pending one, and those decided in the last two ' +
          'months. `canDecide` marks those the caller may approve or reject (update on attendance, and a manager ' +
          'of the person’s team or view-all; never one’s own).',
        querystring: z.object({
          status: z.enum(CORRECTION_STATUSES).optional(),
          mine: z.enum(['true', 'false']).optional().describe('true: only the caller’s own requests'),
        }),
      },
    },
    async (request) =>
      ok(
        CORRECTION_MESSAGES.fetched,
        await listCorrections(
          deps,
          principalOf(request),
          request.query.status,
          request.query.mine === 'true',
        ),
      ),
  );

  r.patch(
    `${ATTENDANCE_PATH}/corrections/:id`,
    {
      config: { answer: answers(correctionDtoSchema), access: permission('attendance', 'update') },
      schema: {
        tags,
        summary: 'Approve or reject a correction',
        description:
          'Approved adds the punch at the time asked for, counting for the day asked for; Rejected needs a ' +
          'reason. Once only: a decided correction is refused.',
        params: z.object({ id: objectIdSchema }),
        body: correctionDecisionSchema,
      },
    },
    async (request) => {
      const dto = await decideCorrection(deps, principalOf(request), request.params.id, request.body);
      return ok(dto.status === 'Approved' ? CORRECTION_MESSAGES.approved : CORRECTION_MESSAGES.rejected, dto);
    },
  );

  r.get(
    `${ATTENDANCE_PATH}/rules`,
    {
      config: { answer: answers(attendanceRulesDtoSchema), access: permission('attendance', 'read') },
      schema: { tags, summary: 'The company’s attendance rules' },
    },
    async () => ok(M.fetched, await getAttendanceRules(deps.db)),
  );

  r.put(
    `${ATTENDANCE_PATH}/rules`,
    {
      config: {
        answer: answers(attendanceRulesDtoSchema),
        access: permission(COMPANY_SETTINGS_RESOURCE, 'update'),
      },
      schema: {
        tags,
        summary: 'Change the attendance rules',
        description:
          'Office hours, grace period, half-day threshold and weekly off. Needs update on company settings.',
        body: attendanceRulesSchema,
      },
    },
    async (request) =>
      ok(M.rulesUpdated, await putAttendanceRules(deps.db, principalOf(request), request.body)),
  );
};
