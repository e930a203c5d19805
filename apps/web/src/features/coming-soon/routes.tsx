import { Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from './coming-soon-page';

const soon = (path: string): RouteObject => ({ path, element: <ComingSoonPage /> });
const redirect = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
});

/**
 * Every menu path that has no screen yet lands on a clear "Coming soon" page; `x/*` catches the sub-paths
 * too. A module that ships its screens removes its lines here and adds its own routes array.
 */
export const comingSoonRoutes: RouteObject[] = [
  // HRM
  soon('hrm/attendances/*'),
  soon('hrm/leaves/*'),
  soon('hrm/tasks'),
  soon('hrm/tasks/:id'),
  soon('hrm/expenses/*'),
  soon('hrm/mail/*'),
  // CRM
  soon('crm/customers/*'),
  soon('crm/follow-ups/*'),
  soon('crm/requirements/*'),
  soon('crm/quotations/*'),
  soon('crm/projects/*'),
  redirect('crm/products', '/crm/products/items'),
  soon('crm/products/items/*'),
  // Admin
  redirect('admin/products', '/admin/products/stocks'),
  soon('admin/products/stocks/*'),
  soon('admin/products/margins/*'),
  soon('admin/products/vendors/*'),
  soon('admin/products/purchases/*'),
  soon('admin/products/sales/*'),
  redirect('admin/verifications', '/admin/verifications/items'),
  soon('admin/verifications/items/*'),
  soon('admin/verifications/quotations/*'),
  soon('admin/verifications/:id'),
  redirect('admin/suggestions', '/admin/suggestions/items'),
  soon('admin/suggestions/items/*'),
  soon('admin/rejection-analysis/*'),
  soon('admin/teams/*'),
];
