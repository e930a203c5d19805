import { DEFAULT_ATTENDANCE_RULES, DEFAULT_LEDGER_NAMES, daysFromToday, newId } from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceCorrections,
  attendancePunches,
  attendanceRules,
  companySettings,
  customers,
  expenseClaims,
  expenseRules,
  followUps,
  leaveAllocations,
  leaves,
  productBrands,
  productCategories,
  productClasses,
  productItems,
  productMargins,
  productStocks,
  productVendors,
  projects,
  purchases,
  quotations,
  rejectionAnalyses,
  requirements,
  roles,
  sales,
  tasks,
  teams,
  users,
} from '../src/db/schema.ts';
import { approvalForm } from '../src/modules/projects/projects-test-kit.ts';
import { multipartBody } from '../src/modules/users/users-test-kit.ts';
import { verifyPassword } from '../src/platform/passwords.ts';
import { type Agent, adminSession, createTestApp, createUser, type TestContext } from './helpers.ts';

/**
 * Mass assignment: every POST/PATCH body that writes a record, sent with fields the client must never set,
 * is refused or the fields are ignored — the stamped columns stay the server's. One line per route below;
 * a POST/PATCH route in neither list fails the suite.
 */
const HOSTILE_KEYS = [
  '_id',
  'id',
  'roles',
  'password',
  'passwordHash',
  'isDeleted',
  'deletedAt',
  'deletedBy',
  'createdBy',
  'updatedBy',
  'createdAt',
  'status',
  'isEmailVerified',
  'mustChangePassword',
] as const;

/** Routes whose body is not a record's fields, each with the reason. */
const NOT_RECORD_BODIES: Record<string, string> = {
  'POST /api/auth/login': 'credentials',
  'POST /api/auth/logout': 'no body',
  'POST /api/hrm/mail/:id/resend': 'no body; sends a copy of the caller’s own mail',
  'POST /api/hrm/expenses/receipts': 'a file only; stored private to the caller',
  'PATCH /api/hrm/expenses/:id/submit': 'no body; the caller’s own draft becomes Submitted',
  'POST /api/crm/quotations/:id/send': 'an e-mail address (and a version id); writes only a history entry',
  'POST /api/crm/products/sales/:id/send': 'an e-mail address; writes only a history entry',
  'POST /api/auth/:id/change-password': 'old and new password',
  'POST /api/auth/:id/send-otp': 'a method',
  'POST /api/auth/:id/verify-otp': 'a code',
  'POST /api/auth/reset-password/send-otp': 'an e-mail',
  'POST /api/auth/reset-password/verify-otp': 'e-mail, code and password',
  'PATCH /api/admin/users/:id/restore': 'no body',
  'PATCH /api/admin/users/:id/block': 'no body',
  'PATCH /api/admin/users/:id/unblock': 'no body',
  'POST /api/admin/users/:id/change-password': 'a password, by design',
  'POST /api/admin/user-activities': "the caller's own activity",
  'PATCH /api/hrm/tasks/bulk/restore': '{ids}',
  'PATCH /api/hrm/tasks/:id/restore': 'no body',
  'PATCH /api/admin/teams/:id/restore': 'no body',
  'PATCH /api/crm/products/brands/:id/restore': 'no body',
  'PATCH /api/crm/products/categories/:id/restore': 'no body',
  'PATCH /api/crm/products/classes/:id/restore': 'no body',
  'PATCH /api/crm/products/margins/:id/restore': 'no body',
  'PATCH /api/crm/products/vendors/:id/restore': 'no body',
  'PATCH /api/crm/products/items/:id/restore': 'no body',
  'PATCH /api/crm/products/items/bulk/restore': '{ids}',
  'PATCH /api/crm/products/stocks/:id/update-price': 'a price (the schema keeps nothing else)',
  'PATCH /api/crm/products/purchases/:id/restore': 'no body',
  'PATCH /api/crm/products/sales/:id/restore': 'no body',
  'PATCH /api/crm/customers/:id/restore': 'no body',
  'PATCH /api/crm/customers/bulk/restore': '{ids}',
  'POST /api/crm/customers/check-names': 'a list of names; nothing is written',
  'PATCH /api/crm/requirements/:id/restore': 'no body',
  'PATCH /api/crm/requirements/bulk/restore': '{ids}',
  'PATCH /api/crm/follow-ups/:id/restore': 'no body',
  'PATCH /api/crm/follow-ups/bulk/restore': '{ids}',
  'POST /api/crm/customers/duplicates': 'customers to compare (a strict schema); nothing is written',
  'PATCH /api/crm/quotations/:id/restore': 'no body',
  'PATCH /api/crm/quotations/bulk/restore': '{ids}',
  'PATCH /api/crm/quotations/:id/set-active/:versionId': 'no body',
  'PATCH /api/crm/rejection-analysis/:id/restore': 'no body',
  'PATCH /api/crm/projects/:id/restore': 'no body',
  'PATCH /api/crm/projects/bulk/restore': '{ids}',
  'PATCH /api/crm/quotations/:id/review':
    'a review decision (status Approved or Rejected, reason); the reviewer and the time are the server’s',
};

type Row = { id: string; isDeleted?: boolean; deletedBy?: string | null; createdBy?: string | null };
type Case = {
  /** Keys the route legitimately takes (left out of the hostile set). */
  own: readonly string[];
  send: (extra: Record<string, unknown>) => Promise<LightMyRequestResponse>;
  /** The row the call wrote. */
  row: (res: LightMyRequestResponse) => Promise<Row & Record<string, unknown>>;
};

describe('mass assignment', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let victim: { id: string; email: string; password: string };
  let superAdminRole: string;
  let hostile: Record<string, unknown>;
  const cases = new Map<string, () => Promise<Case>>();

  type Table = typeof tasks | typeof teams | typeof roles | typeof users | typeof productMargins;
  const byId = (table: Table | typeof productBrands) => async (id: string) => {
    const t = table as typeof teams;
    const [row] = await ctx.database.db.select().from(t).where(eq(t.id, id));
    return row as unknown as Row & Record<string, unknown>;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    victim = await createUser(ctx.database);
    const [sa] = await ctx.database.db.select({ id: roles.id }).from(roles).limit(1);
    superAdminRole = sa!.id;
    hostile = {
      _id: 'f'.repeat(24),
      id: 'f'.repeat(24),
      roles: [superAdminRole],
      password: 'Hacked@12345',
      passwordHash: 'x',
      isDeleted: true,
      deletedAt: '2020-01-01T00:00:00Z',
      deletedBy: victim.id,
      createdBy: victim.id,
      updatedBy: victim.id,
      createdAt: '2020-01-01T00:00:00Z',
      status: 'Blocked',
      isEmailVerified: true,
      mustChangePassword: false,
    };
    const post = (url: string, body: object) => admin.request({ method: 'POST', url, payload: body });
    const patch = (url: string, body: object) => admin.request({ method: 'PATCH', url, payload: body });
    const idOf = (res: LightMyRequestResponse) => res.json().data._id as string;
    const userRow = byId(users);
    const task = { title: 'Visit school', date: '2026-11-20', assignedTo: [] as string[] };
    const team = () => ({ name: 'Khordha team', members: [{ user: victim.id, role: 'member' }] });
    const newUser = () => ({
      name: 'Mass Assign',
      email: `mass.${newId().slice(-8)}@karya.test`,
      phone: '9876543210',
      gender: 'Male',
      maritalStatus: 'Single',
      languages: ['Odia'],
      address: { city: 'Puri', state: 'Odisha', country: 'India' },
      password: 'Welcome#2026',
    });

    cases.set('POST /api/hrm/tasks', async () => ({
      own: ['status'],
      send: (extra) => post('/api/hrm/tasks', { ...task, assignedTo: [admin.user.id], ...extra }),
      row: (res) => byId(tasks)(idOf(res)),
    }));
    cases.set('PATCH /api/hrm/tasks/:id', async () => {
      const id = idOf(await post('/api/hrm/tasks', { ...task, assignedTo: [admin.user.id] }));
      return {
        own: ['status'],
        send: (extra) => patch(`/api/hrm/tasks/${id}`, { ...task, assignedTo: [admin.user.id], ...extra }),
        row: () => byId(tasks)(id),
      };
    });
    cases.set('POST /api/admin/teams', async () => ({
      own: [],
      send: (extra) => post('/api/admin/teams', { ...team(), ...extra }),
      row: (res) => byId(teams)(idOf(res)),
    }));
    cases.set('PATCH /api/admin/teams/:id', async () => {
      const id = idOf(await post('/api/admin/teams', team()));
      return {
        own: [],
        send: (extra) => patch(`/api/admin/teams/${id}`, { name: 'Khordha team 2', ...extra }),
        row: () => byId(teams)(id),
      };
    });
    cases.set('POST /api/admin/roles', async () => ({
      own: [],
      send: (extra) =>
        post('/api/admin/roles', {
          name: `Role ${newId().slice(-6)}`,
          description: 'd',
          permissions: [{ resource: 'task', actions: ['read'] }],
          ...extra,
        }),
      row: (res) => byId(roles)(idOf(res)),
    }));
    cases.set('PATCH /api/admin/roles/:id', async () => {
      const id = idOf(
        await post('/api/admin/roles', {
          name: `Role ${newId().slice(-6)}`,
          description: 'd',
          permissions: [{ resource: 'task', actions: ['read'] }],
        }),
      );
      return {
        own: [],
        send: (extra) => patch(`/api/admin/roles/${id}`, { description: 'changed', ...extra }),
        row: () => byId(roles)(id),
      };
    });
    cases.set('POST /api/admin/users', async () => ({
      own: ['roles', 'status', 'password'],
      send: (extra) => post('/api/admin/users', { ...newUser(), ...extra, roles: [], status: 'Active' }),
      row: (res) => userRow(idOf(res)),
    }));
    cases.set('PATCH /api/admin/users/:id', async () => ({
      own: ['roles', 'status'],
      send: (extra) =>
        patch(`/api/admin/users/${victim.id}`, { name: 'Renamed', ...extra, roles: [], status: 'Active' }),
      row: () => userRow(victim.id),
    }));
    // Catalogue and vendor names are unique in any case (issue 23): each write names its own record.
    const unique = (name: string) => `${name} ${newId().slice(-6)}`;
    // The catalogue (spec 3): brands, categories and classes take multipart or JSON; margins JSON.
    const catalogue = [
      ['brands', productBrands],
      ['categories', productCategories],
      ['classes', productClasses],
    ] as const;
    for (const [path, table] of catalogue) {
      const url = `/api/crm/products/${path}`;
      cases.set(`POST ${url}`, async () => ({
        own: [],
        send: (extra) => post(url, { name: unique('Robotics'), ...extra }),
        row: (res) => byId(table as typeof productBrands)(idOf(res)),
      }));
      cases.set(`PATCH ${url}/:id`, async () => {
        const id = idOf(await post(url, { name: unique('Robotics') }));
        return {
          own: [],
          send: (extra) => patch(`${url}/${id}`, { name: 'Robotics 2', ...extra }),
          row: () => byId(table as typeof productBrands)(id),
        };
      });
    }
    const margin = {
      name: 'Schools',
      margins: { t1: 1, t2: 2, t3: 3, pt1: 4, pt2: 5, pt3: 6 },
      isActive: true,
    };
    cases.set('POST /api/crm/products/margins', async () => ({
      own: [],
      send: (extra) => post('/api/crm/products/margins', { ...margin, ...extra }),
      row: (res) => byId(productMargins)(idOf(res)),
    }));
    cases.set('PATCH /api/crm/products/margins/:id', async () => {
      const id = idOf(await post('/api/crm/products/margins', margin));
      return {
        own: [],
        send: (extra) => patch(`/api/crm/products/margins/${id}`, { ...margin, ...extra }),
        row: () => byId(productMargins)(id),
      };
    });
    const vendor = { name: 'Kalinga Lab Supplies', rating: 4, contactPerson: { name: 'Ravi' } };
    cases.set('POST /api/crm/products/vendors', async () => ({
      own: [],
      send: (extra) => post('/api/crm/products/vendors', { ...vendor, name: unique(vendor.name), ...extra }),
      row: (res) => byId(productVendors as unknown as typeof productBrands)(idOf(res)),
    }));
    cases.set('PATCH /api/crm/products/vendors/:id', async () => {
      const id = idOf(await post('/api/crm/products/vendors', { ...vendor, name: unique(vendor.name) }));
      return {
        own: [],
        send: (extra) =>
          patch(`/api/crm/products/vendors/${id}`, { ...vendor, name: unique(vendor.name), ...extra }),
        row: () => byId(productVendors as unknown as typeof productBrands)(id),
      };
    });
    const item = { name: 'Arduino kit', gst: 18, categories: [], shipping: { weight: 1 } };
    const itemRow = byId(productItems as unknown as typeof productBrands);
    cases.set('POST /api/crm/products/items', async () => ({
      own: [],
      send: (extra) => post('/api/crm/products/items', { ...item, ...extra }),
      row: (res) => itemRow(idOf(res)),
    }));
    cases.set('PATCH /api/crm/products/items/:id', async () => {
      const id = idOf(await post('/api/crm/products/items', item));
      return {
        own: [],
        send: (extra) => patch(`/api/crm/products/items/${id}`, { ...item, ...extra }),
        row: () => itemRow(id),
      };
    });
    // The stock ledger (issue 12): purchases, sales and adjustments; totals are the server's too.
    const ledgerItem = async () => {
      const created = (
        await post('/api/crm/products/items', { ...item, name: `Ledger kit ${newId().slice(-6)}` })
      ).json().data as { _id: string; stock: { _id: string } };
      return { id: created._id, stockId: created.stock._id };
    };
    const trade = async () => {
      const vendorId = idOf(
        await post('/api/crm/products/vendors', { ...vendor, name: unique(vendor.name) }),
      );
      const customerId = idOf(
        await post('/api/crm/customers', { ...customer, name: `Trade ${newId().slice(-6)}` }),
      );
      const it = await ledgerItem();
      const purchase = (extra: object = {}) => ({
        vendor: vendorId,
        invoiceNo: `PB-${newId().slice(-8)}`,
        invoiceDate: '2026-01-10',
        items: [{ item: it.id, quantity: 5, pricePerUnit: 100 }],
        ...extra,
      });
      const sale = (extra: object = {}) => ({
        customer: customerId,
        invoiceNo: `SB-${newId().slice(-8)}`,
        invoiceDate: '2026-01-11',
        items: [{ item: it.id, quantity: 1, marginTier: 'custom', pricePerUnit: 150 }],
        ...extra,
      });
      return { it, purchase, sale };
    };
    const purchaseRow = byId(purchases as unknown as typeof productBrands);
    const saleRow = byId(sales as unknown as typeof productBrands);
    cases.set('POST /api/crm/products/purchases', async () => {
      const t = await trade();
      return {
        own: [],
        send: (extra) => post('/api/crm/products/purchases', t.purchase(extra)),
        row: (res) => purchaseRow(idOf(res)),
      };
    });
    cases.set('PATCH /api/crm/products/purchases/:id', async () => {
      const t = await trade();
      const id = idOf(await post('/api/crm/products/purchases', t.purchase()));
      return {
        own: [],
        send: (extra) => patch(`/api/crm/products/purchases/${id}`, { invoiceNo: 'PB-2', ...extra }),
        row: () => purchaseRow(id),
      };
    });
    cases.set('POST /api/crm/products/sales', async () => {
      const t = await trade();
      await post('/api/crm/products/purchases', t.purchase());
      return {
        own: [],
        send: (extra) => post('/api/crm/products/sales', t.sale(extra)),
        row: (res) => saleRow(idOf(res)),
      };
    });
    cases.set('PATCH /api/crm/products/sales/:id', async () => {
      const t = await trade();
      await post('/api/crm/products/purchases', t.purchase());
      const id = idOf(await post('/api/crm/products/sales', t.sale()));
      return {
        own: [],
        send: (extra) => patch(`/api/crm/products/sales/${id}`, { invoiceNo: 'SB-2', ...extra }),
        row: () => saleRow(id),
      };
    });
    cases.set('PATCH /api/crm/products/stocks/:id/adjust', async () => {
      const it = await ledgerItem();
      return {
        own: [],
        send: (extra) =>
          patch(`/api/crm/products/stocks/${it.stockId}/adjust`, {
            type: 'Found',
            quantity: 2,
            reason: 'Counted',
            date: '2026-01-10',
            ...extra,
          }),
        row: () => byId(productStocks as unknown as typeof productBrands)(it.stockId),
      };
    });
    // Bulk create takes a list of {name}: the hostile keys ride on each entry.
    cases.set('POST /api/crm/products/items/bulk', async () => ({
      own: [],
      send: (extra) => post('/api/crm/products/items/bulk', [{ name: 'Beaker set', ...extra }]),
      row: (res) => itemRow((res.json() as { data: { _id: string }[] }).data[0]!._id),
    }));
    // Customers (issue 11): JSON bodies; bulk create takes a list whose entries carry createdBy in the spec.
    const customer = { type: 'Organization', name: 'Stewart School, Bhubaneswar', verified: false };
    const customerRow = byId(customers as unknown as typeof productBrands);
    cases.set('POST /api/crm/customers', async () => ({
      own: [],
      send: (extra) => post('/api/crm/customers', { ...customer, ...extra }),
      row: (res) => customerRow(idOf(res)),
    }));
    cases.set('PATCH /api/crm/customers/:id', async () => {
      const id = idOf(await post('/api/crm/customers', customer));
      return {
        own: [],
        send: (extra) => patch(`/api/crm/customers/${id}`, { name: 'Stewart School', ...extra }),
        row: () => customerRow(id),
      };
    });
    cases.set('POST /api/crm/customers/bulk', async () => ({
      own: [],
      send: (extra) =>
        post('/api/crm/customers/bulk', [{ name: `Bulk school ${newId().slice(-6)}`, ...extra }]),
      row: (res) => customerRow((res.json() as { data: { _id: string }[] }).data[0]!._id),
    }));
    cases.set('PATCH /api/crm/customers/:id/feedback', async () => {
      const id = idOf(await post('/api/crm/customers', { ...customer, name: 'Feedback school' }));
      return {
        own: [],
        send: (extra) => patch(`/api/crm/customers/${id}/feedback`, { rating: 4, ...extra }),
        row: async () => {
          const row = await customerRow(id);
          // The reviewer is the caller, never a planted id.
          expect(JSON.stringify(row.feedbacks)).not.toContain(victim.id);
          return row;
        },
      };
    });
    // Requirements (decision 0008): a new one is Open whatever status is sent; PATCH takes the status.
    const requirementRow = byId(requirements as unknown as typeof productBrands);
    const requirementBody = async () => {
      const item = await admin.request({
        method: 'POST',
        url: '/api/crm/products/items',
        ...multipartBody({ name: `Lab kit ${newId().slice(-6)}` }),
      });
      const customerId = idOf(
        await post('/api/crm/customers', { ...customer, name: `Req school ${newId().slice(-6)}` }),
      );
      return {
        title: 'Smart class kits for Stewart School',
        customer: customerId,
        type: 'Product',
        priority: 'High',
        items: [{ item: idOf(item), quantity: 3 }],
        budget: 90000,
        purchaseDate: daysFromToday(10),
      };
    };
    cases.set('POST /api/crm/requirements', async () => {
      const body = await requirementBody();
      return {
        own: [],
        send: (extra) => post('/api/crm/requirements', { ...body, ...extra }),
        row: async (res) => {
          const row = await requirementRow(idOf(res));
          expect(row.status).toBe('Open');
          return row;
        },
      };
    });
    cases.set('PATCH /api/crm/requirements/:id', async () => {
      const id = idOf(await post('/api/crm/requirements', await requirementBody()));
      return {
        own: ['status'],
        send: (extra) => patch(`/api/crm/requirements/${id}`, { notes: 'Needs a demo first', ...extra }),
        row: () => requirementRow(id),
      };
    });
    // Follow-ups (decision 0007): the status is the follow-up's own (computed when not sent).
    const followUpRow = byId(followUps as unknown as typeof productBrands);
    const followUpBody = async () => ({
      customer: idOf(
        await post('/api/crm/customers', { ...customer, name: `FU school ${newId().slice(-6)}` }),
      ),
      type: 'Call',
      reason: 'Other',
      otherReason: 'Fee structure discussion',
      date: '2026-11-20',
      time: '10:30',
    });
    cases.set('POST /api/crm/follow-ups', async () => {
      const body = await followUpBody();
      return {
        own: ['status'],
        send: (extra) => post('/api/crm/follow-ups', { ...body, ...extra }),
        row: (res) => followUpRow(idOf(res)),
      };
    });
    cases.set('PATCH /api/crm/follow-ups/:id', async () => {
      const body = await followUpBody();
      const id = idOf(await post('/api/crm/follow-ups', body));
      return {
        own: ['status'],
        send: (extra) => patch(`/api/crm/follow-ups/${id}`, { ...body, response: 'Call back', ...extra }),
        row: () => followUpRow(id),
      };
    });
    // Quotations (decision 0015): Draft whatever status is sent; totals and snapshots are the server's.
    const quotationRow = byId(quotations as unknown as typeof productBrands);
    const quotationBody = async () => {
      const margin = await post('/api/crm/products/margins', {
        name: `Quote tier ${newId().slice(-6)}`,
        isActive: true,
        margins: { t1: 10, t2: 12, t3: 15, pt1: 18, pt2: 20, pt3: 25 },
      });
      const item = await admin.request({
        method: 'POST',
        url: '/api/crm/products/items',
        ...multipartBody({
          name: `Quote kit ${newId().slice(-6)}`,
          state: 'Verified',
          gst: '18',
          margin: idOf(margin),
        }),
      });
      await ctx.database.db
        .update(productStocks)
        .set({ priceToShow: 500 })
        .where(eq(productStocks.itemId, idOf(item)));
      const body = await requirementBody();
      const customerId = idOf(
        await post('/api/crm/customers', {
          ...customer,
          name: `Quote school ${newId().slice(-6)}`,
          marginTier: 't1',
        }),
      );
      const requirement = idOf(await post('/api/crm/requirements', { ...body, customer: customerId }));
      return {
        title: 'Quotation for Stewart School',
        customer: customerId,
        requirement,
        validUntil: daysFromToday(7),
        items: [{ item: idOf(item), quantity: 2, marginTier: 't1', gst: 18, unitPrice: 1 }],
      };
    };
    cases.set('POST /api/crm/quotations', async () => {
      const body = await quotationBody();
      return {
        own: [],
        send: (extra) => post('/api/crm/quotations', { ...body, ...extra }),
        row: async (res) => {
          const row = await quotationRow(idOf(res));
          expect(row.status).toBe('Draft');
          return row;
        },
      };
    });
    for (const suffix of ['', '/re-quotation'])
      cases.set(`PATCH /api/crm/quotations/:id${suffix}`, async () => {
        const { customer: _c, requirement: _r, ...version } = await quotationBody();
        const id = idOf(await post('/api/crm/quotations', await quotationBody()));
        return {
          own: [],
          send: (extra) => patch(`/api/crm/quotations/${id}${suffix}`, { ...version, ...extra }),
          row: async () => {
            const row = await quotationRow(id);
            expect(row.status).toBe('Draft');
            return row;
          },
        };
      });
    // Rejection analyses (decision 0016): the quotation, version, customer and our price are the server's.
    const rejectionRow = byId(rejectionAnalyses as unknown as typeof productBrands);
    const rejectionForm = async () => {
      const q = (await post('/api/crm/quotations', await quotationBody())).json().data as {
        _id: string;
        activeVersion: { _id: string };
      };
      return {
        quotation: q._id,
        quotationVersionId: q.activeVersion._id,
        rejectionDate: '2026-01-15',
        rejectionReasons: ['Price too high'],
      };
    };
    cases.set('POST /api/crm/rejection-analysis', async () => {
      const form = await rejectionForm();
      return {
        own: [],
        send: (extra) => post('/api/crm/rejection-analysis', { ...form, ...extra }),
        row: (res) => rejectionRow(idOf(res)),
      };
    });
    cases.set('PATCH /api/crm/rejection-analysis/:id', async () => {
      const created = await rejectionForm();
      const id = idOf(await post('/api/crm/rejection-analysis', created));
      const { quotation: _q, quotationVersionId: _v, ...form } = created;
      return {
        own: [],
        send: (extra) => patch(`/api/crm/rejection-analysis/${id}`, { ...form, ...extra }),
        row: () => rejectionRow(id),
      };
    });
    // Projects (decision 0016): the approval's form reads only the quotation (and its two files); the status
    // change only status and reason.
    const projectRow = byId(projects as unknown as typeof productBrands);
    const approvable = async () => idOf(await post('/api/crm/quotations', await quotationBody()));
    const approve = (quotation: string, extra: Record<string, unknown> = {}) =>
      admin.request({ method: 'POST', url: '/api/crm/projects', ...approvalForm(quotation, {}, extra) });
    cases.set('POST /api/crm/projects', async () => {
      const quotation = await approvable();
      return {
        own: [],
        send: (extra) => approve(quotation, extra),
        row: async (res) => {
          const row = await projectRow(idOf(res));
          expect(row.status).toBe('Initiated');
          return row;
        },
      };
    });
    cases.set('PATCH /api/crm/projects/:id/status', async () => {
      const id = idOf(await approve(await approvable()));
      return {
        own: ['status'],
        send: (extra) => patch(`/api/crm/projects/${id}/status`, { status: 'Ready For Dispatch', ...extra }),
        row: async () => {
          const row = await projectRow(id);
          expect(row.status).toBe('Ready For Dispatch');
          return row;
        },
      };
    });
    // Issue 25: the one company settings row; its updatedBy is the caller's.
    cases.set('PATCH /api/admin/settings/company', async () => ({
      own: [],
      send: (extra) => patch('/api/admin/settings/company', { bankBranch: 'Puri', ...extra }),
      row: () => byId(companySettings as unknown as typeof teams)('company'),
    }));
    // Issue 27 §3: the Tally ledger names live on the same row (a strict body: hostile keys are refused).
    cases.set('PATCH /api/admin/accounts/ledgers', async () => ({
      own: [],
      send: (extra) =>
        admin.request({
          method: 'PATCH',
          url: '/api/admin/accounts/ledgers',
          payload: { ...DEFAULT_LEDGER_NAMES, sales: 'Sales GST {rate}%', ...extra },
        }),
      row: () => byId(companySettings as unknown as typeof teams)('company'),
    }));
    // Issue 28: a punch is the caller's, at the time it says; a planted user id or stamp is not taken.
    let punches = 0;
    cases.set('POST /api/hrm/attendances/punches', async () => {
      punches += 1;
      const at = new Date(ctx.clock.now().getTime() - punches * 60_000).toISOString();
      return {
        own: [],
        send: (extra) =>
          post('/api/hrm/attendances/punches', { kind: 'in', at, userId: victim.id, ...extra }),
        row: async (res) => {
          const [row] = await ctx.database.db
            .select()
            .from(attendancePunches)
            .where(eq(attendancePunches.id, res.json().data.punch._id));
          expect(row!.userId).toBe(admin.user.id);
          return row as unknown as Row & Record<string, unknown>;
        },
      };
    });
    // A correction is the caller's, Pending; a planted user, status or decision is not taken.
    let corrections = 0;
    const correction = () => {
      corrections += 1;
      const day = new Date(ctx.clock.now().getTime() - corrections * 86_400_000).toISOString().slice(0, 10);
      return { date: day, kind: 'out', time: '18:00', reason: 'Forgot to check out' };
    };
    const correctionRow = async (id: string) => {
      const [row] = await ctx.database.db
        .select()
        .from(attendanceCorrections)
        .where(eq(attendanceCorrections.id, id));
      return row as unknown as Row & Record<string, unknown>;
    };
    cases.set('POST /api/hrm/attendances/corrections', async () => ({
      own: [],
      send: (extra) =>
        post('/api/hrm/attendances/corrections', {
          ...correction(),
          userId: victim.id,
          decidedBy: victim.id,
          ...extra,
        }),
      row: async (res) => {
        const row = await correctionRow(res.json().data._id);
        expect(row.userId).toBe(admin.user.id);
        expect(row.status).toBe('Pending');
        expect(row.decidedBy).toBeNull();
        return row;
      },
    }));
    cases.set('PATCH /api/hrm/attendances/corrections/:id', async () => {
      // The victim's own request, decided by the administrator (view-all).
      const id = newId();
      await ctx.database.db.insert(attendanceCorrections).values({
        id,
        userId: victim.id,
        day: '2026-11-20',
        kind: 'out',
        at: new Date('2026-11-20T12:30:00Z'),
        reason: 'Forgot',
      });
      return {
        own: ['status'],
        send: (extra) =>
          patch(`/api/hrm/attendances/corrections/${id}`, {
            decision: 'Rejected',
            reason: 'No',
            decidedBy: victim.id,
            ...extra,
          }),
        row: async () => {
          const row = await correctionRow(id);
          expect(row.decidedBy).toBe(admin.user.id);
          return row;
        },
      };
    });
    cases.set('PUT /api/hrm/attendances/rules', async () => ({
      own: [],
      send: (extra) =>
        admin.request({
          method: 'PUT',
          url: '/api/hrm/attendances/rules',
          payload: { ...DEFAULT_ATTENDANCE_RULES, ...extra },
        }),
      row: async () => {
        const [row] = await ctx.database.db.select().from(attendanceRules);
        expect(row!.updatedBy).toBe(admin.user.id);
        return { ...row!, updatedBy: row!.updatedBy } as unknown as Row & Record<string, unknown>;
      },
    }));
    // Issue 28: leave is the caller's own, Pending; a planted person, status or decision is not taken.
    let leaveDays = 0;
    const nextWorkingDay = () => {
      let day = '';
      do {
        leaveDays += 1;
        day = new Date(ctx.clock.now().getTime() + leaveDays * 86_400_000).toISOString().slice(0, 10);
      } while (new Date(`${day}T00:00:00Z`).getUTCDay() === 0);
      return day;
    };
    const leaveRow = async (id: string) => {
      const [row] = await ctx.database.db.select().from(leaves).where(eq(leaves.id, id));
      return row as unknown as Row & Record<string, unknown>;
    };
    cases.set('POST /api/hrm/leaves', async () => {
      const day = nextWorkingDay();
      return {
        own: [],
        send: (extra) =>
          post('/api/hrm/leaves', {
            leaveType: 'Unpaid',
            from: day,
            to: day,
            reason: 'Family function',
            userId: victim.id,
            decidedBy: victim.id,
            halves: 40,
            ...extra,
          }),
        row: async (res) => {
          const row = await leaveRow(res.json().data._id);
          expect(row.userId).toBe(admin.user.id);
          expect(row.status).toBe('Pending');
          expect(row.decidedBy).toBeNull();
          expect(row.halves).toBe(2);
          return row;
        },
      };
    });
    /** The victim's own pending leave, which the administrator (view-all) decides or cancels. */
    const victimLeave = async () => {
      const day = nextWorkingDay();
      const id = newId();
      await ctx.database.db.insert(leaves).values({
        id,
        userId: victim.id,
        leaveType: 'Unpaid',
        fromDate: day,
        toDate: day,
        halves: 2,
        year: Number(day.slice(0, 4)),
        reason: 'Wedding',
        createdBy: victim.id,
        updatedBy: victim.id,
      });
      return id;
    };
    cases.set('PATCH /api/hrm/leaves/:id/decision', async () => {
      const id = await victimLeave();
      return {
        own: ['status'],
        send: (extra) =>
          patch(`/api/hrm/leaves/${id}/decision`, {
            decision: 'Rejected',
            reason: 'No',
            decidedBy: victim.id,
            ...extra,
          }),
        row: async () => {
          const row = await leaveRow(id);
          expect(row.decidedBy).toBe(admin.user.id);
          expect(row.status).toBe('Rejected');
          return { ...row, createdBy: null };
        },
      };
    });
    cases.set('PATCH /api/hrm/leaves/:id/cancel', async () => {
      const id = await victimLeave();
      return {
        own: ['status'],
        send: (extra) =>
          patch(`/api/hrm/leaves/${id}/cancel`, { reason: 'Not needed', cancelledBy: victim.id, ...extra }),
        row: async () => {
          const row = await leaveRow(id);
          expect(row.cancelledBy).toBe(admin.user.id);
          expect(row.status).toBe('Cancelled');
          return { ...row, createdBy: null };
        },
      };
    });
    cases.set('PUT /api/hrm/leaves/allocations', async () => ({
      own: [],
      send: (extra) =>
        admin.request({
          method: 'PUT',
          url: '/api/hrm/leaves/allocations',
          payload: {
            year: 2026,
            allocations: [{ leaveType: 'Casual', userId: admin.user.id, days: 10, ...extra }],
            ...extra,
          },
        }),
      row: async () => {
        const [row] = await ctx.database.db.select().from(leaveAllocations);
        expect(row!.updatedBy).toBe(admin.user.id);
        expect(row!.userId).toBe(admin.user.id);
        return row as unknown as Row & Record<string, unknown>;
      },
    }));
    // Issue 28 (decision 0025): a claim is the caller's own, Draft, its totals the server's; a planted owner,
    // status, total or decision is not taken.
    const claimRow = async (id: string) => {
      const [row] = await ctx.database.db.select().from(expenseClaims).where(eq(expenseClaims.id, id));
      return row as unknown as Row & Record<string, unknown>;
    };
    const claimBody = {
      title: 'Field visit lunch',
      lines: [{ date: daysFromToday(-1), category: 'Food', amount: 120 }],
      userId: victim.id,
      totalPaise: 1,
      decidedBy: victim.id,
      paidBy: victim.id,
    };
    const ownClaimChecked = async (id: string) => {
      const row = await claimRow(id);
      expect(row.userId).toBe(admin.user.id);
      expect(row.status).toBe('Draft');
      expect(row.totalPaise).toBe(12000);
      expect(row.decidedBy).toBeNull();
      return row;
    };
    cases.set('POST /api/hrm/expenses', async () => ({
      own: [],
      send: (extra) => post('/api/hrm/expenses', { ...claimBody, ...extra }),
      row: (res) => ownClaimChecked(res.json().data._id),
    }));
    cases.set('PUT /api/hrm/expenses/:id', async () => {
      const id = idOf(await post('/api/hrm/expenses', { title: 'A draft', lines: claimBody.lines }));
      return {
        own: [],
        send: (extra) =>
          admin.request({
            method: 'PUT',
            url: `/api/hrm/expenses/${id}`,
            payload: { ...claimBody, ...extra },
          }),
        row: () => ownClaimChecked(id),
      };
    });
    /** The victim's own claim in a status, which the administrator (view-all) decides or pays. */
    const victimClaim = async (status: string) => {
      const id = newId();
      await ctx.database.db.insert(expenseClaims).values({
        id,
        userId: victim.id,
        title: 'Travel',
        status,
        totalPaise: 5000,
        lineCount: 1,
        submittedAt: new Date(),
        createdBy: victim.id,
        updatedBy: victim.id,
      });
      return id;
    };
    cases.set('PATCH /api/hrm/expenses/:id/decision', async () => {
      const id = await victimClaim('Submitted');
      return {
        own: ['status'],
        send: (extra) =>
          patch(`/api/hrm/expenses/${id}/decision`, {
            decision: 'Rejected',
            reason: 'No',
            decidedBy: victim.id,
            ...extra,
          }),
        row: async () => {
          const row = await claimRow(id);
          expect([row.decidedBy, row.status, row.totalPaise]).toEqual([admin.user.id, 'Rejected', 5000]);
          return { ...row, createdBy: null };
        },
      };
    });
    cases.set('PATCH /api/hrm/expenses/:id/payment', async () => {
      const id = await victimClaim('Approved');
      return {
        own: ['status'],
        send: (extra) =>
          patch(`/api/hrm/expenses/${id}/payment`, {
            reference: 'NEFT 1',
            paidOn: daysFromToday(0),
            paidBy: victim.id,
            ...extra,
          }),
        row: async () => {
          const row = await claimRow(id);
          expect([row.paidBy, row.status, row.totalPaise]).toEqual([admin.user.id, 'Paid', 5000]);
          return { ...row, createdBy: null };
        },
      };
    });
    cases.set('POST /api/hrm/expenses/visit-travel', async () => {
      // A completed visit of the administrator's, at a customer of the test's own.
      const customer = newId();
      await ctx.database.db
        .insert(customers)
        .values({ id: customer, type: 'Organization', name: 'Visit school' });
      const visit = newId();
      await ctx.database.db.insert(followUps).values({
        id: visit,
        customerId: customer,
        type: 'Visit',
        reason: 'Other',
        otherReason: 'Demo',
        date: daysFromToday(-1),
        time: '11:00',
        status: 'Completed',
        visitors: [admin.user.id],
      });
      return {
        own: [],
        send: (extra) =>
          post('/api/hrm/expenses/visit-travel', {
            followUp: visit,
            distanceKm: 10,
            userId: victim.id,
            ...extra,
          }),
        row: async (res) => {
          const row = await claimRow(res.json().data._id);
          expect([row.userId, row.status]).toEqual([admin.user.id, 'Draft']);
          return row;
        },
      };
    });
    cases.set('PUT /api/hrm/expenses/rules', async () => ({
      own: [],
      send: (extra) =>
        admin.request({
          method: 'PUT',
          url: '/api/hrm/expenses/rules',
          payload: { ratePerKm: 4.5, receiptAbove: 300, ...extra },
        }),
      row: async () => {
        const [row] = await ctx.database.db.select().from(expenseRules);
        expect(row!.updatedBy).toBe(admin.user.id);
        return row as unknown as Row & Record<string, unknown>;
      },
    }));
    cases.set('PATCH /api/auth/profile/:id', async () => ({
      own: [],
      send: (extra) => patch(`/api/auth/profile/${admin.user.id}`, { bio: 'Field sales', ...extra }),
      row: () => userRow(admin.user.id),
    }));
  });
  afterAll(() => ctx.close());

  it('every POST/PATCH route is either checked here or listed as taking no record fields', () => {
    for (const r of ctx.app.routeTable) {
      if (!['POST', 'PATCH', 'PUT'].includes(r.method)) continue;
      const key = `${r.method} ${r.url}`;
      expect(cases.has(key) || key in NOT_RECORD_BODIES, `${key} is not covered`).toBe(true);
    }
  });

  it('stamped and protected fields sent in a body are refused or ignored', async () => {
    const accepted: string[] = [];
    for (const [key, make] of cases) {
      const c = await make();
      const extra = Object.fromEntries(
        HOSTILE_KEYS.filter((k) => !c.own.includes(k)).map((k) => [k, hostile[k]]),
      );
      const victimBefore = await byId(users)(victim.id);
      const res = await c.send(extra);
      expect([200, 201, 400], `${key}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode === 400) continue;
      accepted.push(key);
      const row = await c.row(res);
      expect(row.id, key).not.toBe('f'.repeat(24));
      if ('isDeleted' in row) expect(row.isDeleted, key).toBe(false);
      if ('deletedBy' in row) expect(row.deletedBy ?? null, key).toBeNull();
      if ('createdBy' in row) expect(row.createdBy, key).not.toBe(victim.id);
      if ('updatedBy' in row) expect(row.updatedBy, key).not.toBe(victim.id);
      if ('createdAt' in row) expect(String(row.createdAt), key).not.toContain('2020');
      if ('passwordHash' in row && !c.own.includes('password')) {
        expect(await verifyPassword(String(row.passwordHash), 'Hacked@12345'), key).toBe(false);
      }
      if ('isEmailVerified' in row && key === 'POST /api/admin/users')
        expect(row.isEmailVerified, key).toBe(false);
      if ('status' in row && !c.own.includes('status')) expect(row.status, key).not.toBe('Blocked');
      // The victim whose id was planted as createdBy/deletedBy is untouched.
      if (key !== 'PATCH /api/admin/users/:id')
        expect(await byId(users)(victim.id), key).toEqual(victimBefore);
    }
    // A case refused with 400 proves nothing about what a write keeps: only a strict body may refuse.
    expect([...cases.keys()].filter((k) => !accepted.includes(k))).toEqual([
      'PATCH /api/admin/accounts/ledgers',
    ]);
  });
});
