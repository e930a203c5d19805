import {
  type ActivityType,
  EMPLOYMENT_TYPES_WITH_DURATION,
  type EmploymentType,
  LANGUAGES,
  newId,
  quickDateRange,
  RESOURCES,
  type TaskPriority,
  type TaskStatus,
  type TeamMemberRole,
} from '@karya/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import {
  customerAssignments,
  customers,
  type Device,
  followUps,
  productBrands,
  productCategories,
  productClasses,
  productItems,
  productMargins,
  productStocks,
  productVendors,
  requirements,
  roles,
  tasks,
  teamMembers,
  teams,
  userActivities,
  userRoles,
  users,
} from './db/schema.ts';
import { catalogueDemoRows } from './demo-catalogue.ts';
import { customerDemoRows } from './demo-customers.ts';
import { followUpDemoRows } from './demo-follow-ups.ts';
import { requirementDemoRows } from './demo-requirements.ts';
import { loadStockDemo } from './demo-stock.ts';
import { hashPassword } from './platform/passwords.ts';

/** Every demo user signs in with this password (shown in the README and the start-up banner). */
export const DEMO_PASSWORD = 'Karya@2026';
export const DEMO_EMAIL_DOMAIN = 'karya.local';

const DAY_MS = 24 * 3600 * 1000;

/** mulberry32: a tiny seeded generator, so the demo data is the same on every fresh start. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
};

// ---------------------------------------------------------------------------------------------------
// Roles

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

/** Everyone with a role may open HRM, see and edit their profile and change their password. */
const staffBasics = [
  perm('hrm', ['read']),
  perm('profile', ['read', 'update']),
  perm('auth', ['change-password']),
];

const salesExecutive = [
  ...staffBasics,
  perm('task', ['read', 'create', 'update']),
  perm('crm', ['read']),
  perm('customer', ['create', 'read', 'update', 'suggestion']),
  perm('follow-up', ['create', 'read', 'update']),
  perm('requirement', ['create', 'read', 'update']),
  perm('quotation', ['create', 'read']),
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

const DEMO_ROLES: DemoRole[] = [
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
    description: 'Runs the store: stock, purchases, sales, vendors and product items.',
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
    ],
    createdDaysAgo: 84,
    updatedDaysAgo: 2,
  },
  {
    key: 'hrManager',
    name: 'HR Manager',
    description: 'People and tasks: staff records, attendance, leaves, expenses and task assignment.',
    permissions: [
      ...staffBasics,
      perm('task', 'all'),
      perm('attendance', ['read']),
      perm('leave', ['read']),
      perm('expense', ['read']),
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
    description: 'Leads the sales team: sees and assigns every customer, verifies and prints quotations.',
    permissions: [
      ...withExtra(salesExecutive, {
        task: ['view-all', 'assign'],
        customer: ['view-all', 'assign', 're-assign'],
        'follow-up': ['view-all'],
        requirement: ['view-all'],
        quotation: ['view-all', 'verification', 'print'],
        'product-item': ['verification'],
        'product-item-price': ['original', 'read-pt1', 'read-pt2', 'read-pt3'],
      }),
      // The Verifications and Suggestions menu entries (spec 1: read on their resource).
      perm('admin', ['read']),
      perm('verification', ['read']),
      perm('suggestion', ['read']),
    ],
    createdDaysAgo: 3,
  },
  {
    key: 'accountant',
    name: 'Accountant',
    description: 'Books: reads purchases, sales and staff expenses.',
    permissions: [
      ...staffBasics,
      perm('admin', ['read']),
      perm('product-purchase', ['read']),
      perm('product-sale', ['read']),
      perm('expense', ['read']),
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

// ---------------------------------------------------------------------------------------------------
// People

type Person = { name: string; gender: 'Male' | 'Female' | 'Other' };
const PEOPLE: Person[] = [
  { name: 'Subhashree Mohanty', gender: 'Female' },
  { name: 'Debasish Panda', gender: 'Male' },
  { name: 'Ananya Mishra', gender: 'Female' },
  { name: 'Sourav Behera', gender: 'Male' },
  { name: 'Priyanka Sahoo', gender: 'Female' },
  { name: 'Biswajit Dash', gender: 'Male' },
  { name: 'Sasmita Nayak', gender: 'Female' },
  { name: 'Satyajit Senapati', gender: 'Male' },
  { name: 'Lipsa Pradhan', gender: 'Female' },
  { name: 'Manas Ranjan Sethi', gender: 'Male' },
  { name: 'Smruti Rout', gender: 'Female' },
  { name: 'Prasanta Kumar Mallick', gender: 'Male' },
  { name: 'Itishree Das', gender: 'Female' },
  { name: 'Abinash Barik', gender: 'Male' },
  { name: 'Madhusmita Jena', gender: 'Female' },
  { name: 'Chinmay Acharya', gender: 'Male' },
  { name: 'Sanghamitra Patnaik', gender: 'Female' },
  { name: 'Subrat Mohapatra', gender: 'Male' },
  { name: 'Pragyan Parida', gender: 'Female' },
  { name: 'Ashutosh Tripathy', gender: 'Male' },
  { name: 'Swagatika Swain', gender: 'Female' },
  { name: 'Jyotiranjan Hota', gender: 'Male' },
  { name: 'Monalisa Biswal', gender: 'Female' },
  { name: 'Rakesh Majhi', gender: 'Male' },
  { name: 'Archana Samal', gender: 'Female' },
  { name: 'Tapas Khuntia', gender: 'Male' },
  { name: 'Rashmi Rath', gender: 'Female' },
  { name: 'Niranjan Lenka', gender: 'Male' },
  { name: 'Kiran Bhoi', gender: 'Other' },
  { name: 'Sambit Dehury', gender: 'Male' },
];

/** Cities of Odisha with their coordinates [lat, lng], PIN code and a few localities. */
const CITIES = [
  {
    city: 'Bhubaneswar',
    at: [20.2961, 85.8245],
    zip: '751001',
    areas: ['Saheed Nagar', 'Patia', 'Nayapalli'],
  },
  {
    city: 'Cuttack',
    at: [20.4625, 85.883],
    zip: '753001',
    areas: ['Buxi Bazar', 'College Square', 'CDA Sector 9'],
  },
  { city: 'Puri', at: [19.8135, 85.8312], zip: '752001', areas: ['Grand Road', 'Swargadwar', 'Baliapanda'] },
  {
    city: 'Rourkela',
    at: [22.2604, 84.8536],
    zip: '769001',
    areas: ['Udit Nagar', 'Civil Township', 'Panposh'],
  },
  {
    city: 'Sambalpur',
    at: [21.4669, 83.9812],
    zip: '768001',
    areas: ['Ainthapali', 'Budharaja', 'Modipara'],
  },
  {
    city: 'Berhampur',
    at: [19.315, 84.7941],
    zip: '760001',
    areas: ['Gandhi Nagar', 'Gate Bazar', 'Ankuli'],
  },
  { city: 'Balasore', at: [21.4942, 86.9335], zip: '756001', areas: ['Motiganj', 'Sahadevkhunta', 'Balia'] },
  { city: 'Baripada', at: [21.9322, 86.7517], zip: '757001', areas: ['Bhanjpur', 'Murgabadi', 'Padhanpada'] },
] as const;

const DEVICES: Device[] = [
  { os: 'Windows 11', browser: 'Chrome 131', device: 'Desktop', model: 'Dell OptiPlex 7010' },
  { os: 'Windows 10', browser: 'Edge 130', device: 'Laptop', model: 'HP ProBook 440' },
  { os: 'Android 14', browser: 'Chrome Mobile 131', device: 'Mobile', model: 'Samsung Galaxy M34' },
  { os: 'Android 13', browser: 'Chrome Mobile 130', device: 'Mobile', model: 'Redmi Note 12' },
  { os: 'iOS 17.6', browser: 'Safari 17', device: 'Mobile', model: 'iPhone 13' },
  { os: 'macOS 14', browser: 'Safari 17', device: 'Laptop', model: 'MacBook Air M2' },
  { os: 'Ubuntu 22.04', browser: 'Firefox 132', device: 'Desktop', model: 'Lenovo ThinkCentre' },
];

const CONTACT_NAMES = ['Sarojini', 'Bijay', 'Kabita', 'Ramesh', 'Sunita', 'Pradeep', 'Gita', 'Ranjit'];
const BIOS = [
  'Keeps schools across the district stocked with robotics kits.',
  'Ten years in education sales; loves a good demo day.',
  'Handles the paperwork so the field team does not have to.',
  'Coordinates deliveries and installations of lab equipment.',
];

const emailFor = (name: string) => {
  const parts = name.toLowerCase().split(/\s+/);
  return `${parts[0]}.${parts[parts.length - 1]}@${DEMO_EMAIL_DOMAIN}`;
};

const phoneFor = (rnd: ReturnType<typeof prng>) =>
  `${rnd.int(6, 9)}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`;

/** Today's calendar day where the company works (India), whatever zone the server runs in. */
const indiaDay = (now: Date) => new Date(now.getTime() + 5.5 * 3600 * 1000).toISOString().slice(5, 10);

const pad = (n: number) => String(n).padStart(2, '0');

// ---------------------------------------------------------------------------------------------------
// Teams and HR tasks

/** A person of PEOPLE by index, or the administrator. */
type Who = number | 'admin';
type M = [Who, TeamMemberRole];

type DemoTeam = {
  name: string;
  description: string | null;
  members: M[];
  createdDaysAgo: number;
  createdBy: Who;
  deletedDaysAgo?: number;
};

/** Indices into PEOPLE; 28 is blocked and 29 deleted, so neither is put in a team or given a task. */
const DEMO_TEAMS: DemoTeam[] = [
  {
    name: 'Bhubaneswar Field Sales',
    description: 'School visits and demos across Khordha district: Patia, Saheed Nagar and Nayapalli.',
    members: [
      [4, 'manager'],
      ['admin', 'admin'],
      [0, 'member'],
      [1, 'member'],
      [6, 'member'],
      [7, 'member'],
    ],
    createdDaysAgo: 75,
    createdBy: 'admin',
  },
  {
    name: 'Cuttack School Outreach',
    description: 'Keeps in touch with the schools of Cuttack and Jagatsinghpur after the sale.',
    members: [
      [10, 'manager'],
      [12, 'member'],
      [13, 'member'],
      [18, 'member'],
    ],
    createdDaysAgo: 60,
    createdBy: 'admin',
  },
  {
    name: 'Robotics Lab Installations',
    description: 'Installs and commissions Atal Tinkering Labs and robotics kits on site.',
    members: [
      [2, 'admin'],
      [8, 'manager'],
      [14, 'member'],
      [19, 'member'],
      [25, 'member'],
    ],
    createdDaysAgo: 52,
    createdBy: 'admin',
  },
  {
    // No manager: the team card shows 'No Manager in Team'.
    name: 'Western Odisha Service Desk',
    description: 'After-sales service for Sambalpur, Bargarh and Jharsuguda.',
    members: [
      [15, 'admin'],
      [16, 'member'],
      [21, 'member'],
      [27, 'member'],
    ],
    createdDaysAgo: 40,
    createdBy: 3,
  },
  {
    name: 'HR & Administration',
    description: 'Attendance, leaves, joining formalities and office upkeep.',
    members: [
      [3, 'manager'],
      ['admin', 'admin'],
      [9, 'member'],
    ],
    createdDaysAgo: 82,
    createdBy: 'admin',
  },
  {
    name: 'Accounts & Billing',
    description: null,
    members: [
      [11, 'manager'],
      [5, 'admin'],
      [17, 'member'],
      [23, 'member'],
    ],
    createdDaysAgo: 33,
    createdBy: 3,
  },
  {
    name: 'Puri Coastal Sales',
    description: 'Schools and colleges along the coast from Puri to Konark.',
    members: [
      [22, 'manager'],
      [24, 'member'],
      [20, 'member'],
      [26, 'member'],
    ],
    createdDaysAgo: 5,
    createdBy: 4,
  },
  {
    name: 'Science Fair Squad',
    description: 'Runs the stalls at the state science exhibition in Janata Maidan.',
    members: [
      [0, 'admin'],
      [7, 'manager'],
      [13, 'member'],
      [19, 'member'],
      [1, 'member'],
    ],
    createdDaysAgo: 2,
    createdBy: 'admin',
  },
  {
    name: 'Summer Admission Drive',
    description: 'Temporary team for last season’s admission fairs.',
    members: [
      [10, 'manager'],
      [12, 'member'],
    ],
    createdDaysAgo: 88,
    createdBy: 'admin',
    deletedDaysAgo: 12,
  },
];

type DemoTask = {
  title: string;
  /** The task's date and deadline, in days from today (India). */
  day: number;
  deadline?: number;
  time?: string;
  status: TaskStatus;
  priority: TaskPriority;
  to: Who[];
  by: Who;
  description?: string;
  reason?: string;
};

const task = (
  title: string,
  day: number,
  status: TaskStatus,
  priority: TaskPriority,
  to: Who[],
  by: Who,
  more: Partial<DemoTask> = {},
): DemoTask => ({ title, day, status, priority, to, by, ...more });

const DEMO_TASKS: DemoTask[] = [
  // Overdue (past and still open)
  task('Collect the pending payment from DAV Public School, Cuttack', -9, 'Pending', 'High', ['admin'], 4, {
    deadline: -4,
  }),
  task(
    'Send signed ATL agreement to Kendriya Vidyalaya No. 1',
    -6,
    'Scheduled',
    'Medium',
    ['admin', 3],
    'admin',
  ),
  task('Reconcile petty cash for the Saheed Nagar office', -3, 'In Progress', 'Low', [11], 3, {
    time: '11:00',
  }),
  task(
    'Follow up on the robotics kit quotation for Sai International School',
    -5,
    'Pending',
    'High',
    [0, 1],
    4,
  ),
  task('Verify delivery challans of the Berhampur shipment', -2, 'Scheduled', 'Medium', [2], 'admin'),
  task('Submit travel bills for the Rourkela installation', -8, 'Re-Scheduled', 'Low', [14], 8, {
    deadline: -1,
  }),
  task('Call back the principal of Odisha Adarsha Vidyalaya, Puri', -1, 'Scheduled', 'High', [22], 4, {
    time: '16:30',
  }),
  task(
    'Update the Arduino kit price list after the vendor revision',
    -4,
    'In Progress',
    'Medium',
    ['admin'],
    2,
  ),

  // Closed
  task('Install the 3D printer at DPS Kalinga', -12, 'Completed', 'High', [8, 14], 2),
  task('Collect March attendance sheets from all branches', -15, 'Completed', 'Medium', [3, 9], 'admin'),
  task(
    'Prepare the monthly sales report for the Bhubaneswar region',
    -7,
    'Completed',
    'Medium',
    ['admin'],
    4,
  ),
  task('Book transport for the Sambalpur service visit', -10, 'Completed', 'Low', [15], 3),
  task('Demo of the drone kit at Ravenshaw Collegiate School', -3, 'Cancelled', 'Medium', [12], 10, {
    reason: 'School closed for a local holiday; the demo moves to next month.',
  }),
  task('Order spare servo motors for the robotics lab', 2, 'Cancelled', 'Low', [19], 8, {
    reason: 'Spares arrived with the last shipment.',
  }),
  task('Renew the Cuttack office internet connection', -20, 'Completed', 'Low', [9], 3),

  // This week
  task('Morning review of open quotations', 0, 'Scheduled', 'Medium', ['admin', 4], 'admin', {
    time: '09:30',
  }),
  task('Visit Kendriya Vidyalaya, Baripada for the ATL site survey', 0, 'Scheduled', 'High', [7], 4, {
    time: '14:00',
  }),
  task('Approve leave requests before Raja festival', 1, 'Pending', 'Medium', ['admin'], 3),
  task('Check 3D printer filament stock at the Patia warehouse', 1, 'Scheduled', 'Low', [2, 20], 'admin', {
    time: '10:00',
  }),
  task('Train the new sales executives on the CRM', 2, 'Scheduled', 'Medium', [10, 0, 1], 'admin', {
    time: '15:00',
    description: 'Customers and follow-ups\nQuotations and versions\nTask list and dashboard',
  }),
  task('Get the purchase order signed by Baripada Zilla School', 2, 'In Progress', 'High', [6], 4, {
    deadline: 5,
  }),
  task('Inspect the robotics kits returned from Balasore', 3, 'Scheduled', 'Medium', [25, 8], 2),
  task('Draft the Utkal Divas notice for staff', 3, 'Scheduled', 'Low', ['admin', 9], 3),
  task('Send workshop photos to the marketing team', 4, 'Re-Scheduled', 'Low', [13], 10),
  task('Confirm the science exhibition stall at Janata Maidan', 4, 'Pending', 'High', [0, 7], 'admin', {
    time: '12:00',
  }),
  task('Reconcile GST invoices for the quarter', 5, 'In Progress', 'High', [11, 5], 3, { deadline: 9 }),
  task('Service call: smart board at Sambalpur Zilla School', 5, 'Scheduled', 'Medium', [16], 15),

  // Next weeks
  task('Quarterly stock count at the Cuttack store', 8, 'Scheduled', 'High', ['admin', 2], 'admin', {
    deadline: 10,
  }),
  task('Arrange Atal Tinkering Lab teacher training in Rourkela', 9, 'Scheduled', 'Medium', [14, 19], 8),
  task('Renew the delivery van insurance', 10, 'Scheduled', 'Medium', [9], 3),
  task('Plan the Rath Yatra week delivery schedule', 12, 'Pending', 'Medium', [22, 24], 4),
  task('Fire-safety drill at the Patia office', 13, 'Scheduled', 'Low', ['admin', 3], 3, { time: '11:30' }),
  task('Review vendor rates for microcontroller boards', 14, 'Scheduled', 'Medium', [5], 11, {
    deadline: 21,
  }),
  task('Demo day for Bhadrak block schools', 16, 'Scheduled', 'High', [1, 6, 12], 10),
  task('Appraisal meetings for the field sales team', 18, 'Scheduled', 'Medium', ['admin'], 'admin'),
  task('Collect feedback forms from Puri schools', 20, 'Scheduled', 'Low', [26], 22),
  task('Annual maintenance visit: Jharsuguda labs', 23, 'Scheduled', 'Medium', [21, 27], 15),
  task(
    'Prepare the tender documents for the Koraput district order',
    26,
    'Scheduled',
    'High',
    [4, 'admin'],
    'admin',
    { deadline: 33 },
  ),
  task('Onboard the two new interns', 30, 'Scheduled', 'Low', [3], 'admin'),
  task('Restock STEM books for the Berhampur showroom', 35, 'Scheduled', 'Low', [20], 2),
];

/** A calendar day (YYYY-MM-DD) n days after `day`. */
const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * A record meant to show as new on the admin dashboard, created `when`: no earlier than the start of this
 * week (Monday 00:00 in India, as the dashboard and the This Week chip count it), so on a Monday too the demo
 * has new users, roles and teams. India keeps one offset all year (+05:30).
 */
const inThisWeek = (now: Date, when: Date) => {
  const weekStart = new Date(`${quickDateRange('This Week', now).start}T00:00:00+05:30`);
  return new Date(Math.max(when.getTime(), weekStart.getTime()));
};

/** The demo teams (with members) and HR tasks, as rows for the given users. */
const teamAndTaskRows = (
  now: Date,
  personIds: string[],
  adminId: string | null,
  rnd: ReturnType<typeof prng>,
) => {
  const idOf = (w: Who) => (w === 'admin' ? adminId : (personIds[w] ?? null));
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS - rnd.int(0, 6 * 3600) * 1000);

  const teamRows: (typeof teams.$inferInsert)[] = [];
  const memberRows: (typeof teamMembers.$inferInsert)[] = [];
  for (const t of DEMO_TEAMS) {
    const createdAt = t.createdDaysAgo < 7 ? inThisWeek(now, at(t.createdDaysAgo)) : at(t.createdDaysAgo);
    const id = newId(createdAt);
    const createdBy = idOf(t.createdBy);
    const deletedAt = t.deletedDaysAgo === undefined ? null : at(t.deletedDaysAgo);
    teamRows.push({
      id,
      name: t.name,
      description: t.description,
      isDeleted: deletedAt !== null,
      deletedAt,
      deletedBy: deletedAt ? adminId : null,
      createdBy,
      updatedBy: createdBy,
      createdAt,
      updatedAt: deletedAt ?? createdAt,
    });
    let position = 0;
    for (const [who, role] of t.members) {
      const userId = idOf(who);
      if (userId) memberRows.push({ teamId: id, userId, role, position: position++ });
    }
  }

  const today = new Date(now.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
  const taskRows: (typeof tasks.$inferInsert)[] = DEMO_TASKS.map((t) => {
    // Created a few days before the task's day (never in the future), and stamped as done later.
    const createdAt = at(Math.max(0, -t.day) + rnd.int(1, 6));
    const createdBy = idOf(t.by);
    const closed = t.status === 'Completed' || t.status === 'Cancelled';
    const updatedAt = closed
      ? new Date(Math.min(now.getTime(), createdAt.getTime() + 3 * DAY_MS))
      : createdAt;
    return {
      id: newId(createdAt),
      title: t.title,
      description: t.description ?? null,
      status: t.status,
      priority: t.priority,
      date: shiftDay(today, t.day),
      time: t.time ?? null,
      deadline: t.deadline === undefined ? null : shiftDay(today, t.deadline),
      reason: t.status === 'Cancelled' ? (t.reason ?? null) : null,
      assignedTo: t.to.flatMap((w) => idOf(w) ?? []),
      assignedBy: createdBy,
      createdBy,
      updatedBy: createdBy,
      createdAt,
      updatedAt,
    };
  }).filter((t) => t.assignedTo.length > 0);
  return { teamRows, memberRows, taskRows };
};

export type DemoSummary = {
  loaded: boolean;
  roles: number;
  users: number;
  activities: number;
  teams: number;
  tasks: number;
  /** Brands, categories, classes, margins and vendors. */
  catalogue: number;
  customers: number;
};

/**
 * Demo roles, about 30 staff users and their sign-in history, teams and HR tasks (dated around today), for
 * a newcomer on the embedded database.
 * main.ts calls it only right after the first administrator was created; if the demo roles are already
 * there it does nothing, so a second call cannot duplicate anything. One transaction, bulk inserts, one
 * argon2 hash shared by every demo user (hashing is deliberately slow).
 */
export const loadDemoData = async (db: Db, opts: { now?: Date } = {}): Promise<DemoSummary> => {
  const now = opts.now ?? new Date();
  const rnd = prng(20260101);
  const at = (daysAgo: number, extraMs = 0) => new Date(now.getTime() - daysAgo * DAY_MS + extraMs);

  const [already] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${DEMO_ROLES[0]!.name})`)
    .limit(1);
  if (already)
    return {
      loaded: false,
      roles: 0,
      users: 0,
      activities: 0,
      teams: 0,
      tasks: 0,
      catalogue: 0,
      customers: 0,
    };

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isDeleted, false))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const adminId = admin?.id ?? null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

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
  const working = [
    'salesExecutive',
    'salesExecutive',
    'storeManager',
    'hrManager',
    'salesManager',
    'accountant',
  ];

  const userRows: (typeof users.$inferInsert)[] = [];
  const links: { userId: string; roleId: string }[] = [];
  const activityRows: (typeof userActivities.$inferInsert)[] = [];
  const birthday = indiaDay(now);

  PEOPLE.forEach((person, i) => {
    // A few people joined this week, the rest over the last three months.
    const createdDaysAgo = i < 4 ? rnd.int(0, 6) : rnd.int(8, 90);
    const joined = at(createdDaysAgo, -rnd.int(0, 10 * 3600) * 1000);
    const createdAt = i < 4 ? inThisWeek(now, joined) : joined;
    const id = newId(createdAt);
    const place = rnd.pick(CITIES);
    const employmentType: EmploymentType =
      i % 9 === 4
        ? 'Contract'
        : i % 11 === 6
          ? 'Internship'
          : i % 13 === 7
            ? 'Part-Time'
            : i === 20
              ? 'Freelance'
              : 'Full-Time';
    const needsDuration = EMPLOYMENT_TYPES_WITH_DURATION.includes(employmentType);
    const year = employmentType === 'Internship' ? rnd.int(2000, 2003) : rnd.int(1975, 1999);
    // Person 2 has a birthday today so the greeting banner shows (1996 is a leap year: 29 Feb works too).
    const dateOfBirth =
      i === 2 ? `1996-${birthday}` : `${year}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`;
    const maritalStatus =
      year > 1996
        ? 'Single'
        : rnd.pick(['Married', 'Married', 'Single', 'Married', 'Divorced', 'Widowed'] as const);
    const languages = LANGUAGES.filter((l) => l === 'Odia' || rnd.chance(l === 'English' ? 0.8 : 0.5));
    const contacts = rnd.chance(0.5)
      ? Array.from({ length: rnd.int(1, 3) }, () => {
          const relationship =
            person.gender === 'Female' && maritalStatus === 'Married' && rnd.chance(0.5)
              ? 'Husband'
              : rnd.pick(['Mother', 'Father', 'Brother', 'Sister'] as const);
          return {
            name: `${rnd.pick(CONTACT_NAMES)} ${person.name.split(' ').at(-1)}`,
            relationship,
            phone: phoneFor(rnd),
          };
        })
      : [];
    const deleted = i === PEOPLE.length - 1;
    const blocked = i === PEOPLE.length - 2;
    const handle = person.name.toLowerCase().replace(/\s+/g, '');

    // Sign-in history: 3-10 entries over the last 30 days, never before the account existed.
    const from = Math.max(createdAt.getTime(), now.getTime() - 30 * DAY_MS);
    const count = rnd.int(3, 10);
    const device = rnd.pick(DEVICES);
    const times = Array.from(
      { length: count },
      () => from + rnd.next() * (now.getTime() - 60_000 - from),
    ).sort((a, b) => a - b);
    let lastLogin: Date | null = null;
    let lastPasswordChanged = createdAt;
    for (const t of times) {
      const roll = rnd.next();
      const type: ActivityType =
        roll < 0.75 ? 'LOGIN_SUCCESS' : roll < 0.9 ? 'LOGIN_FAILED' : 'PASSWORD_CHANGE';
      const when = new Date(t);
      const spot = rnd.chance(0.8) ? place : rnd.pick(CITIES);
      activityRows.push({
        id: newId(when),
        userId: id,
        type,
        ipAddress: `10.${rnd.int(0, 20)}.${rnd.int(0, 255)}.${rnd.int(2, 254)}`,
        deviceInfo: rnd.chance(0.85) ? device : rnd.pick(DEVICES),
        message:
          type === 'LOGIN_SUCCESS'
            ? 'Logged in successfully'
            : type === 'LOGIN_FAILED'
              ? 'Login failed: invalid password'
              : 'Password changed successfully',
        location: {
          type: 'Point',
          coordinates: [
            Number((spot.at[0] + (rnd.next() - 0.5) * 0.04).toFixed(5)),
            Number((spot.at[1] + (rnd.next() - 0.5) * 0.04).toFixed(5)),
          ],
        },
        createdAt: when,
      });
      if (type === 'LOGIN_SUCCESS') lastLogin = when;
      if (type === 'PASSWORD_CHANGE') lastPasswordChanged = when;
    }

    userRows.push({
      id,
      name: person.name,
      email: emailFor(person.name),
      phone: phoneFor(rnd),
      gender: person.gender,
      dateOfBirth,
      maritalStatus,
      employmentType,
      duration: needsDuration ? rnd.pick([3, 6, 12, 24]) : 0,
      languages,
      bio: rnd.chance(0.4) ? rnd.pick(BIOS) : null,
      address: {
        street: `Plot ${rnd.int(1, 450)}, ${rnd.pick(place.areas)}`,
        city: place.city,
        state: 'Odisha',
        country: 'India',
        zipCode: place.zip,
      },
      passwordHash,
      status: deleted ? 'Deleted' : blocked ? 'Blocked' : 'Active',
      emergencyContact: contacts,
      socialMedia: rnd.chance(0.3) ? { linkedin: `https://www.linkedin.com/in/${handle}` } : {},
      notes: blocked ? 'Blocked after repeated sign-ins from an unknown device.' : null,
      lastPasswordChanged,
      mustChangePassword: false,
      isEmailVerified: true,
      isPhoneVerified: true,
      lastLogin,
      isDeleted: deleted,
      deletedAt: deleted ? at(1) : null,
      deletedBy: deleted ? adminId : null,
      createdBy: adminId,
      updatedBy: adminId,
      createdAt,
      updatedAt: deleted ? at(1) : new Date(Math.max(createdAt.getTime(), lastPasswordChanged.getTime())),
    });

    const first = working[i % working.length]!;
    links.push({ userId: id, roleId: roleId[first]! });
    // Some hold a second role; two of them the expired seasonal one, so its message shows on sign-in.
    const second =
      i % 10 === 3 ? 'seasonalPromoter' : i % 7 === 2 ? 'hrManager' : i % 8 === 5 ? 'accountant' : null;
    if (second && second !== first) links.push({ userId: id, roleId: roleId[second]! });
  });

  const { teamRows, memberRows, taskRows } = teamAndTaskRows(
    now,
    userRows.map((u) => u.id!),
    adminId,
    prng(20260301),
  );

  // The catalogue is kept by the admin and the first few staff.
  const catalogueRows = catalogueDemoRows(now, [
    ...(adminId ? [adminId] : []),
    ...userRows.slice(0, 3).map((u) => u.id!),
  ]);

  // Customers are with the Sales Executives still working; two with people who have left (Orphaned).
  const roleOf = (i: number) => working[i % working.length];
  const stillWorking = userRows.filter((u) => !u.isDeleted && u.status !== 'Blocked');
  const customerRows = customerDemoRows(now, {
    salesExecutives: userRows
      .filter((u, i) => roleOf(i) === 'salesExecutive' && stillWorking.includes(u))
      .map((u) => u.id!),
    leavers: userRows.filter((u) => !stillWorking.includes(u)).map((u) => u.id!),
    managerId: userRows.find((_, i) => roleOf(i) === 'salesManager')?.id ?? adminId,
  });

  await db.transaction(async (tx) => {
    await tx.insert(roles).values(roleRows);
    await tx.insert(users).values(userRows);
    await tx.insert(userRoles).values(links);
    await tx.insert(userActivities).values(activityRows);
    await tx.insert(teams).values(teamRows);
    await tx.insert(teamMembers).values(memberRows);
    await tx.insert(tasks).values(taskRows);
    await tx.insert(productBrands).values(catalogueRows.brands);
    await tx.insert(productCategories).values(catalogueRows.categories);
    await tx.insert(productClasses).values(catalogueRows.classes);
    await tx.insert(productMargins).values(catalogueRows.margins);
    await tx.insert(productVendors).values(catalogueRows.vendors);
    await tx.insert(productItems).values(catalogueRows.items);
    await tx.insert(productStocks).values(catalogueRows.stocks);
    // The demo sets SKUs 1..n; new items continue after them.
    await tx.execute(sql`select setval('product_item_sku_seq', (select max(sku) from product_items))`);
    await tx.insert(customers).values(customerRows.customers);
    await tx.insert(customerAssignments).values(customerRows.assignments);
    const requirementRows = requirementDemoRows(now, customerRows.customers, catalogueRows.items);
    if (requirementRows.length) {
      await tx.insert(requirements).values(requirementRows);
      // The demo sets numbers 1..n; new requirements continue after them.
      await tx.execute(
        sql`select setval('requirement_id_seq', (select max(requirement_id) from requirements))`,
      );
    }
    const followUpRows = followUpDemoRows(now, customerRows.customers, prng(20260401).next);
    if (followUpRows.length) await tx.insert(followUps).values(followUpRows);
    await loadStockDemo(tx, now, {
      catalogue: catalogueRows,
      customers: customerRows.customers,
      staff: userRows.filter((_, i) => roleOf(i) === 'storeManager').map((u) => u.id!),
      adminId,
    });
  });
  return {
    loaded: true,
    roles: roleRows.length,
    users: userRows.length,
    activities: activityRows.length,
    teams: teamRows.length,
    tasks: taskRows.length,
    catalogue: Object.values(catalogueRows).reduce((sum, rows) => sum + rows.length, 0),
    customers: customerRows.customers.length,
  };
};
