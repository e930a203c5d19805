import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm/leaves', element: lazyPage(() => import('./leave-page'), 'LeavePage') },
  { path: 'hrm/leaves/:id', element: lazyPage(() => import('./detail-page'), 'LeaveDetailPage') },
];
