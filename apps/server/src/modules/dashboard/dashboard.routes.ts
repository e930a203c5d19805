import type { FastifyInstance } from 'fastify';
import { permission } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { adminDashboard, crmDashboard } from './dashboard.service.ts';

const tags = ['Dashboard'];

export const dashboardRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  app.get(
    '/admin/dashboard',
    { config: { access: permission('admin', 'read') }, schema: { tags, summary: 'Admin dashboard figures' } },
    async () => ok('Dashboard fetched successfully', await adminDashboard(deps.db, deps.clock.now())),
  );

  app.get(
    '/crm/dashboard',
    { config: { access: permission('crm', 'read') }, schema: { tags, summary: 'CRM dashboard figures' } },
    async () => ok('Dashboard fetched successfully', await crmDashboard()),
  );
};
