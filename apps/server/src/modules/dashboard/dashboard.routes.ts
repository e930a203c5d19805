import type { FastifyInstance } from 'fastify';
import { permission, principalOf, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { adminDashboard, crmDashboard } from './dashboard.service.ts';
import { hrmDashboard } from './hrm-dashboard.service.ts';

const tags = ['Dashboard'];
const FETCHED = 'Dashboard fetched successfully';

export const dashboardRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  app.get(
    '/admin/dashboard',
    { config: { access: permission('admin', 'read') }, schema: { tags, summary: 'Admin dashboard figures' } },
    async () => ok(FETCHED, await adminDashboard(deps.db, deps.clock.now())),
  );

  app.get(
    '/crm/dashboard',
    { config: { access: permission('crm', 'read') }, schema: { tags, summary: 'CRM dashboard figures' } },
    async () => ok(FETCHED, await crmDashboard(deps.db)),
  );

  app.get(
    '/hrm/dashboard',
    {
      config: { access: signedIn() },
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
