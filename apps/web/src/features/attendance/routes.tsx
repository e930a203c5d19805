import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm/attendances', element: lazyPage(() => import('./attendance-page'), 'AttendancePage') },
];
