import type { FastifyInstance } from 'fastify';
import { permission } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { adminDashboard, crmDashboard } from './dashboard.service.ts';

export const dashboardRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  app.get('/admin/dashboard', { config: { access: permission('admin', 'read') } }, async () =>
    ok('Dashboard fetched successfully', await adminDashboard(deps.db, deps.clock.now())),
  );

  app.get('/crm/dashboard', { config: { access: permission('crm', 'read') } }, async () =>
    ok('Dashboard fetched successfully', await crmDashboard()),
  );
};
