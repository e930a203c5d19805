import { Navigate, type RouteObject } from 'react-router';

const redirect = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
});

/**
 * Old menu paths that lead to a tab of their area. Every menu path has its screens since expense claims
 * shipped (issue 28): the "Coming soon" pages are gone.
 */
export const routes: RouteObject[] = [
  // CRM
  redirect('crm/products', '/crm/products/items'),
  // Admin
  redirect('admin/products', '/admin/products/stocks'),
  redirect('admin/verifications', '/admin/verifications/items'),
  redirect('admin/suggestions', '/admin/suggestions/items'),
];
