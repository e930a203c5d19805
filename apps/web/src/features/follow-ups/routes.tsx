import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Follow-ups (spec 2 §2): list, create, detail and update under /crm/follow-ups. */
export const routes: RouteObject[] = [
  { path: 'crm/follow-ups', element: lazyPage(() => import('./list-page'), 'FollowUpsListPage') },
  { path: 'crm/follow-ups/create', element: lazyPage(() => import('./form-pages'), 'FollowUpCreatePage') },
  { path: 'crm/follow-ups/:id', element: lazyPage(() => import('./detail-page'), 'FollowUpDetailPage') },
  {
    path: 'crm/follow-ups/:id/update',
    element: lazyPage(() => import('./form-pages'), 'FollowUpUpdatePage'),
  },
];
