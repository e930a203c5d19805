import type { RouteObject } from 'react-router';
import { TeamDetailPage } from './detail-page';
import { TeamCreatePage, TeamUpdatePage } from './form-pages';
import { TeamsListPage } from './list-page';

export const routes: RouteObject[] = [
  { path: 'admin/teams', element: <TeamsListPage /> },
  { path: 'admin/teams/create', element: <TeamCreatePage /> },
  { path: 'admin/teams/:id', element: <TeamDetailPage /> },
  { path: 'admin/teams/:id/update', element: <TeamUpdatePage /> },
];
