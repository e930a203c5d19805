import { can, type PermissionSet } from './permission-checks.ts';

// What an action needs beyond its own permission (issue 23). The checks only: the words for them, which need
// the catalogue's labels, are in permission-dependency-messages.ts, so the app's first load stays without
// the catalogue (permissions.ts). Spec 3 §6: a form's pickers search with
// suggestion on their resource, so "create a sale" is only finished by someone who may also search
// customers and items. The dependencies are data, used three ways: the role form shows what a ticked
// action also needs and adds it with one click; a screen never offers an action whose dependencies the user
// lacks (it says who can do it); the server answers such a call with a 403 that names what is missing.

/** One permission: an action on a resource. Written `resource:action` where a string is needed. */
export type PermissionRef = { resource: string; action: string };

/**
 * An action that cannot be finished without more permissions (`needs`, all of them). `purpose` completes
 * "… also needs …, to …" in messages.
 */
export type ActionDependency = PermissionRef & {
  needs: readonly PermissionRef[];
  purpose: string;
  /** How people name doing the action when it is not "Creating …" ('Approving quotations'). */
  doing?: string;
};

/**
 * A field of a form that needs a permission beyond the form's own. Without it the form still works: the
 * field falls back as `fallback` says (preset to the user, or hidden), so it never blocks the action.
 */
export type FieldDependency = PermissionRef & {
  field: string;
  label: string;
  needs: readonly PermissionRef[];
  fallback: string;
};

export const permissionRef = (key: string): PermissionRef => {
  const i = key.indexOf(':');
  return { resource: key.slice(0, i), action: key.slice(i + 1) };
};
const refs = (...keys: string[]) => keys.map(permissionRef);

const dependency = (key: string, needs: string[], purpose: string, doing?: string): ActionDependency => ({
  ...permissionRef(key),
  needs: refs(...needs),
  purpose,
  ...(doing ? { doing } : {}),
});

/**
 * Actions whose form cannot be completed without the listed pickers, or that are only reached from a page
 * that reads (approving, deciding, sending again). Of edits, none: an edit starts from what was picked, so
 * it can be finished without searching (adding a line then needs the picker's search, which the line
 * editor says).
 */
export const ACTION_DEPENDENCIES: readonly ActionDependency[] = [
  dependency(
    'product-sale:create',
    ['customer:suggestion', 'product-item:suggestion'],
    'choose the customer and the items',
  ),
  dependency(
    'product-purchase:create',
    ['product-vendor:suggestion', 'product-item:suggestion'],
    'choose the vendor and the items',
  ),
  dependency('follow-up:create', ['customer:suggestion'], 'choose the customer'),
  dependency(
    'requirement:create',
    ['customer:suggestion', 'product-item:suggestion'],
    'choose the customer and the items',
  ),
  dependency(
    'quotation:create',
    ['customer:suggestion', 'requirement:suggestion', 'product-item:suggestion'],
    'choose the customer, the requirement and the items',
  ),
  // Issue 26 (decision 0014, "Projects and rejections"): Approve is reached from the quotation's page and
  // the approval opens the new project; the rejection form reads the quotation it rejects.
  dependency(
    'project:create',
    ['quotation:read', 'project:read'],
    'open the quotation and then the project it becomes',
    'Approving quotations',
  ),
  dependency(
    'rejection-analysis:create',
    ['quotation:read'],
    'open the quotation it rejects',
    'Rejecting quotations',
  ),
  dependency('team:create', ['user:suggestion'], 'choose the members'),
  // Issue 28: what waits for a decision is found on the attendance and leave pages, which read them; the
  // allocations name roles and people; a mail is sent again from the list that reads it.
  dependency(
    'attendance:update',
    ['attendance:read'],
    'see the corrections that wait for a decision',
    'Deciding attendance corrections',
  ),
  dependency('leave:update', ['leave:read'], 'see the leave that waits for a decision', 'Deciding leave'),
  dependency('leave:delete', ['leave:read'], 'find the leave to cancel', 'Cancelling leave'),
  dependency(
    'leave:allocate',
    ['role:suggestion', 'user:suggestion'],
    'choose the roles and the people',
    'Setting leave allocations',
  ),
  dependency('mail:create', ['mail:read'], 'find the mail to send again', 'Sending mail again'),
  // Expense claims (decision 0025): decided and paid from the lists that read them.
  dependency(
    'expense:update',
    ['expense:read'],
    'see the claims that wait for a decision',
    'Deciding claims',
  ),
  dependency('expense:pay', ['expense:read'], 'find the approved claims', 'Paying claims'),
  dependency('user:create', ['role:suggestion'], 'choose the roles'),
];

/** Fields that need more than their form's permission, and what the form does without it. */
export const FIELD_DEPENDENCIES: readonly FieldDependency[] = [
  {
    ...permissionRef('expense:create'),
    field: 'lines.customer',
    label: 'Customer of an expense',
    needs: refs('customer:suggestion'),
    fallback: 'the expenses name no customer (a visit’s travel still does)',
  },
  {
    ...permissionRef('follow-up:create'),
    field: 'nextFollowUp.followUpBy',
    label: 'Next follow-up by',
    needs: refs('user:suggestion'),
    fallback: 'the next call or mail is yours',
  },
  {
    ...permissionRef('follow-up:create'),
    field: 'followUpBy',
    label: 'Follow-up by',
    needs: refs('user:suggestion'),
    fallback: 'the call or mail is yours',
  },
  // Spec 2 §6: a reason's record is picked by searching it; without the search that reason is not offered.
  ...(['Requirement', 'Quotation', 'Project'] as const).map(
    (reason): FieldDependency => ({
      ...permissionRef('follow-up:create'),
      field: reason.toLowerCase(),
      label: reason,
      needs: refs(`${reason.toLowerCase()}:suggestion`),
      fallback: `the reason ${reason} is not offered`,
    }),
  ),
  {
    ...permissionRef('customer:update'),
    field: 'marginTier',
    label: 'Margin tier',
    needs: refs('product-margin:suggestion'),
    fallback: 'the margin tier is not shown',
  },
  {
    ...permissionRef('customer:assign'),
    field: 'assignedTo',
    label: 'Assigned to',
    needs: refs('user:suggestion'),
    fallback: 'a new customer is assigned to its creator',
  },
  {
    ...permissionRef('task:assign'),
    field: 'assignedTo',
    label: 'Assigned to',
    needs: refs('user:suggestion'),
    fallback: 'the task is yours',
  },
];

export const permissionRefKey = (p: PermissionRef) => `${p.resource}:${p.action}`;

/** The dependency of an action, if it has one. */
export const actionDependency = (resource: string, action: string) =>
  ACTION_DEPENDENCIES.find((d) => d.resource === resource && d.action === action);

/** Every permission an action needs besides its own (none for most). */
export const dependenciesOf = (resource: string, action: string): readonly PermissionRef[] =>
  actionDependency(resource, action)?.needs ?? [];

/** Everything an action needs: itself and its dependencies (whom to name when it cannot be offered). */
export const needsOf = (resource: string, action: string): PermissionRef[] => [
  { resource, action },
  ...dependenciesOf(resource, action),
];

/** What of an action's dependencies the holder of `perms` lacks (empty when it can be finished). */
export const missingDependencies = (perms: PermissionSet, resource: string, action: string) =>
  dependenciesOf(resource, action).filter((p) => !can(perms, p.resource, p.action));

/** Whether `perms` holds the action and everything it needs: the screen may offer it. */
export const canFinish = (perms: PermissionSet, resource: string, action: string) =>
  can(perms, resource, action) && missingDependencies(perms, resource, action).length === 0;

/** Whether a field's extra permissions are held (otherwise the form uses the field's fallback). */
export const canUseField = (perms: PermissionSet, resource: string, action: string, field: string) => {
  const dep = FIELD_DEPENDENCIES.find(
    (d) => d.resource === resource && d.action === action && d.field === field,
  );
  return !dep || dep.needs.every((p) => can(perms, p.resource, p.action));
};

/** Of `list`, the entries whose action `held` grants but whose needs it lacks (with what is missing). */
const gapsIn = <D extends PermissionRef & { needs: readonly PermissionRef[] }>(
  list: readonly D[],
  held: PermissionSet,
) => {
  const gaps: { dependency: D; missing: PermissionRef[] }[] = [];
  for (const d of list) {
    if (!can(held, d.resource, d.action)) continue;
    const missing = d.needs.filter((p) => !can(held, p.resource, p.action));
    if (missing.length) gaps.push({ dependency: d, missing });
  }
  return gaps;
};

/**
 * The role form: for each ticked action, the dependencies the role does not hold yet. `held` is the
 * role's own permissions as a set.
 */
export const roleDependencyGaps = (held: PermissionSet) => gapsIn(ACTION_DEPENDENCIES, held);

/**
 * The role form's quieter list: the fields of a ticked action that fall back because the role lacks what
 * they need (the action can still be finished; the note says what the field does without).
 */
export const roleFieldGaps = (held: PermissionSet) => gapsIn(FIELD_DEPENDENCIES, held);

/** "A user who may update customers and search margins can do it: Priyanka Sahoo, Administrator." */
export const whoCanSentence = (names: readonly string[], total: number) => {
  if (total === 0) return 'Nobody holds this permission yet; an administrator can add it to a role.';
  const more = total > names.length ? ` and ${total - names.length} more` : '';
  return `${names.join(', ')}${more} can do it.`;
};

/**
 * A fix a message asks for, and the permissions it takes: when the reader lacks them, the message names
 * who can make it ('Please add margin tier to customer first. A user who may set margin tiers on customers
 * can do it: Priyanka Sahoo, Administrator.').
 */
export type Fix = { needs: readonly PermissionRef[]; what: string };

export const FIXES = {
  customerMarginTier: {
    needs: refs('customer:update', 'product-margin:suggestion'),
    what: 'set margin tiers on customers',
  },
  itemPricing: { needs: refs('product-item:update', 'product-margin:suggestion'), what: 'update items' },
} as const satisfies Record<string, Fix>;

/** Whether `perms` can make the fix itself. */
export const canFix = (perms: PermissionSet, fix: Fix) =>
  fix.needs.every((p) => can(perms, p.resource, p.action));

/** The sentence added to such a message: who can make the fix. */
export const whoCanFixSentence = (fix: Fix, names: readonly string[], total: number) => {
  if (total === 0) return `Nobody may ${fix.what} yet; an administrator can add it to a role.`;
  const more = total > names.length ? ` and ${total - names.length} more` : '';
  return `A user who may ${fix.what} can do it: ${names.join(', ')}${more}.`;
};
