import { newId, RESOURCES } from '@karya/domain';
import { DAY_MS, inThisWeek, type Random } from './common.ts';

const catalogue = new Map(RESOURCES.map((r) => [r.name, r]));

/** A permission whose actions must exist in the catalogue; 'all' takes every action the resource has. */
const perm = (resource: string, actions: readonly string[] | 'all') => {
  const entry = catalogue.get(resource);
  if (!entry) throw new Error(`demo role uses unknown resource ${resource}`);
  const list = actions === 'all' ? [...entry.actions] : [...actions];
  for (const a of list)
    if (!entry.actions.includes(a as never)) throw new Error(`demo role uses ${resource}:${a}`);
  return { resource, module: entry.module as string, actions: list };
};

/**
 * Everyone with a role may open HRM, see and edit their profile, change their password, check in and out, see
 * their own attendance and ask for corrections (issue 28). Update on attendance decides corrections, and the
 * server lets it only for the members of the teams one manages: whoever manages a team can, whatever the role.
 */
const OWN_EXPENSES = ['create', 'read', 'update', 'delete', 'upload-file'];
const basics = (
  attendance: readonly string[] | 'all' = ['create', 'read', 'update'],
  leave: readonly string[] | 'all' = ['create', 'read', 'update', 'delete'],
  expense: readonly string[] | 'all' = OWN_EXPENSES,
) => [
  perm('hrm', ['read']),
  perm('profile', ['read', 'update']),
  perm('auth', ['change-password']),
  perm('attendance', attendance),
  // Leave (decision 0023): apply, see, cancel one's own; update decides, for the teams one manages only.
  perm('leave', leave),
  // Mail (decision 0024): the mail Karya sent to or for oneself, and sending a failed one again.
  perm('mail', ['read', 'create']),
  // Expense claims (decision 0025): make, see, change, submit and delete one's own, with receipts; update
  // decides, for the teams one manages only.
  perm('expense', expense),
];
const staffBasics = basics();

const salesExecutive = [
  ...staffBasics,
  perm('task', ['read', 'create', 'update']),
  perm('crm', ['read']),
  perm('customer', ['create', 'read', 'update', 'suggestion']),
  // suggestion: the lists' search and Ctrl+K palette (issue 23), answered within her own scope.
  perm('follow-up', ['create', 'read', 'update', 'suggestion']),
  perm('requirement', ['create', 'read', 'update', 'suggestion']),
  perm('quotation', ['create', 'read', 'update', 'suggestion']),
  // Her customers' projects (issue 26): read on their pages, and picked on a follow-up with reason Project.
  perm('project', ['read', 'suggestion']),
  perm('product', ['read']),
  perm('product-item', ['read', 'suggestion']),
  // Field sales quote the school tiers; the actual price and the partner tiers stay with managers.
  perm('product-item-price', ['read-t1', 'read-t2', 'read-t3']),
  perm('product-brand', ['read', 'suggestion']),
  perm('product-category', ['read', 'suggestion']),
  perm('product-class', ['read', 'suggestion']),
];

const withExtra = (base: ReturnType<typeof perm>[], extra: Record<string, string[]>) =>
  base.map((p) => (extra[p.resource] ? perm(p.resource, [...p.actions, ...extra[p.resource]!]) : p));

type DemoRole = {
  key: string;
  name: string;
  description: string;
  permissions: ReturnType<typeof perm>[];
  createdDaysAgo: number;
  updatedDaysAgo?: number;
  expiresDaysAgo?: number;
};

export const DEMO_ROLES: DemoRole[] = [
  {
    key: 'salesExecutive',
    name: 'Sales Executive',
    description: 'Field sales: customers, follow-ups, requirements and quotations of their own.',
    permissions: salesExecutive,
    createdDaysAgo: 85,
  },
  {
    key: 'storeManager',
    name: 'Store Manager',
    description:
      'Runs the store: stock, purchases, sales, vendors and product items, and carries projects to handover.',
    permissions: [
      ...staffBasics,
      perm('admin', ['read']),
      perm('product-stock', ['read', 'update', 'adjust']),
      perm('product-purchase', 'all'),
      perm('product-sale', 'all'),
      perm('product-vendor', 'all'),
      perm('product-item', [
        'read',
        'create',
        'update',
        'delete',
        'restore',
        'suggestion',
        'bulk-create',
        'upload-file',
        'delete-file',
      ]),
      perm('product-item-price', 'all'),
      perm('product-brand', 'all'),
      perm('product-category', 'all'),
      perm('product-class', 'all'),
      perm('product-margin', ['read', 'suggestion']),
      perm('product', ['read']),
      perm('crm', ['read']),
      // A sale's customer picker (spec 3 §6): creating a sale needs it (issue 23). The store sells to every
      // customer, so the search spans them all (view-all); without read she opens none of them, and a sale
      // names its customer without a link.
      perm('customer', ['suggestion', 'view-all']),
      // The store and installation team moves every project from dispatch to handover (issue 26).
      perm('project', ['read', 'update', 'suggestion', 'view-all']),
    ],
    createdDaysAgo: 84,
    updatedDaysAgo: 2,
  },
  {
    key: 'hrManager',
    name: 'HR Manager',
    description: 'People and tasks: staff records, attendance, leaves, expenses and task assignment.',
    permissions: [
      // The HR Manager sees everyone's attendance (view-all) and its register, decides everyone's leave and
      // sets the year's allocations.
      // Every submitted claim is hers to decide (view-all); accounts pay them.
      ...basics('all', 'all', [...OWN_EXPENSES, 'view-all']),
      perm('task', 'all'),
      perm('admin', ['read']),
      perm('user', ['read', 'create', 'update', 'suggestion', 'activities']),
      // The user form's role field lists roles through the role suggestion call.
      perm('role', ['suggestion']),
      perm('team', ['read']),
    ],
    createdDaysAgo: 83,
  },
  {
    key: 'salesManager',
    name: 'Sales Manager',
    description:
      'Leads the sales team: sees and assigns every customer, verifies and prints quotations, approves them into projects or records why they were lost.',
    permissions: [
      ...withExtra(salesExecutive, {
        task: ['view-all', 'assign'],
        customer: ['view-all', 'assign', 're-assign'],
        'follow-up': ['view-all'],
        requirement: ['view-all'],
        quotation: ['view-all', 'verification', 'print'],
        project: ['create', 'update', 'delete', 'restore', 'upload-file', 'view-all'],
        'product-item': ['verification'],
        'product-item-price': ['original', 'read-pt1', 'read-pt2', 'read-pt3'],
      }),
      // The Verifications and Suggestions menu entries (spec 1: read on their resource).
      perm('admin', ['read']),
      perm('verification', ['read']),
      perm('suggestion', ['read']),
      // Reject on a quotation records why it was lost; the analyses and the wins-and-losses page (issue 26).
      perm('rejection-analysis', ['read', 'create', 'update', 'delete', 'restore']),
      // Assigning customers and tasks picks a person; the customer's margin tier is picked from the margins
      // (issue 23): the Sales Manager is who the team asks to set it.
      perm('user', ['suggestion']),
      perm('product-margin', ['suggestion']),
    ],
    createdDaysAgo: 3,
  },
  {
    key: 'accountant',
    name: 'Accountant',
    description:
      'Books: reads purchases, sales and staff expenses, and hands them to Tally, the GSTR-1 return and the registers.',
    permissions: [
      // Pays every approved claim (view-all and pay), and claims their own.
      ...basics(undefined, undefined, [...OWN_EXPENSES, 'view-all', 'pay']),
      perm('admin', ['read']),
      perm('product-purchase', ['read']),
      perm('product-sale', ['read']),
      // The accountant's hand-off (issue 27 §3): every export, and the Tally ledger names.
      perm('accounts', 'all'),
    ],
    createdDaysAgo: 60,
  },
  {
    key: 'seasonalPromoter',
    name: 'Seasonal Promoter',
    description: 'Temporary staff for the school admission season; the season is over.',
    permissions: [...staffBasics, perm('crm', ['read']), perm('customer', ['read', 'create'])],
    createdDaysAgo: 80,
    expiresDaysAgo: 10,
  },
];

/** The demo roles as rows made by the administrator, and their ids by key. */
export const roleDemoRows = (now: Date, rnd: Random, adminId: string | null) => {
  const at = (daysAgo: number, extraMs = 0) => new Date(now.getTime() - daysAgo * DAY_MS + extraMs);
  const roleRows = DEMO_ROLES.map((r) => {
    const created = at(r.createdDaysAgo, -rnd.int(0, 8 * 3600) * 1000);
    const createdAt = r.createdDaysAgo < 7 ? inThisWeek(now, created) : created;
    const updatedAt =
      r.updatedDaysAgo === undefined
        ? createdAt
        : r.updatedDaysAgo < 7
          ? inThisWeek(now, at(r.updatedDaysAgo))
          : at(r.updatedDaysAgo);
    return {
      id: newId(createdAt),
      name: r.name,
      description: r.description,
      permissions: r.permissions,
      expiresAt: r.expiresDaysAgo === undefined ? null : at(r.expiresDaysAgo).toISOString().slice(0, 10),
      isSystem: false,
      createdBy: adminId,
      updatedBy: adminId,
      createdAt,
      updatedAt,
    };
  });
  const roleId = Object.fromEntries(DEMO_ROLES.map((r, i) => [r.key, roleRows[i]!.id]));
  return { roleRows, roleId };
};
