import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm/tasks', element: lazyPage(() => import('./list-page'), 'TasksListPage') },
  { path: 'hrm/tasks/:id', element: lazyPage(() => import('./detail-page'), 'TaskDetailPage') },
];
