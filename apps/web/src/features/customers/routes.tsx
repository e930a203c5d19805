import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Customers (spec 2 §2): list, create, check-existence, detail, update and feedback under /crm/customers. */
export const routes: RouteObject[] = [
  { path: 'crm/customers', element: lazyPage(() => import('./list-page'), 'CustomersListPage') },
  { path: 'crm/customers/create', element: lazyPage(() => import('./form-pages'), 'CustomerCreatePage') },
  {
    path: 'crm/customers/check-existence',
    element: lazyPage(() => import('./check-existence-page'), 'CustomerCheckPage'),
  },
  { path: 'crm/customers/:id', element: lazyPage(() => import('./detail-page'), 'CustomerDetailPage') },
  { path: 'crm/customers/:id/update', element: lazyPage(() => import('./form-pages'), 'CustomerUpdatePage') },
  {
    path: 'crm/customers/:id/feedback',
    element: lazyPage(() => import('./feedback-page'), 'CustomerFeedbackPage'),
  },
];
