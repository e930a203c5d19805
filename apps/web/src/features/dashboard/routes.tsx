import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm', element: lazyPage(() => import('./hrm-dashboard-page'), 'HrmDashboardPage') },
  { path: 'crm', element: lazyPage(() => import('./crm-dashboard-page'), 'CrmDashboardPage') },
  { path: 'admin', element: lazyPage(() => import('./admin-dashboard-page'), 'AdminDashboardPage') },
];
