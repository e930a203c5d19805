import {
  effectivePermissions,
  GST_STATE_CODES,
  isBirthday,
  isRoleExpired,
  minimumUnitPrice,
  PHONE_RE,
  type PurchaseDto,
  permissionRefKey,
  type QuotationDto,
  type QuotationListDto,
  quotationTierPrice,
  RESOURCES,
  roleDependencyGaps,
  rolePermissionSchema,
  type SaleDto,
  TASK_CLOSED_STATUSES,
  taskFormSchema,
  toPaise,
  userCreateSchema,
  versionTotals,
  type WinLoss,
} from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminSession,
  call,
  createTestApp,
  login,
  sessionAgent,
  type TestContext,
} from '../../test/helpers.ts';
import {
  attendancePunches,
  expenseClaims,
  expenseLines,
  leaveAllocations,
  leaves,
  mailOutbox,
  roles,
  tasks,
  teamMembers,
  teams,
  userActivities,
  userRoles,
  users,
} from '../db/schema.ts';
import { pdfPages } from '../modules/quotation-document/pdf-test-kit.ts';
import { verifyStocks } from '../modules/stocks/ledger.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { DEMO_PASSWORD, type DemoSummary, loadDemoData } from './index.ts';
import { OUT_OF_STATE_CUSTOMERS } from './stock-documents.ts';

const DAY = 86_400_000;

describe('demo data', () => {
  let ctx: TestContext;
  let summary: DemoSummary;
  let loadMs: number;
  const now = new Date();

  beforeAll(async () => {
    ctx = await createTestApp();
    const started = performance.now();
    summary = await loadDemoData(ctx.database.db, { now });
    loadMs = performance.now() - started;
  });
  afterAll(() => ctx.close());

  it('loads into a fresh database well within 10 s', () => {
    expect(summary.loaded).toBe(true);
    expect(summary.roles).toBe(6);
    expect(summary.users).toBeGreaterThanOrEqual(30);
    expect(loadMs).toBeLessThan(10_000);
  });

  it('a second call changes nothing', async () => {
    const count = async () => {
      const [u] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      const [r] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(roles);
      return [u!.n, r!.n];
    };
    const before = await count();
    expect((await loadDemoData(ctx.database.db, { now })).loaded).toBe(false);
    expect(await count()).toEqual(before);
  });

  it('roles hold only catalogue actions, with the catalogue module; Seasonal Promoter has expired', async () => {
    const rows = await ctx.database.db.select().from(roles);
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const name of ['Sales Executive', 'Store Manager', 'HR Manager', 'Sales Manager', 'Accountant']) {
      const role = byName.get(name);
      expect(role, name).toBeDefined();
      expect(isRoleExpired(role!, now)).toBe(false);
      for (const p of role!.permissions) {
        const entry = RESOURCES.find((r) => r.name === p.resource)!;
        expect(rolePermissionSchema.safeParse(p).success).toBe(true);
        expect(p.module).toBe(entry.module);
        for (const a of p.actions) expect(entry.actions).toContain(a);
      }
    }
    const seasonal = byName.get('Seasonal Promoter')!;
    expect(isRoleExpired(seasonal, now)).toBe(true);

    const manager = effectivePermissions([byName.get('Sales Manager')!], now);
    expect(manager.has('quotation:verification')).toBe(true);
    expect(manager.has('customer:re-assign')).toBe(true);
    const exec = effectivePermissions([byName.get('Sales Executive')!], now);
    expect(exec.has('customer:view-all')).toBe(false);
    expect(exec.has('crm:read')).toBe(true);
  });

  // Issue 23: a demo role is never offered an action it cannot finish.
  it('every demo role holds what each of its actions needs besides (permission dependencies)', async () => {
    const rows = await ctx.database.db.select().from(roles);
    for (const role of rows) {
      const gaps = roleDependencyGaps(effectivePermissions([{ ...role, expiresAt: null }], now));
      expect(
        gaps.map(
          (g) => `${g.dependency.resource}:${g.dependency.action} lacks ${g.missing.map(permissionRefKey)}`,
        ),
        role.name,
      ).toEqual([]);
    }
  });

  it('staff users are realistic and valid by the user form rules', async () => {
    const rows = await ctx.database.db.select().from(users).where(sql`${users.email} like '%@karya.local'`);
    const staff = rows.filter((u) => u.email !== 'admin@karya.local');
    expect(staff.length).toBeGreaterThanOrEqual(30);
    expect(new Set(staff.map((u) => u.email)).size).toBe(staff.length);
    for (const u of staff) {
      expect(u.phone).toMatch(PHONE_RE);
      expect(u.address).toMatchObject({ state: 'Odisha', country: 'India' });
      expect(u.isEmailVerified && u.isPhoneVerified).toBe(true);
      expect(u.mustChangePassword).toBe(false);
      const year = Number(u.dateOfBirth!.slice(0, 4));
      expect(year).toBeGreaterThanOrEqual(1975);
      expect(year).toBeLessThanOrEqual(2003);
      const parsed = userCreateSchema.safeParse({
        name: u.name,
        email: u.email,
        phone: u.phone,
        gender: u.gender,
        dateOfBirth: u.dateOfBirth,
        maritalStatus: u.maritalStatus,
        employmentType: u.employmentType,
        duration: u.duration,
        languages: u.languages,
        address: u.address,
        emergencyContact: u.emergencyContact,
        socialMedia: u.socialMedia,
        password: DEMO_PASSWORD,
      });
      expect(parsed.error?.issues, u.name).toBeUndefined();
      expect(u.createdAt.getTime()).toBeGreaterThan(now.getTime() - 91 * DAY);
    }
    expect(
      staff.filter((u) => now.getTime() - u.createdAt.getTime() < 7 * DAY).length,
    ).toBeGreaterThanOrEqual(2);
    expect(staff.filter((u) => u.status === 'Blocked')).toHaveLength(1);
    expect(staff.filter((u) => u.isDeleted)).toHaveLength(1);
    expect(staff.some((u) => u.emergencyContact.length > 0)).toBe(true);
    expect(new Set(staff.map((u) => u.gender)).size).toBe(3);
    expect(new Set(staff.map((u) => u.employmentType)).size).toBeGreaterThanOrEqual(4);
    // Somebody has a birthday today (in India, where the company works) so the greeting banner shows.
    const india = new Date(now.getTime() + 5.5 * 3600 * 1000);
    const indiaLocal = new Date(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate());
    expect(staff.some((u) => isBirthday(u.dateOfBirth, indiaLocal))).toBe(true);
    // One argon2 hash, shared (hashing 30 times would take seconds).
    expect(new Set(staff.map((u) => u.passwordHash)).size).toBe(1);
    expect(await verifyPassword(staff[0]!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('every staff user holds one or two demo roles and has 3 to 10 activities in the last 30 days', async () => {
    const staff = await ctx.database.db
      .select({ id: users.id, createdAt: users.createdAt, lastLogin: users.lastLogin })
      .from(users)
      .where(sql`${users.email} like '%@karya.local' and ${users.email} <> 'admin@karya.local'`);
    for (const u of staff) {
      const links = await ctx.database.db.select().from(userRoles).where(eq(userRoles.userId, u.id));
      expect(links.length).toBeGreaterThanOrEqual(1);
      expect(links.length).toBeLessThanOrEqual(2);
      const acts = await ctx.database.db.select().from(userActivities).where(eq(userActivities.userId, u.id));
      expect(acts.length).toBeGreaterThanOrEqual(3);
      expect(acts.length).toBeLessThanOrEqual(10);
      for (const a of acts) {
        expect(['LOGIN_SUCCESS', 'LOGIN_FAILED', 'PASSWORD_CHANGE']).toContain(a.type);
        expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - 30 * DAY);
        expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(u.createdAt.getTime());
        expect(a.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
        const [lat, lng] = a.location!.coordinates;
        // Inside Odisha's bounding box.
        expect(lat).toBeGreaterThan(17.8);
        expect(lat).toBeLessThan(22.6);
        expect(lng).toBeGreaterThan(81.3);
        expect(lng).toBeLessThan(87.5);
        expect(a.deviceInfo).toMatchObject({
          os: expect.any(String),
          browser: expect.any(String),
          device: expect.any(String),
          model: expect.any(String),
        });
      }
    }
    const [{ n }] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userActivities)
      .where(eq(userActivities.type, 'LOGIN_SUCCESS'))) as [{ n: number }];
    expect(n).toBeGreaterThan(summary.activities / 2);
  });

  it('a demo user signs in with the demo password; the blocked and deleted ones cannot', async () => {
    const active = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} = 'debasish.panda@karya.local'`);
    expect(active).toHaveLength(1);
    const { res, cookie } = await login(ctx.app, 'debasish.panda@karya.local', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const me = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.roles.length).toBeGreaterThanOrEqual(1);

    const [blocked] = await ctx.database.db.select().from(users).where(eq(users.status, 'Blocked'));
    expect((await login(ctx.app, blocked!.email, DEMO_PASSWORD)).cookie).toBe('');
    const [deleted] = await ctx.database.db.select().from(users).where(eq(users.isDeleted, true));
    expect((await login(ctx.app, deleted!.email, DEMO_PASSWORD)).cookie).toBe('');
  });

  it('teams of live demo users (one without a manager, one deleted) and HR tasks around today', async () => {
    expect(summary.teams).toBeGreaterThanOrEqual(8);
    expect(summary.tasks).toBeGreaterThanOrEqual(35);
    // A believable catalogue: brands, categories, classes, margins and vendors.
    expect(summary.catalogue).toBeGreaterThanOrEqual(40);
    const teamRows = await ctx.database.db.select().from(teams);
    const members = await ctx.database.db
      .select({
        teamId: teamMembers.teamId,
        role: teamMembers.role,
        isDeleted: users.isDeleted,
        status: users.status,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId));
    expect(members.every((m) => !m.isDeleted && m.status === 'Active')).toBe(true);
    const live = teamRows.filter((t) => !t.isDeleted);
    expect(live.length).toBeGreaterThanOrEqual(8);
    expect(teamRows.some((t) => t.isDeleted)).toBe(true);
    for (const t of live) expect(members.some((m) => m.teamId === t.id)).toBe(true);
    expect(live.some((t) => !members.some((m) => m.teamId === t.id && m.role === 'manager'))).toBe(true);

    const taskRows = await ctx.database.db.select().from(tasks);
    for (const t of taskRows) {
      const parsed = taskFormSchema.safeParse({ ...t, assignedTo: t.assignedTo });
      expect(parsed.error?.issues, t.title).toBeUndefined();
      expect(t.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(new Set(taskRows.map((t) => t.status)).size).toBe(6);
    expect(new Set(taskRows.map((t) => t.priority)).size).toBe(3);

    // The administrator has overdue and upcoming work on the HRM dashboard.
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await call(ctx.app, { method: 'GET', url: '/api/hrm/dashboard' }, cookie);
    const d = res.json().data;
    expect(d.tasks.overdue.length).toBeGreaterThan(0);
    expect(d.tasks.upcoming.length).toBeGreaterThan(0);
    for (const t of [...d.tasks.overdue, ...d.tasks.upcoming])
      expect(TASK_CLOSED_STATUSES).not.toContain(t.status);
    const admin = await call(ctx.app, { method: 'GET', url: '/api/admin/dashboard' }, cookie);
    expect(admin.json().data.teams).toEqual({ total: live.length, newTeams: 2 });
  });

  it('leave tells a story: approved days shown On Leave with no check-in, applications waiting, one rejected', async () => {
    const rows = await ctx.database.db.select().from(leaves);
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of ['Approved', 'Pending', 'Rejected', 'Cancelled']) expect(statuses.has(s), s).toBe(true);
    for (const r of rows) {
      expect(r.halves, r.id).toBeGreaterThan(0);
      expect(r.toDate >= r.fromDate).toBe(true);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const approved = rows.filter((r) => r.status === 'Approved');
    const punched = await ctx.database.db
      .select({ userId: attendancePunches.userId, day: attendancePunches.day })
      .from(attendancePunches);
    for (const r of approved)
      expect(
        punched.some((p) => p.userId === r.userId && p.day >= r.fromDate && p.day <= r.toDate),
        r.id,
      ).toBe(false);
    expect((await ctx.database.db.select().from(leaveAllocations)).length).toBeGreaterThan(0);

    // The HR Manager (view-all) has applications to decide on the HRM dashboard.
    const [hr] = await ctx.database.db.select().from(users).where(eq(users.email, 'manas.sethi@karya.local'));
    const { cookie } = await login(ctx.app, hr!.email, DEMO_PASSWORD);
    const d = (await call(ctx.app, { method: 'GET', url: '/api/hrm/dashboard' }, cookie)).json().data;
    expect(d.leave.pendingApprovals).toBeGreaterThan(0);
    expect(d.leave.balances).toHaveLength(4);
  });

  it('expense claims tell a story: visits’ travel paid and waiting for the HR Manager, drafts, one rejected', async () => {
    const claims = await ctx.database.db.select().from(expenseClaims);
    const statuses = new Set(claims.map((c) => c.status));
    for (const s of ['Draft', 'Submitted', 'Approved', 'Rejected', 'Paid'])
      expect(statuses.has(s), s).toBe(true);
    const lines = await ctx.database.db.select().from(expenseLines);
    for (const c of claims) {
      const mine = lines.filter((l) => l.claimId === c.id);
      expect(
        mine.reduce((sum, l) => sum + l.amountPaise, 0),
        c.title,
      ).toBe(c.totalPaise);
      expect(mine.length).toBe(c.lineCount);
      expect(c.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    // Travel lines name the visit they claim.
    expect(lines.some((l) => l.followUpId && l.distanceTenths)).toBe(true);
    const asDashboard = async (email: string) => {
      const { cookie } = await login(ctx.app, email, DEMO_PASSWORD);
      return (await call(ctx.app, { method: 'GET', url: '/api/hrm/dashboard' }, cookie)).json().data.expenses;
    };
    expect((await asDashboard('manas.sethi@karya.local')).pendingApprovals).toBeGreaterThan(0);
    expect((await asDashboard('debasish.panda@karya.local')).myOpen).toBeGreaterThan(0);
    const accountants = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, 'Accountant'));
    expect(accountants.length).toBeGreaterThan(0);
    expect((await asDashboard(accountants[0]!.email)).toPay).toBeGreaterThan(0);
  });

  it('the Mail page has something on first start: reminders (one failed, to send again) and leave decisions', async () => {
    const [debasish] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'debasish.panda@karya.local'));
    const { cookie } = await login(ctx.app, debasish!.email, DEMO_PASSWORD);
    const res = await call(
      ctx.app,
      { method: 'GET', url: '/api/hrm/mail?sortBy=createdAt&sortOrder=asc' },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mails = res.json().data.mails as { kind: string; status: string; canResend: boolean }[];
    expect(mails.filter((m) => m.kind === 'reminder').map((m) => m.status)).toEqual([
      'failed',
      'sent',
      'sent',
    ]);
    expect(mails.find((m) => m.status === 'failed')?.canResend).toBe(true);
    // The demo's own rows (the other tests here send codes of their own, now).
    const rows = (await ctx.database.db.select().from(mailOutbox)).filter((r) => r.kind !== 'code');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.userId, r.subject).not.toBeNull();
      expect(r.createdAt.getTime(), r.subject).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('the admin dashboard shows the demo records', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await call(ctx.app, { method: 'GET', url: '/api/admin/dashboard' }, cookie);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.users.total).toBeGreaterThanOrEqual(30);
    expect(d.roles.expiredRoles.map((r: { name: string }) => r.name)).toContain('Seasonal Promoter');
    expect(d.roles.newRoles.map((r: { name: string }) => r.name)).toContain('Sales Manager');
    expect(d.roles.updatedRoles.map((r: { name: string }) => r.name)).toContain('Store Manager');
  });
});

describe('demo catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await loadDemoData(ctx.database.db, { now: new Date() });
  });
  afterAll(() => ctx.close());

  it('passes the same rules as a form would: margins, vendors and names valid', async () => {
    const { marginCreateSchema, vendorCreateSchema, CATALOGUE_SCHEMAS } = await import('@karya/domain');
    const db = ctx.database.db;
    const { productBrands, productCategories, productClasses, productMargins, productVendors } = await import(
      '../db/schema.ts'
    );
    for (const t of [productBrands, productCategories, productClasses])
      for (const r of await db.select().from(t))
        expect(
          CATALOGUE_SCHEMAS.brand.create.safeParse({ name: r.name, description: r.description }).success,
        ).toBe(true);
    const margins = await db.select().from(productMargins);
    expect(margins.length).toBeGreaterThanOrEqual(5);
    for (const m of margins)
      expect(
        marginCreateSchema.safeParse({
          name: m.name,
          margins: { t1: m.t1, t2: m.t2, t3: m.t3, pt1: m.pt1, pt2: m.pt2, pt3: m.pt3 },
          isActive: m.isActive,
        }).error?.issues,
      ).toBeUndefined();
    const vendors = await db.select().from(productVendors);
    expect(vendors.length).toBeGreaterThanOrEqual(8);
    expect(vendors.every((v) => v.createdAt.getTime() <= Date.now())).toBe(true);
    for (const v of vendors)
      expect(
        vendorCreateSchema.safeParse({
          name: v.name,
          email: v.email,
          phone: v.phone,
          address: v.address,
          website: v.website,
          gstin: v.gstin,
          rating: v.rating,
          contactPerson: v.contactPerson,
        }).error?.issues,
      ).toBeUndefined();
    // Most vendors are GST-registered (check characters right: the schema above checks them).
    expect(vendors.filter((v) => v.gstin).length).toBeGreaterThanOrEqual(5);
  });

  it('has believable items that pass the item rules, each with its stock and a price where verified', async () => {
    const { isGstRateOn, itemCreateSchema } = await import('@karya/domain');
    const { productItems, productStocks } = await import('../db/schema.ts');
    const db = ctx.database.db;
    const items = await db.select().from(productItems);
    expect(items.length).toBeGreaterThanOrEqual(20);
    const stocks = new Map((await db.select().from(productStocks)).map((s) => [s.itemId, s]));
    // One item keeps a rate retired on 22 September 2025 on purpose (the GST rates queue's story).
    const retired = items.filter((i) => i.gst !== null && !isGstRateOn(i.gst, new Date()));
    expect(retired.map((i) => [i.name, i.gst])).toEqual([['Interactive Flat Panel 55" (2024 stock)', 28]]);
    for (const i of items) {
      expect(
        itemCreateSchema.safeParse({
          name: i.name,
          modalNo: i.modalNo,
          description: i.description,
          gst: retired.includes(i) ? 18 : i.gst,
          hsnCode: i.hsnCode,
          categories: i.categoryIds,
          classes: i.classIds,
          state: i.state,
          targetPrice: i.targetPrice,
          shipping: {
            weight: i.shippingWeight,
            dimensions: { length: i.shippingLength, width: i.shippingWidth, height: i.shippingHeight },
          },
        }).error?.issues,
        i.name,
      ).toBeUndefined();
      expect(stocks.has(i.id), i.name).toBe(true);
      if (i.state === 'Verified') expect(stocks.get(i.id)!.priceToShow, i.name).toBeGreaterThan(0);
    }
    expect(new Set(items.map((i) => i.state))).toEqual(new Set(['Verified', 'Unverified', 'Suggested']));
    // Made in the past, like every demo record.
    expect(items.every((i) => i.createdAt.getTime() <= Date.now())).toBe(true);
    // New items continue the SKU sequence after the demo's.
    const admin = await adminSession(ctx);
    const created = await admin.request({
      method: 'POST',
      url: '/api/crm/products/items',
      payload: { name: 'Next' },
    });
    expect(created.json().data.sku).toBe(Math.max(...items.map((i) => i.sku)) + 1);
  });
});

describe('demo customers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await loadDemoData(ctx.database.db, { now: new Date() });
  });
  afterAll(() => ctx.close());

  it('about 40 believable customers across Odisha that pass the customer rules, with the Sales Executives', async () => {
    const { customerCreateSchema, formatCustomerId } = await import('@karya/domain');
    const { customers, customerAssignments, userRoles } = await import('../db/schema.ts');
    const db = ctx.database.db;
    const rows = await db.select().from(customers);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const c of rows) {
      const organization = c.organizationType
        ? {
            type: c.organizationType,
            government: c.governmentType
              ? {
                  type: c.governmentType,
                  office: c.officeType ? { type: c.officeType } : undefined,
                  institute: c.instituteType
                    ? {
                        type: c.instituteType,
                        school: c.schoolBoard ? { board: c.schoolBoard } : undefined,
                        college: c.collegeType ? { type: c.collegeType } : undefined,
                      }
                    : undefined,
                }
              : undefined,
            private: c.privateType
              ? {
                  type: c.privateType,
                  institute: c.instituteType
                    ? {
                        type: c.instituteType,
                        school: c.schoolBoard ? { board: c.schoolBoard } : undefined,
                        college: c.collegeType ? { type: c.collegeType } : undefined,
                      }
                    : undefined,
                }
              : undefined,
          }
        : null;
      const parsed = customerCreateSchema.safeParse({
        type: c.type,
        name: c.name,
        email: c.email,
        phone: c.phone,
        website: c.website,
        gstin: c.gstin,
        address: {
          street: c.street,
          city: c.city,
          district: c.district,
          state: c.state,
          country: c.country,
          zipCode: c.zipCode,
        },
        organization,
        contacts: c.contacts,
        additionalInfo: {
          establishmentYear: c.establishmentYear,
          numberOfStudents: c.numberOfStudents,
          coursesOffered: c.coursesOffered,
          notes: c.notes,
        },
        rating: c.rating,
        ratingCategory: c.ratingCategory,
        marginTier: c.marginTier,
        verified: c.verified,
        assignedTo: c.assignedTo,
        reAssignedTo: c.reAssignedTo,
      });
      expect(parsed.error?.issues, c.name).toBeUndefined();
      // Two schools across the border buy from the store (their sales are IGST: demo/stock.ts).
      if (!OUT_OF_STATE_CUSTOMERS.includes(c.name)) expect(c.state, c.name).toBe('Odisha');
      // A GSTIN names the customer's own state (21 Odisha; 37 and 20 across the border).
      if (c.gstin) expect(GST_STATE_CODES[c.gstin.slice(0, 2)], c.name).toBe(c.state);
    }
    expect(rows.filter((c) => c.gstin).length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((c) => c.type))).toEqual(new Set(['Individual', 'Organization']));
    expect(new Set(rows.map((c) => c.district)).size).toBeGreaterThanOrEqual(8);
    expect(formatCustomerId(Math.min(...rows.map((c) => c.customerId)))).toBe('CI0001');
    // Assignees are Sales Executives (or people who have left); each assignment is in the history.
    const execRole = (await db.select().from(roles).where(eq(roles.name, 'Sales Executive')))[0]!;
    const execs = new Set(
      (await db.select().from(userRoles).where(eq(userRoles.roleId, execRole.id))).map((l) => l.userId),
    );
    const assigned = rows.flatMap((c) => c.assignedTo);
    expect(assigned.filter((id) => execs.has(id)).length).toBeGreaterThanOrEqual(30);
    const history = await db.select().from(customerAssignments);
    expect(history.length).toBe(rows.reduce((n, c) => n + c.assignedTo.length + c.reAssignedTo.length, 0));
    // The state filter has something to show for each state; a new customer continues the numbers.
    const admin = await adminSession(ctx);
    for (const state of ['Assigned', 'UnAssigned', 'Orphaned']) {
      const res = await admin.request({ method: 'GET', url: `/api/crm/customers?filters[state]=${state}` });
      expect(res.json().data.customersCount, state).toBeGreaterThan(0);
    }
    const created = await admin.request({
      method: 'POST',
      url: '/api/crm/customers',
      payload: { type: 'Individual', name: 'Next Customer' },
    });
    expect(created.json().data.customerId).toBe(Math.max(...rows.map((c) => c.customerId)) + 1);
  });
});

describe('demo stock', () => {
  let ctx: TestContext;
  const now = new Date();
  beforeAll(async () => {
    ctx = await createTestApp();
    await loadDemoData(ctx.database.db, { now });
  });
  afterAll(() => ctx.close());

  it('every demo stock figure is explained by its purchases, sales and adjustments', async () => {
    const { productItems, productStocks, stockEntries } = await import('../db/schema.ts');
    const db = ctx.database.db;
    expect(await verifyStocks(db)).toEqual([]);
    const items = new Map((await db.select().from(productItems)).map((i) => [i.id, i]));
    const stocks = await db.select().from(productStocks);
    const byName = new Map(stocks.map((s) => [items.get(s.itemId)!.name, s]));
    for (const s of stocks) {
      const item = items.get(s.itemId)!;
      expect(s.currentStock, item.name).toBeGreaterThanOrEqual(0);
      // Every priced item was bought; the suggested ones (no price yet) were not.
      if (s.priceToShow > 0) expect(s.totalPurchased, item.name).toBeGreaterThan(0);
      else expect(s.totalPurchased + s.currentStock, item.name).toBe(0);
    }
    expect(stocks.filter((s) => s.currentStock > 0).length).toBeGreaterThanOrEqual(15);
    // Believable figures: 70 Arduino kits bought in two lots, 36 sold; the 3D printer is sold out.
    expect(byName.get('Arduino Uno R3 Starter Kit')).toMatchObject({
      totalPurchased: 70,
      totalSold: 36,
      currentStock: 34,
      lastPurchasedStock: 30,
      lastSoldStock: 8,
      lastGst: 18,
    });
    expect(byName.get('Ender-3 V3 SE 3D Printer')).toMatchObject({
      totalPurchased: 3,
      totalSold: 3,
      currentStock: 0,
    });
    // Damaged and Initial Stock adjustments move the stock: 30 beaker sets bought, 3 damaged, 18 sold.
    expect(byName.get('Borosilicate Beaker Set (50-1000 ml)')!.currentStock).toBe(9);
    const resonance = byName.get('Resonance Tube Apparatus')!;
    expect(resonance).toMatchObject({ totalPurchased: 5, totalSold: 4, currentStock: 7 });
    const adjustments = await db.select().from(stockEntries).where(eq(stockEntries.kind, 'adjustment'));
    expect(new Set(adjustments.map((a) => a.adjustmentType))).toEqual(
      new Set(['Initial Stock', 'Damaged', 'Found']),
    );
    // Entries are dated over the last weeks, never in the future nor before their item existed.
    const today = new Date(now.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const entries = await db.select().from(stockEntries);
    for (const e of entries) {
      expect(e.date <= today).toBe(true);
      expect(Date.parse(e.date) + DAY).toBeGreaterThan(items.get(e.itemId)!.createdAt.getTime());
    }
    expect(Math.min(...entries.map((e) => Date.parse(e.date)))).toBeLessThan(now.getTime() - 50 * DAY);
  });

  it('sales within Odisha are CGST + SGST, those across the border IGST; invoice numbers look real', async () => {
    const admin = await adminSession(ctx);
    const res = await admin.request({ method: 'GET', url: '/api/crm/products/sales?limit=100' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { productSales: SaleDto[]; productSalesCount: number };
    expect(list.productSalesCount).toBeGreaterThanOrEqual(20);
    const fy = /^INV\/\d{4}-\d{2}\/\d{4}$/;
    for (const s of list.productSales) {
      expect(s.invoiceNo).toMatch(fy);
      const split = s.gstSplit as { cgst: number; sgst: number; igst: number };
      expect(Math.round((split.cgst + split.sgst + split.igst) * 100)).toBe(
        Math.round(s.totalGSTAmount * 100),
      );
      if (s.interState) expect(split).toMatchObject({ cgst: 0, sgst: 0 });
      else expect(split.igst).toBe(0);
    }
    expect(new Set(list.productSales.map((s) => s.invoiceNo)).size).toBe(list.productSales.length);
    const igst = list.productSales.filter((s) => s.interState);
    expect(igst.length).toBeGreaterThanOrEqual(2);
    expect(new Set(igst.map((s) => s.supplyState))).toEqual(new Set(['Andhra Pradesh', 'Jharkhand']));
    expect(igst.every((s) => s.gstSplit.igst > 0)).toBe(true);
    expect(list.productSales.filter((s) => !s.interState && s.gstSplit.cgst > 0).length).toBeGreaterThan(10);

    const purchases = await admin.request({ method: 'GET', url: '/api/crm/products/purchases?limit=100' });
    const p = purchases.json().data as { productPurchases: PurchaseDto[] };
    expect(p.productPurchases.length).toBeGreaterThanOrEqual(15);
    expect(p.productPurchases.every((x) => x.vendor && x.items.length > 0 && x.totalAmount > 0)).toBe(true);
    // Vendors registered outside Odisha (by their GSTINs) are IGST; the rest CGST + SGST.
    const igstBuys = p.productPurchases.filter((x) => x.interState);
    expect(new Set(igstBuys.map((x) => x.supplyState))).toEqual(
      new Set(['Karnataka', 'Maharashtra', 'Delhi']),
    );
    expect(igstBuys.every((x) => x.gstSplit.igst > 0 && x.gstSplit.cgst === 0)).toBe(true);
    expect(p.productPurchases.some((x) => !x.interState && x.gstSplit.cgst > 0)).toBe(true);
  });

  it('the app works on the demo ledger: a demo sale edits, the sold-out printer refuses a sale', async () => {
    const admin = await adminSession(ctx);
    const { customers, productItems, sales } = await import('../db/schema.ts');
    const db = ctx.database.db;
    const [sale] = await db.select().from(sales).limit(1);
    const patched = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/sales/${sale!.id}`,
      payload: { notes: 'Delivered and installed' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Unchanged lines keep the price they were sold at, so the totals stay the same.
    expect(patched.json().data.totalAmount).toBe(sale!.totalAmount);
    const [printer] = await db
      .select()
      .from(productItems)
      .where(eq(productItems.name, 'Ender-3 V3 SE 3D Printer'));
    const [customer] = await db.select().from(customers).limit(1);
    const refused = await admin.request({
      method: 'POST',
      url: '/api/crm/products/sales',
      payload: {
        customer: customer!.id,
        invoiceNo: 'INV/TEST/0001',
        invoiceDate: new Date(now.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10),
        items: [{ item: printer!.id, quantity: 1, gst: 18, marginTier: 't1' }],
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      'Not enough stock of Ender-3 V3 SE 3D Printer: 0 available, 1 needed',
    );
    expect(await verifyStocks(db)).toEqual([]);
  });
});

describe('demo quotations', () => {
  let ctx: TestContext;
  const now = new Date();

  beforeAll(async () => {
    ctx = await createTestApp();
    await loadDemoData(ctx.database.db, { now });
  });
  afterAll(() => ctx.close());

  it('each demo requirement has its quotation: drafts, re-quotations pending and approved, a long one', async () => {
    const { quotations, requirements: reqs } = await import('../db/schema.ts');
    const db = ctx.database.db;
    const rows = await db.select().from(quotations);
    const requirementRows = await db.select().from(reqs);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const q of rows) {
      const r = requirementRows.find((x) => x.id === q.requirementId)!;
      expect(r.quotationId, r.title).toBe(q.id);
      expect(r.customerId).toBe(q.customerId);
    }
    const admin = await adminSession(ctx);
    const list = await admin.request({ method: 'GET', url: '/api/crm/quotations?limit=100' });
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as { quotations: QuotationListDto[]; quotationsCount: number };
    expect(data.quotationsCount).toBe(rows.length);
    const review = (q: QuotationListDto) => q.activeVersion.review?.status ?? null;
    expect(data.quotations.filter((q) => q.versionCount === 1 && review(q) === null).length).toBeGreaterThan(
      1,
    );
    expect(data.quotations.filter((q) => review(q) === 'Approved').length).toBeGreaterThanOrEqual(1);
    const queue = await admin.request({
      method: 'GET',
      url: '/api/crm/quotations?filters[reviewStatus][]=Pending',
    });
    const pending = queue.json().data as { quotations: QuotationListDto[] };
    expect(pending.quotations.length).toBeGreaterThanOrEqual(2);
    expect(pending.quotations.some((q) => q.versionCount === 3)).toBe(true);
    expect(pending.quotations.every((q) => q.activeVersion.title.startsWith('Re-Quotation'))).toBe(true);
  });

  it('two quotations became projects (one Completed, one at Installation after a step back), one was rejected', async () => {
    const admin = await adminSession(ctx);
    const list = await admin.request({ method: 'GET', url: '/api/crm/projects?limit=100' });
    expect(list.statusCode, list.body).toBe(200);
    const { projects } = list.json().data as { projects: { _id: string; status: string }[] };
    // Beside the past year's won quotations, all Completed (win-loss-history.ts).
    expect(projects.filter((p) => p.status !== 'Completed').map((p) => p.status)).toEqual(['Installation']);
    const installing = projects.find((p) => p.status === 'Installation')!;
    const detail = await admin.request({ method: 'GET', url: `/api/crm/projects/${installing._id}` });
    const project = detail.json().data as {
      quotation: { _id: string };
      items: unknown[];
      statusHistory: { to: string; reason: string | null }[];
    };
    expect(project.items.length).toBeGreaterThan(0);
    expect(project.statusHistory.some((c) => c.to === 'Ready For Dispatch' && c.reason)).toBe(true);
    const quotation = await admin.request({
      method: 'GET',
      url: `/api/crm/quotations/${project.quotation._id}`,
    });
    const q = quotation.json().data as QuotationDto;
    expect(q.versions.every((v) => v.status === 'Approved')).toBe(true);
    expect(q.project?._id).toBe(installing._id);
    const rejected = await admin.request({ method: 'GET', url: '/api/crm/rejection-analysis' });
    const { rejectionAnalyses } = rejected.json().data as {
      rejectionAnalyses: { lostTo: string; competitor: { offeredAmount: number }; quotedAmount: number }[];
    };
    expect(rejectionAnalyses.length).toBeGreaterThan(1);
    for (const a of rejectionAnalyses.filter((r) => r.lostTo === 'Competitor'))
      expect(a.competitor.offeredAmount).toBeLessThan(a.quotedAmount);
  });

  it('the wins-and-losses page tells a story: won and lost over the past year, to competitors and to no decision', async () => {
    const admin = await adminSession(ctx);
    const res = await admin.request({ method: 'GET', url: '/api/crm/win-loss' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as WinLoss;
    expect(data.totals.won).toBeGreaterThanOrEqual(5);
    expect(data.totals.lost).toBeGreaterThanOrEqual(5);
    expect(data.months.filter((m) => m.won + m.lost > 0).length).toBeGreaterThanOrEqual(8);
    expect(data.lostByCompetitor.length).toBeGreaterThanOrEqual(3);
    expect(data.lostTo.every((l) => l.count > 0)).toBe(true);
    expect(data.byDistrict.length).toBeGreaterThan(2);
    expect(data.byInstitutionType.length).toBeGreaterThan(1);
    expect(data.daysToApproval.count).toBeGreaterThanOrEqual(5);
  });

  it('lines are priced as the server prices them, frozen, with totals and changes as the domain computes', async () => {
    const { productItems, productMargins, productStocks } = await import('../db/schema.ts');
    const db = ctx.database.db;
    const items = await db
      .select({
        id: productItems.id,
        name: productItems.name,
        sku: productItems.sku,
        margin: productMargins,
        stock: productStocks,
      })
      .from(productItems)
      .innerJoin(productMargins, eq(productMargins.id, productItems.marginId))
      .innerJoin(productStocks, eq(productStocks.itemId, productItems.id));
    const byId = new Map(items.map((i) => [i.id, i]));
    const admin = await adminSession(ctx);
    const list = await admin.request({ method: 'GET', url: '/api/crm/quotations?limit=100' });
    let longest = 0;
    let longestId = '';
    for (const row of (list.json().data as { quotations: QuotationListDto[] }).quotations) {
      const res = await admin.request({ method: 'GET', url: `/api/crm/quotations/${row._id}` });
      expect(res.statusCode, res.body).toBe(200);
      const q = res.json().data as QuotationDto;
      expect(q.versions).toHaveLength(row.versionCount);
      // Oldest first here (the detail lists the newest first).
      const versions = [...q.versions].sort((a, b) => a.versionNumber - b.versionNumber);
      expect(versions[0]).toMatchObject({ versionNumber: 0, isMain: true, review: null });
      for (const v of versions) {
        if (v.items.length > longest) [longest, longestId] = [v.items.length, q._id];
        const totals = versionTotals(
          v.items.map((l) => ({ quantity: l.quantity, unitPaise: toPaise(l.unitPrice)!, gst: l.gst })),
          v.placeOfSupply.interState,
        );
        expect(toPaise(v.totalPrice)).toBe(totals.totals.total);
        expect(toPaise(v.totalGSTAmount)).toBe(totals.totals.gst);
        expect(v.gstSplit.igst > 0).toBe(v.placeOfSupply.interState);
        for (const l of v.items) {
          const item = byId.get(l.item!._id)!;
          expect(l).toMatchObject({ name: item.name, sku: item.sku });
          const base = toPaise(item.stock.priceToShow)!;
          expect(toPaise(l.unitPrice)!).toBeGreaterThanOrEqual(minimumUnitPrice(base, item.margin)!);
          if (l.marginTier !== 'custom')
            expect(toPaise(l.unitPrice)).toBe(quotationTierPrice(base, item.margin, l.marginTier));
        }
        if (v.versionNumber > 0) {
          expect(v.previousVersion).toBe(versions[v.versionNumber - 1]!._id);
          // Approval sets Approved on every version (spec 3 §4): a decided quotation's earlier ones too.
          const approved = versions.every((x) => x.status === 'Approved');
          expect(versions[v.versionNumber - 1]!.status).toBe(approved ? 'Approved' : 'ReQuoted');
          expect(v.changes.length).toBeGreaterThan(0);
        }
      }
      expect(q.activeVersion._id).toBe(versions.at(-1)!._id);
    }
    // The long one: every sellable item of the catalogue, more than a printed page.
    expect(longest).toBeGreaterThanOrEqual(19);
    const pdf = await admin.request({ method: 'GET', url: `/api/crm/quotations/${longestId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).length).toBeGreaterThanOrEqual(2);
  });

  it('the sales manager approves a waiting re-quotation; its sales executive may then re-quote it', async () => {
    const { quotations, users: userTable } = await import('../db/schema.ts');
    const db = ctx.database.db;
    const [q] = await db.select().from(quotations).where(eq(quotations.reviewStatus, 'Pending')).limit(1);
    const manager = (
      await db
        .select({ id: userTable.id, name: roles.name })
        .from(userTable)
        .innerJoin(userRoles, eq(userRoles.userId, userTable.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(roles.name, 'Sales Manager'))
    )[0]!;
    const asManager = await sessionAgent(ctx, manager.id);
    const approved = await asManager.request({
      method: 'PATCH',
      url: `/api/crm/quotations/${q!.id}/review`,
      payload: { status: 'Approved', reason: 'Discount agreed with the principal' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const asOwner = await sessionAgent(ctx, q!.createdBy!);
    const detail = (await asOwner.request({ method: 'GET', url: `/api/crm/quotations/${q!.id}` })).json()
      .data as QuotationDto;
    const again = await asOwner.request({
      method: 'PATCH',
      url: `/api/crm/quotations/${q!.id}/re-quotation`,
      payload: {
        title: detail.activeVersion.title,
        validUntil: detail.activeVersion.validUntil,
        items: detail.activeVersion.items.map((l) => ({
          item: l.item!._id,
          quantity: l.quantity + 1,
          gst: l.gst,
          marginTier: l.marginTier,
          unitPrice: l.unitPrice,
        })),
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as QuotationDto).activeVersion.review?.status).toBe('Pending');
  });
});
