import { can, type PermissionSet } from '@karya/domain';

/**
 * The three areas of the app, in the module display order (hrm, crm, admin), each shown with read on its
 * resource. Apart from the menu (shell/menu.ts) so that what the entry needs (the error pages' "home",
 * the area of a path) carries no sidebar table.
 */
export type Area = 'hrm' | 'crm' | 'admin';

export const AREAS = [
  { area: 'hrm', label: 'HRM', path: '/hrm', resource: 'hrm' },
  { area: 'crm', label: 'CRM', path: '/crm', resource: 'crm' },
  { area: 'admin', label: 'Admin', path: '/admin', resource: 'admin' },
] as const satisfies readonly { area: Area; label: string; path: string; resource: Area }[];

/** Areas the switcher offers: read on hrm, crm or admin. */
export const visibleAreas = (perms: PermissionSet) => AREAS.filter((a) => can(perms, a.resource, 'read'));

/** The area a path belongs to (its first segment); other paths (e.g. /) fall back to undefined. */
export const areaForPath = (pathname: string): Area | undefined => {
  const first = pathname.split('/').filter(Boolean)[0];
  return first === 'hrm' || first === 'crm' || first === 'admin' ? first : undefined;
};

/** Where "home" is for a user: the first area they may open, else their profile. */
export const homePathFor = (perms: PermissionSet) => visibleAreas(perms)[0]?.path ?? '/hrm/profile';
