import type { RouteObject } from 'react-router';

export const comingSoonRoutes: RouteObject[] = [];
