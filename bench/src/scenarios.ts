import { CUSTOMER_DETAIL_ROW, customerId } from './datasets/customers.ts';
import { ITEM_LIST_DEEP_PAGE, itemId } from './datasets/items.ts';
import type { HttpRequest } from './load.ts';

export type ScenarioKind = 'detail' | 'list' | 'dashboard' | 'auth' | 'write';

export type ScenarioContext = {
  /** Bench user numbers that may sign in (Active). */
  activeUsers: number[];
  /** A bench user with a typical number of activities. */
  sampleUserId: string;
  /** A bench task with a creation and 25 updates in its history. */
  sampleTaskId: string;
  /** A bench role id (for the users' roles filter). */
  roleId: string;
  /** Today as YYYY-MM-DD. */
  today: string;
  /** A day `n` days from today. */
  day: (n: number) => string;
  email: (userNumber: number) => string;
  password: string;
  security: unknown;
};

export type Scenario = {
  name: string;
  kind: ScenarioKind;
  /** What one request (or one cycle) does, for the report. */
  description: string;
  requests: (ctx: ScenarioContext) => HttpRequest[];
  /** Replay the request's own SQL through the driver as the database ceiling (reads only). */
  rawReference: boolean;
  /** The statements of the session and permission check are the payload itself (GET /api/auth/me). */
  sessionIsPayload?: boolean;
};

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k).replaceAll('%5B', '[').replaceAll('%5D', ']')}=${encodeURIComponent(v)}`,
    )
    .join('&');

const taskQuery = (ctx: ScenarioContext, page: number) =>
  `/api/hrm/tasks?${q({
    'filters[status][]': 'Pending',
    'filters[date][start]': ctx.day(-90),
    'filters[date][end]': ctx.day(90),
    sortBy: 'date',
    sortOrder: 'desc',
    page,
  })}`;

/**
 * The item list a verifier reads: name contains "kit", state Unverified (a filter only holders of the
 * verify permission may use; the bench administrator has every permission), sorted by name.
 */
const itemQuery = (page: number) =>
  `/api/crm/products/items?${q({
    'filters[name]': 'kit',
    'filters[state][]': 'Unverified',
    sortBy: 'name',
    sortOrder: 'asc',
    page,
  })}`;

/**
 * The customer list a sales coordinator reads: name contains "vidya" (Vidyalayas and Vidya Mandirs, about a
 * quarter of the customers), 500 to 1,500 students, sorted by name. The bench administrator has view-all,
 * so no row scope.
 */
const customerQuery = (page: number) =>
  `/api/crm/customers?${q({
    'filters[name]': 'vidya',
    'filters[numberOfStudents][min]': 500,
    'filters[numberOfStudents][max]': 1500,
    sortBy: 'name',
    sortOrder: 'asc',
    page,
  })}`;

/** What a task cycle carries from one request to the next. */
type Cycle = { id?: string };

const taskBody = (ctx: ScenarioContext, title: string) =>
  JSON.stringify({
    title,
    status: 'Scheduled',
    priority: 'Medium',
    date: ctx.today,
    deadline: ctx.day(7),
    assignedTo: [ctx.sampleUserId],
  });

/**
 * The scenarios of the report, in order. A new record type adds its list, detail and write cycle here
 * (one entry each) and its generator in datasets/.
 */
export const SCENARIOS: Scenario[] = [
  {
    name: 'auth-me',
    kind: 'detail',
    description: 'GET /api/auth/me',
    rawReference: true,
    sessionIsPayload: true,
    requests: () => [{ method: 'GET', path: '/api/auth/me' }],
  },
  {
    name: 'users-list',
    kind: 'list',
    description: 'GET /api/admin/users, status and role filters, sorted by name',
    rawReference: true,
    requests: (ctx) => [
      {
        method: 'GET',
        path: `/api/admin/users?${q({
          'filters[status][]': 'Active',
          'filters[roles][]': ctx.roleId,
          sortBy: 'name',
          sortOrder: 'asc',
        })}`,
      },
    ],
  },
  {
    name: 'tasks-first-page',
    kind: 'list',
    description: 'GET /api/hrm/tasks, status Pending, date ±90 days, sorted by date, page 1',
    rawReference: true,
    requests: (ctx) => [{ method: 'GET', path: taskQuery(ctx, 1) }],
  },
  {
    name: 'tasks-page-500',
    kind: 'list',
    description: 'the same task list, page 500',
    rawReference: true,
    requests: (ctx) => [{ method: 'GET', path: taskQuery(ctx, 500) }],
  },
  {
    name: 'user-activities',
    kind: 'list',
    description: "GET /api/admin/users/{id}/activities (a user's ~2,500 activities)",
    rawReference: true,
    requests: (ctx) => [{ method: 'GET', path: `/api/admin/users/${ctx.sampleUserId}/activities` }],
  },
  {
    name: 'task-history',
    kind: 'list',
    description: "GET /api/hrm/tasks/{id}/history (a task's 26 entries, page 1 of 20)",
    rawReference: true,
    requests: (ctx) => [{ method: 'GET', path: `/api/hrm/tasks/${ctx.sampleTaskId}/history` }],
  },
  {
    name: 'vendors-list',
    kind: 'list',
    description:
      'GET /api/crm/products/vendors, name contains "cuttack", sorted by name, page 1 (5,000 vendors)',
    rawReference: true,
    requests: () => [
      {
        method: 'GET',
        path: `/api/crm/products/vendors?${q({ 'filters[name]': 'cuttack', sortBy: 'name', sortOrder: 'asc', page: 1 })}`,
      },
    ],
  },
  {
    name: 'items-first-page',
    kind: 'list',
    description:
      'GET /api/crm/products/items, name contains "kit", state Unverified, sorted by name, page 1 (50,000 items)',
    rawReference: true,
    requests: () => [{ method: 'GET', path: itemQuery(1) }],
  },
  {
    name: `items-page-${ITEM_LIST_DEEP_PAGE}`,
    kind: 'list',
    description: `the same item list, page ${ITEM_LIST_DEEP_PAGE} (rows ${(ITEM_LIST_DEEP_PAGE - 1) * 20 + 1}–${ITEM_LIST_DEEP_PAGE * 20} of 1,172)`,
    rawReference: true,
    requests: () => [{ method: 'GET', path: itemQuery(ITEM_LIST_DEEP_PAGE) }],
  },
  {
    name: 'item-detail',
    kind: 'detail',
    description:
      'GET /api/crm/products/items/{id} (an item with its stock, brand, categories, classes, margin)',
    rawReference: true,
    requests: () => [{ method: 'GET', path: `/api/crm/products/items/${itemId(7)}` }],
  },
  {
    name: 'item-suggestion',
    kind: 'list',
    description: 'GET /api/crm/products/items/suggestion?name=arduino (20 of ~3,000 matches)',
    rawReference: true,
    requests: () => [{ method: 'GET', path: `/api/crm/products/items/suggestion?${q({ name: 'arduino' })}` }],
  },
  {
    name: 'customers-list',
    kind: 'list',
    description:
      'GET /api/crm/customers, name contains "vidya", 500–1,500 students, sorted by name, page 1 (200,000 customers)',
    rawReference: true,
    requests: () => [{ method: 'GET', path: customerQuery(1) }],
  },
  {
    name: 'customer-detail',
    kind: 'detail',
    description:
      'GET /api/crm/customers/{id} (a school with three contacts, its assignee, assignment history and a feedback)',
    rawReference: true,
    requests: () => [{ method: 'GET', path: `/api/crm/customers/${customerId(CUSTOMER_DETAIL_ROW)}` }],
  },
  {
    name: 'admin-dashboard',
    kind: 'dashboard',
    description: 'GET /api/admin/dashboard',
    rawReference: true,
    requests: () => [{ method: 'GET', path: '/api/admin/dashboard' }],
  },
  {
    name: 'crm-dashboard',
    kind: 'dashboard',
    description:
      'GET /api/crm/dashboard (200,000 customers, 1,000,000 follow-ups, 200,000 requirements; view-all)',
    rawReference: true,
    requests: () => [{ method: 'GET', path: '/api/crm/dashboard' }],
  },
  {
    name: 'follow-up-counts',
    kind: 'dashboard',
    description: "GET /api/crm/dashboard/follow-up-counts (the menu badge's overdue and due today)",
    rawReference: true,
    requests: () => [{ method: 'GET', path: '/api/crm/dashboard/follow-up-counts' }],
  },
  {
    name: 'login',
    kind: 'auth',
    description: 'POST /api/auth/login as a rotating bench user (argon2id verify each time)',
    rawReference: false,
    requests: (ctx) => {
      let n = 0;
      return [
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            n = (n + 1) % ctx.activeUsers.length;
            return {
              ...req,
              body: JSON.stringify({
                email: ctx.email(ctx.activeUsers[n]!),
                password: ctx.password,
                ...(ctx.security as object),
              }),
            };
          },
        },
      ];
    },
  },
  {
    name: 'task-cycle',
    kind: 'write',
    description: 'POST + PATCH + DELETE /api/hrm/tasks (3 requests per cycle)',
    rawReference: false,
    requests: (ctx) => [
      {
        method: 'POST',
        path: '/api/hrm/tasks',
        headers: { 'content-type': 'application/json' },
        body: taskBody(ctx, 'Bench task'),
        onResponse: (_status, body, context) => {
          (context as Cycle).id = (JSON.parse(body) as { data?: { _id?: string } }).data?._id;
        },
      },
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req, context) => ({
          ...req,
          path: `/api/hrm/tasks/${(context as Cycle).id}`,
          body: taskBody(ctx, 'Bench task, updated'),
        }),
      },
      {
        method: 'DELETE',
        setupRequest: (req, context) => ({ ...req, path: `/api/hrm/tasks/${(context as Cycle).id}` }),
      },
    ],
  },
];
