import type { Module } from './enums.ts';

/** Every permission action (spec 1 §3). */
export const ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  'restore',
  'delete-permanently',
  'bulk-create',
  'bulk-delete',
  'bulk-restore',
  'bulk-delete-permanently',
  'upload-file',
  'delete-file',
  'verification',
  'suggestion',
  'login',
  'logout',
  'verify-token',
  'change-password',
  'adjust',
  'original',
  'read-t1',
  'read-t2',
  'read-t3',
  'read-pt1',
  'read-pt2',
  'read-pt3',
  'print',
  'feedback-create',
  'feedback-read',
  'feedback-delete',
  'activities',
  'assign',
  're-assign',
  'allow-login-outside-region',
  'view-all',
  'export-tally',
  'export-gstr1',
  'export-registers',
  'allocate',
  'pay',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * How each action reads on screen (the role form's matrix, permission tables): words people use. The
 * action itself (`delete-permanently`) stays what is stored and sent, and is still found by a search.
 */
export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  create: 'Create',
  read: 'Read',
  update: 'Update',
  delete: 'Delete',
  restore: 'Restore',
  'delete-permanently': 'Delete permanently',
  'bulk-create': 'Bulk create',
  'bulk-delete': 'Bulk delete',
  'bulk-restore': 'Bulk restore',
  'bulk-delete-permanently': 'Bulk delete permanently',
  'upload-file': 'Upload files',
  'delete-file': 'Delete files',
  verification: 'Verify',
  suggestion: 'Search suggestions',
  login: 'Sign in',
  logout: 'Sign out',
  'verify-token': 'Verify code',
  'change-password': 'Change password',
  adjust: 'Adjust stock',
  original: 'See actual price',
  'read-t1': 'See T1 price',
  'read-t2': 'See T2 price',
  'read-t3': 'See T3 price',
  'read-pt1': 'See PT1 price',
  'read-pt2': 'See PT2 price',
  'read-pt3': 'See PT3 price',
  print: 'Print',
  'feedback-create': 'Give feedback',
  'feedback-read': 'View feedback',
  'feedback-delete': 'Delete feedback',
  activities: 'View activities',
  assign: 'Assign to others',
  're-assign': 'Reassign',
  'allow-login-outside-region': 'Sign in from outside the region',
  'view-all': 'View all records',
  'export-tally': 'Export to Tally',
  'export-gstr1': 'Export GSTR-1',
  'export-registers': 'Export registers',
  allocate: 'Set leave allocations',
  pay: 'Mark claims paid',
};

/** The label of an action; an unknown one (from an older role) reads as itself. */
export const actionLabel = (action: string) => ACTION_LABELS[action as Action] ?? action;

const LIFECYCLE: Action[] = ['create', 'read', 'update', 'delete', 'restore', 'delete-permanently'];
const BULK: Action[] = ['bulk-create', 'bulk-delete', 'bulk-restore', 'bulk-delete-permanently'];

export type ResourceDefinition = { name: string; module: Module; actions: readonly Action[] };

/**
 * The resource catalogue: which actions make sense on which resource. The role form offers exactly these
 * checkboxes, the server validates role permissions against it, and GET /admin/resources serves it.
 * `hrm`, `crm` and `admin` are the area resources: read on them opens that area and its dashboard.
 */
export const RESOURCES: readonly ResourceDefinition[] = [
  // hrm
  { name: 'hrm', module: 'hrm', actions: ['read'] },
  { name: 'profile', module: 'hrm', actions: ['read', 'update'] },
  { name: 'auth', module: 'hrm', actions: ['login', 'logout', 'verify-token', 'change-password'] },
  { name: 'task', module: 'hrm', actions: [...LIFECYCLE, ...BULK, 'assign', 'view-all'] },
  { name: 'attendance', module: 'hrm', actions: ['create', 'read', 'update', 'delete', 'view-all'] },
  { name: 'leave', module: 'hrm', actions: ['create', 'read', 'update', 'delete', 'view-all', 'allocate'] },
  {
    name: 'expense',
    module: 'hrm',
    actions: ['create', 'read', 'update', 'delete', 'upload-file', 'view-all', 'pay'],
  },
  { name: 'mail', module: 'hrm', actions: ['create', 'read', 'delete'] },
  // crm
  { name: 'crm', module: 'crm', actions: ['read'] },
  {
    name: 'customer',
    module: 'crm',
    actions: [
      ...LIFECYCLE,
      ...BULK,
      'suggestion',
      'feedback-create',
      'feedback-read',
      'feedback-delete',
      'assign',
      're-assign',
      'view-all',
      'logout',
    ],
  },
  { name: 'follow-up', module: 'crm', actions: [...LIFECYCLE, ...BULK, 'suggestion', 'view-all'] },
  { name: 'requirement', module: 'crm', actions: [...LIFECYCLE, ...BULK, 'suggestion', 'view-all'] },
  {
    name: 'quotation',
    module: 'crm',
    actions: [...LIFECYCLE, ...BULK, 'suggestion', 'print', 'verification', 'original', 'view-all'],
  },
  // The bulk forms of the lifecycle tail (decision 0016) as on quotations; there is no bulk create.
  {
    name: 'project',
    module: 'crm',
    actions: [
      ...LIFECYCLE,
      'bulk-delete',
      'bulk-restore',
      'bulk-delete-permanently',
      'suggestion',
      'upload-file',
      'view-all',
    ],
  },
  { name: 'product', module: 'crm', actions: ['read'] },
  {
    name: 'product-item',
    module: 'crm',
    actions: [...LIFECYCLE, ...BULK, 'suggestion', 'verification', 'upload-file', 'delete-file'],
  },
  { name: 'product-brand', module: 'crm', actions: [...LIFECYCLE, 'suggestion'] },
  { name: 'product-category', module: 'crm', actions: [...LIFECYCLE, 'suggestion'] },
  { name: 'product-class', module: 'crm', actions: [...LIFECYCLE, 'suggestion'] },
  // Spec 3 §6: `original` shows the actual price (the price to show), read-{tier} that tier's price.
  {
    name: 'product-item-price',
    module: 'crm',
    actions: ['original', 'read-t1', 'read-t2', 'read-t3', 'read-pt1', 'read-pt2', 'read-pt3'],
  },
  // admin
  { name: 'admin', module: 'admin', actions: ['read'] },
  {
    name: 'user',
    module: 'admin',
    actions: [...LIFECYCLE, 'suggestion', 'change-password', 'activities', 'allow-login-outside-region'],
  },
  { name: 'role', module: 'admin', actions: ['create', 'read', 'update', 'delete', 'suggestion'] },
  { name: 'team', module: 'admin', actions: [...LIFECYCLE, 'suggestion'] },
  { name: 'product-margin', module: 'admin', actions: [...LIFECYCLE, 'suggestion'] },
  { name: 'product-stock', module: 'admin', actions: ['read', 'update', 'adjust'] },
  { name: 'product-purchase', module: 'admin', actions: LIFECYCLE },
  { name: 'product-sale', module: 'admin', actions: LIFECYCLE },
  { name: 'product-vendor', module: 'admin', actions: [...LIFECYCLE, 'suggestion'] },
  { name: 'rejection-analysis', module: 'admin', actions: LIFECYCLE },
  { name: 'verification', module: 'admin', actions: ['read', 'verification'] },
  { name: 'suggestion', module: 'admin', actions: ['read', 'create', 'update', 'delete'] },
  // Issue 25: the company and bank details a document prints (any signed-in user reads them).
  { name: 'company-settings', module: 'admin', actions: ['read', 'update'] },
  // Issue 27 §3: the accountant's hand-off; read opens the page, update sets the Tally ledger names, and
  // each export is its own action (decision 0019).
  {
    name: 'accounts',
    module: 'admin',
    actions: ['read', 'update', 'export-tally', 'export-gstr1', 'export-registers'],
  },
];

export const RESOURCE_NAMES = RESOURCES.map((r) => r.name);
export type ResourceName = string;

export const SUPER_ADMIN_ROLE_NAME = 'Super Admin';
export const isSuperAdminRoleName = (name: string) => name.trim().toLowerCase() === 'super admin';

/** Every resource with every action: the Super Admin role's permissions. */
export const allPermissions = (): { resource: string; actions: string[]; module: Module }[] =>
  RESOURCES.map((r) => ({ resource: r.name, module: r.module, actions: [...r.actions] }));
