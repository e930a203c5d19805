import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * The catalogue (spec 3 §2): brands, categories and classes under /crm/products, with the CRM tab bar;
 * the admin Stocks, Purchases and Sales tabs show their tab bar over "Coming soon" until their issue.
 * Items, vendors and margins have their own features.
 */
export const routes: RouteObject[] = [
  { path: 'crm/products/brands', element: lazyPage(() => import('./list-page'), 'BrandsListPage') },
  { path: 'crm/products/categories', element: lazyPage(() => import('./list-page'), 'CategoriesListPage') },
  { path: 'crm/products/classes', element: lazyPage(() => import('./list-page'), 'ClassesListPage') },
  // Written out (not mapped) so the size budget's table names these routes.
  {
    path: 'admin/products/stocks',
    element: lazyPage(() => import('./tabbed-coming-soon'), 'AdminProductComingSoonPage'),
  },
  {
    path: 'admin/products/purchases',
    element: lazyPage(() => import('./tabbed-coming-soon'), 'AdminProductComingSoonPage'),
  },
  {
    path: 'admin/products/sales',
    element: lazyPage(() => import('./tabbed-coming-soon'), 'AdminProductComingSoonPage'),
  },
  // Spec 3 §2 names the vendor list /crm/products/vendors once; its tab, detail and route rule live under
  // /admin/products/vendors.
  { path: 'crm/products/vendors', element: <Navigate to="/admin/products/vendors" replace /> },
];
