import type { RouteObject } from 'react-router';
import { TaskDetailPage } from './detail-page';
import { TasksListPage } from './list-page';

export const routes: RouteObject[] = [
  { path: 'hrm/tasks', element: <TasksListPage /> },
  { path: 'hrm/tasks/:id', element: <TaskDetailPage /> },
];
