import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  attendancePunches,
  companySettings,
  customerAssignments,
  customers,
  expenseClaims,
  expenseLines,
  followUps,
  leaveAllocations,
  leaves,
  mailOutbox,
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
} from '../db/schema.ts';
import { fillOutcomeSnapshot } from '../modules/win-loss/outcome-snapshot.ts';
import { hashPassword } from '../platform/passwords.ts';
import { attendanceDemoRows, fieldVisitRows } from './attendance.ts';
import { catalogueDemoRows } from './catalogue.ts';
import { prng } from './common.ts';
import { type DemoCompanyEnv, demoCompanyRow } from './company.ts';
import { customerDemoRows } from './customers.ts';
import { expenseDemoRows } from './expenses.ts';
import { followUpDemoRows } from './follow-ups.ts';
import { leaveDemoRows } from './leave.ts';
import { mailDemoRows } from './mail.ts';
import { userDemoRows, WORKING_ROLES } from './people.ts';
import { loadProjectDemo } from './projects.ts';
import { loadQuotationDemo } from './quotations.ts';
import { requirementDemoRows } from './requirements.ts';
import { DEMO_ROLES, roleDemoRows } from './roles.ts';
import { loadStockDemo } from './stock.ts';
import { teamAndTaskRows } from './teams-and-tasks.ts';
import { loadWinLossHistory } from './win-loss-history.ts';

/** Every demo user signs in with this password (shown in the README and the start-up banner). */
export const DEMO_PASSWORD = 'Karya@2026';

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
export const loadDemoData = async (
  db: Db,
  opts: { now?: Date; company?: DemoCompanyEnv } = {},
): Promise<DemoSummary> => {
  const now = opts.now ?? new Date();
  const rnd = prng(20260101);

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

  const { roleRows, roleId } = roleDemoRows(now, rnd, adminId);

  const { userRows, links, activityRows } = userDemoRows(now, rnd, { adminId, passwordHash, roleId });

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
  const roleOf = (i: number) => WORKING_ROLES[i % WORKING_ROLES.length];
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
    // Leave (issue 28): this year's allocations, approved, pending, rejected and cancelled applications.
    const leave = leaveDemoRows(
      now,
      stillWorking.map((u) => ({ id: u.id!, roleKey: roleOf(userRows.indexOf(u))! })),
      {
        roleId,
        hrManagerId: stillWorking.find((u) => roleOf(userRows.indexOf(u)) === 'hrManager')?.id ?? adminId,
        rnd: prng(20260601),
      },
    );
    if (leave.allocations.length) await tx.insert(leaveAllocations).values(leave.allocations);
    if (leave.leaves.length) await tx.insert(leaves).values(leave.leaves);
    // The mail Karya sent them (decision 0024): reminders (one failed) and leave decisions.
    const mails = mailDemoRows(
      now,
      stillWorking
        .filter((u) => roleOf(userRows.indexOf(u)) === 'salesExecutive')
        .map((u) => ({ id: u.id!, email: u.email!, name: u.name! })),
      new Map(stillWorking.map((u) => [u.id!, { email: u.email!, name: u.name! }])),
      leave.leaves,
    );
    if (mails.length) await tx.insert(mailOutbox).values(mails);
    // A month of check-ins and check-outs for the staff still working (issue 28), none on approved leave.
    const attendanceRnd = prng(20260501);
    const attendance = attendanceDemoRows(
      now,
      stillWorking.map((u) => ({ id: u.id!, field: roleOf(userRows.indexOf(u)) === 'salesExecutive' })),
      attendanceRnd,
      leave.onLeave,
    );
    if (attendance.punches.length) await tx.insert(attendancePunches).values(attendance.punches);
    // The field days' visits, at the person's own customers: those days show On Field.
    const visits = fieldVisitRows(
      attendance.fieldDays,
      (userId) =>
        customerRows.customers
          .filter((c) => !c.isDeleted && c.assignedTo?.includes(userId))
          .map((c) => c.id!),
      attendanceRnd,
    );
    if (visits.length) await tx.insert(followUps).values(visits);
    // A month of expense claims (issue 28): the field visits' travel paid and waiting, drafts, a rejection.
    const whoIs = (key: string) =>
      stillWorking.find((u) => roleOf(userRows.indexOf(u)) === key)?.id ?? adminId;
    const expenses = expenseDemoRows(
      now,
      stillWorking.map((u) => ({ id: u.id!, field: roleOf(userRows.indexOf(u)) === 'salesExecutive' })),
      visits,
      { deciderId: whoIs('hrManager'), payerId: whoIs('accountant'), rnd: prng(20260701) },
    );
    if (expenses.claims.length) await tx.insert(expenseClaims).values(expenses.claims);
    if (expenses.lines.length) await tx.insert(expenseLines).values(expenses.lines);
    // What the quotations print (issue 25): the demo company and its bank account.
    await tx.insert(companySettings).values(demoCompanyRow(opts.company)).onConflictDoNothing();
    // Quotations for the requirements, priced from the stock's prices to show; the sales manager reviews.
    await loadQuotationDemo(tx, now, {
      requirements: requirementRows,
      reviewerId: userRows.find((_, i) => roleOf(i) === 'salesManager')?.id ?? adminId,
    });
    // Two of them approved into projects (one Completed), one rejected with its analysis (issue 26).
    await loadProjectDemo(tx, now, {
      managerId: userRows.find((_, i) => roleOf(i) === 'salesManager')?.id ?? adminId,
    });
    // The past year's won and lost quotations, for the wins-and-losses page (issue 26; decision 0017).
    await loadWinLossHistory(tx, now);
    // What that page groups by, copied onto each outcome as the app's own writes do.
    await fillOutcomeSnapshot(tx, 'all');
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
