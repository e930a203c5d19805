import type { RouteObject } from 'react-router';
import { AdminDashboardPage } from './admin-dashboard-page';
import { CrmDashboardPage } from './crm-dashboard-page';
import { HrmDashboardPage } from './hrm-dashboard-page';

export const routes: RouteObject[] = [
  { path: 'hrm', element: <HrmDashboardPage /> },
  { path: 'crm', element: <CrmDashboardPage /> },
  { path: 'admin', element: <AdminDashboardPage /> },
];
