import type { FastifyInstance } from 'fastify';
import { principalOf } from '../platform/access.ts';
import type { AppDeps } from '../platform/deps.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { catalogueModuleRoutes } from './catalogue/catalogue.routes.ts';
import { companyRoutes } from './company/company.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { followUpsRoutes } from './follow-ups/follow-ups.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { holidaysRoutes } from './holidays/holidays.routes.ts';
import { itemsRoutes } from './items/items.routes.ts';
import { marginsRoutes } from './margins/margins.routes.ts';
import { purchasesRoutes } from './purchases/purchases.routes.ts';
import { quotationDocumentRoutes } from './quotation-document/quotation-document.routes.ts';
import { quotationsRoutes } from './quotations/quotations.routes.ts';
import { getQuotation } from './quotations/quotations.service.ts';
import { requirementsRoutes } from './requirements/requirements.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { salesRoutes } from './sales/sales.routes.ts';
import { stocksRoutes } from './stocks/stocks.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';
import { teamsRoutes } from './teams/teams.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { vendorsRoutes } from './vendors/vendors.routes.ts';

/** Every module's routes under /api. Adding a record type adds one line here. */
export const registerModules = async (api: FastifyInstance, deps: AppDeps) => {
  await healthRoutes(api, deps);
  await filesRoutes(api, deps);
  await authRoutes(api, deps);
  await usersRoutes(api, deps);
  await rolesRoutes(api, deps);
  await dashboardRoutes(api, deps);
  await tasksRoutes(api, deps);
  await teamsRoutes(api, deps);
  await holidaysRoutes(api, deps);
  await companyRoutes(api, deps);
  await catalogueModuleRoutes(api, deps);
  await marginsRoutes(api, deps);
  await vendorsRoutes(api, deps);
  await itemsRoutes(api, deps);
  await stocksRoutes(api, deps);
  await purchasesRoutes(api, deps);
  await salesRoutes(api, deps);
  await customersRoutes(api, deps);
  await requirementsRoutes(api, deps);
  await followUpsRoutes(api, deps);
  await quotationsRoutes(api, deps);
  // The quotation's document (preview data, PDF, e-mail): it reads a quotation through the quotations
  // module's reader, with its row scope.
  await quotationDocumentRoutes(api, deps, (id, request) => getQuotation(deps.db, principalOf(request), id));
};
