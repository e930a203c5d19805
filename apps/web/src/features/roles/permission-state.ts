import { MODULES } from '@karya/domain';

/** One row of the permission matrix, as GET /admin/resources serves it. */
export type ResourceItem = { _id: string; name: string; module: string; actions: string[] };

/** A role's permission as the form holds it and the API receives it. */
export type PermissionValue = { resource: string; actions: string[] };

export type AllActionsState = { checked: boolean; indeterminate: boolean };

/** The all-actions checkbox: ticked when every action is selected, indeterminate when only some are. */
export const allActionsState = (selected: readonly string[], all: readonly string[]): AllActionsState => {
  const count = all.filter((a) => selected.includes(a)).length;
  return { checked: all.length > 0 && count === all.length, indeterminate: count > 0 && count < all.length };
};

/**
 * Clicking the all-actions checkbox (spec 1 §2): with nothing selected it selects every action; with
 * some or all selected it clears them.
 */
export const toggleAllActions = (selected: readonly string[], all: readonly string[]): string[] =>
  selected.length === 0 ? [...all] : [];

/** Tick or untick one action; the result keeps the catalogue's action order so the form's dirty check is stable. */
export const toggleAction = (
  selected: readonly string[],
  action: string,
  all: readonly string[],
): string[] => {
  const next = new Set(selected);
  if (next.has(action)) next.delete(action);
  else next.add(action);
  return all.filter((a) => next.has(a));
};

/**
 * Put one resource's actions into the permission list. A resource left with no action is dropped, and the
 * list follows the catalogue order, so untoggling a change gives back the very same value.
 */
export const setResourceActions = (
  permissions: readonly PermissionValue[],
  resource: string,
  actions: readonly string[],
  catalogue: readonly ResourceItem[],
): PermissionValue[] => {
  const byName = new Map(permissions.map((p) => [p.resource, p.actions]));
  byName.set(resource, [...actions]);
  const order = new Map(catalogue.map((r, i) => [r.name, i]));
  return [...byName]
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => ({ resource: name, actions: list }))
    .sort((a, b) => (order.get(a.resource) ?? 1e9) - (order.get(b.resource) ?? 1e9));
};

/** The payload's permissions: only resources with at least one action are sent (spec 1 §5). */
export const buildPermissionsPayload = (permissions: readonly PermissionValue[]): PermissionValue[] =>
  permissions
    .filter((p) => p.actions.length > 0)
    .map((p) => ({ resource: p.resource, actions: [...new Set(p.actions)] }));

export type RoleFormValues = {
  name: string;
  description: string;
  permissions: PermissionValue[];
  expiresAt: string | null;
};

/** What POST and PATCH /admin/roles receive: trimmed text, non-empty permissions, expiry day or null. */
export const buildRolePayload = (values: RoleFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  permissions: buildPermissionsPayload(values.permissions),
  expiresAt: values.expiresAt ? values.expiresAt.slice(0, 10) : null,
});

/** The catalogue grouped by module, in the display order hrm, crm, admin (unknown modules last). */
export const groupByModule = (catalogue: readonly ResourceItem[]) => {
  const known = MODULES as readonly string[];
  const modules = [...known, ...new Set(catalogue.map((r) => r.module).filter((m) => !known.includes(m)))];
  return modules
    .map((module) => ({ module, resources: catalogue.filter((r) => r.module === module) }))
    .filter((g) => g.resources.length > 0);
};

/** Add these actions to the role (the role form's "Add" beside an action's missing dependencies). */
export const addPermissions = (
  permissions: readonly PermissionValue[],
  add: readonly { resource: string; action: string }[],
  catalogue: readonly ResourceItem[],
): PermissionValue[] =>
  add.reduce<PermissionValue[]>(
    (list, p) => {
      const all = catalogue.find((r) => r.name === p.resource)?.actions ?? [p.action];
      const current = list.find((x) => x.resource === p.resource)?.actions ?? [];
      if (current.includes(p.action)) return list;
      return setResourceActions(list, p.resource, toggleAction(current, p.action, all), catalogue);
    },
    [...permissions],
  );
