import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

// The path is written out, as every feature's routes are: the router is in every page's first load, and
// importing COMPANY_SETTINGS_PATH from the domain would bring the document module (and money.ts) with it.
export const routes: RouteObject[] = [
  {
    path: 'admin/settings/company',
    element: lazyPage(() => import('./settings-page'), 'CompanySettingsPage'),
  },
];
