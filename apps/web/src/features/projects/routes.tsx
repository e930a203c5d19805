import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * Projects (spec 3 §2; issue 26): the list and the detail under /crm/projects, each page its own chunk. A
 * project is created by approving a quotation (the quotation's Actions menu), so there is no create page.
 */
export const routes: RouteObject[] = [
  { path: 'crm/projects', element: lazyPage(() => import('./list-page'), 'ProjectsListPage') },
  { path: 'crm/projects/:id', element: lazyPage(() => import('./detail-page'), 'ProjectDetailPage') },
];
