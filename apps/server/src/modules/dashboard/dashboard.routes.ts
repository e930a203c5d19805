import {
  adminDashboardSchema,
  crmDashboardSchema,
  followUpCountsSchema,
  hrmDashboardSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import { permission, principalOf, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { answers } from '../../platform/openapi-answers.ts';
import { adminDashboard, crmDashboard, followUpCounts } from './dashboard.service.ts';
import { hrmDashboard } from './hrm-dashboard.service.ts';

const tags = ['Dashboard'];
const FETCHED = 'Dashboard fetched successfully';

export const dashboardRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  app.get(
    '/admin/dashboard',
    {
      config: { answer: answers(adminDashboardSchema), access: permission('admin', 'read') },
      schema: { tags, summary: 'Admin dashboard figures' },
    },
    async () => ok(FETCHED, await adminDashboard(deps.db, deps.clock.now())),
  );

  app.get(
    '/crm/dashboard',
    {
      config: { answer: answers(crmDashboardSchema), access: permission('crm', 'read') },
      schema: {
        tags,
        summary: 'CRM dashboard figures',
        description:
          'Customers, follow-ups and requirements each counted in the caller’s row scope (zeros without read on ' +
          'the resource); new = created this week (Monday to Sunday in India); upcoming = Scheduled from now ' +
          'to the end of the 7th day ahead; no response = date and time passed, not Cancelled, no response or ' +
          'remarks; overdue / dueToday as in /crm/dashboard/follow-up-counts (decision 0010).',
      },
    },
    async (request) => ok(FETCHED, await crmDashboard(deps.db, principalOf(request), deps.clock.now())),
  );

  app.get(
    '/crm/dashboard/follow-up-counts',
    {
      config: { answer: answers(followUpCountsSchema), access: permission('follow-up', 'read') },
      schema: {
        tags,
        summary: 'The follow-up queue: overdue and due today',
        description:
          'In the caller’s follow-up scope: overdue = Scheduled, Pending or Postponed with its date and time ' +
          'passed (India); dueToday = the same statuses, today, not yet passed. The menu badge polls it.',
      },
    },
    async (request) => ok(FETCHED, await followUpCounts(deps.db, principalOf(request), deps.clock.now())),
  );

  app.get(
    '/hrm/dashboard',
    {
      config: { answer: answers(hrmDashboardSchema), access: signedIn() },
      schema: {
        tags,
        summary: "The caller's open tasks and the coming holidays",
        description:
          'Tasks assigned to the caller that are not completed or cancelled: overdue (due before today in India) and upcoming (due today or later), at most 10 each; the task lists are empty (visible false) without read on task.',
      },
    },
    async (request) => ok(FETCHED, await hrmDashboard(deps.db, principalOf(request), deps.clock.now())),
  );
};
