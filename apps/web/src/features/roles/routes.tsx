import type { RouteObject } from 'react-router';

export const rolesRoutes: RouteObject[] = [];
