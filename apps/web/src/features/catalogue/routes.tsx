import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * The catalogue (spec 3 §2): brands, categories and classes under /crm/products, with the CRM tab bar.
 * Items, vendors, margins, stocks, purchases and sales have their own features.
 */
export const routes: RouteObject[] = [
  { path: 'crm/products/brands', element: lazyPage(() => import('./list-page'), 'BrandsListPage') },
  { path: 'crm/products/categories', element: lazyPage(() => import('./list-page'), 'CategoriesListPage') },
  { path: 'crm/products/classes', element: lazyPage(() => import('./list-page'), 'ClassesListPage') },
  // Spec 3 §2 names the vendor list /crm/products/vendors once; its tab, detail and route rule live under
  // /admin/products/vendors.
  { path: 'crm/products/vendors', element: <Navigate to="/admin/products/vendors" replace /> },
];
