import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Requirements (spec 2 §2): list, create, detail and update under /crm/requirements. */
export const routes: RouteObject[] = [
  { path: 'crm/requirements', element: lazyPage(() => import('./list-page'), 'RequirementsListPage') },
  {
    path: 'crm/requirements/create',
    element: lazyPage(() => import('./form-pages'), 'RequirementCreatePage'),
  },
  {
    path: 'crm/requirements/:id',
    element: lazyPage(() => import('./detail-page'), 'RequirementDetailPage'),
  },
  {
    path: 'crm/requirements/:id/update',
    element: lazyPage(() => import('./form-pages'), 'RequirementUpdatePage'),
  },
];
