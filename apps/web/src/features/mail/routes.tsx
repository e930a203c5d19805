import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm/mail', element: lazyPage(() => import('./list-page'), 'MailListPage') },
  { path: 'hrm/mail/:id', element: lazyPage(() => import('./detail-page'), 'MailDetailPage') },
];
