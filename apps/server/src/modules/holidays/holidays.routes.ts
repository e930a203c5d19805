import { holidaysAnswerSchema, isCalendarDay, todayInAppZone } from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { answers } from '../../platform/openapi-answers.ts';
import { addDays, listHolidays } from './holidays.service.ts';

const tags = ['Holidays'];
/** The longest range one call may ask for. */
const MAX_DAYS = 3 * 366;

/** Exactly a real day: isCalendarDay alone looks at the first ten characters only. */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDay(v);

const day = (name: string) =>
  z.string().trim().refine(isDay, `${name} must be a date (YYYY-MM-DD)`).optional();

/** Both ends given and both real days: only then are they compared (a bad day has its own message). */
const bothDays = (q: { from?: string; to?: string }): q is { from: string; to: string } =>
  Boolean(q.from && q.to && isDay(q.from) && isDay(q.to));

const rangeQuery = z
  .object({ from: day('from'), to: day('to') })
  .refine((q) => !bothDays(q) || q.from <= q.to, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => !bothDays(q) || q.to <= addDays(q.from, MAX_DAYS), {
    message: 'The range must not exceed three years',
    path: ['to'],
  });

export const holidaysRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/hrm/holidays',
    {
      config: { answer: answers(holidaysAnswerSchema), access: signedIn() },
      schema: {
        tags,
        summary: 'National and Odisha holidays in a date range',
        description:
          'from and to are inclusive calendar days (YYYY-MM-DD); from defaults to today in India, to to a year after from.',
        querystring: rangeQuery,
      },
    },
    async (request) => {
      const from = request.query.from ?? todayInAppZone(deps.clock.now());
      const to = request.query.to ?? addDays(from, 365);
      return ok('Holidays fetched successfully', { holidays: await listHolidays(deps.db, { from, to }) });
    },
  );
};
