import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

const soon = (path: string): RouteObject => ({
  path,
  element: lazyPage(() => import('./coming-soon-page'), 'ComingSoonPage'),
});
const redirect = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
});

/**
 * Every menu path that has no screen yet lands on a clear "Coming soon" page. Only splat (`x/*`) routes
 * here: React Router ranks any static or dynamic path above a splat, so a feature that ships its screens
 * outranks these without editing this file (its line can go when the whole area has shipped).
 */
export const routes: RouteObject[] = [
  // HRM
  soon('hrm/expenses/*'),
  // CRM
  redirect('crm/products', '/crm/products/items'),
  // Admin
  redirect('admin/products', '/admin/products/stocks'),
  redirect('admin/verifications', '/admin/verifications/items'),
  redirect('admin/suggestions', '/admin/suggestions/items'),
];
