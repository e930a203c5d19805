import { newId, type TaskPriority, type TaskStatus, type TeamMemberRole } from '@karya/domain';
import type { tasks, teamMembers, teams } from '../db/schema.ts';
import { addDays, DAY_MS, inThisWeek, type Random } from './common.ts';

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

/** The demo teams (with members) and HR tasks, as rows for the given users. */
export const teamAndTaskRows = (now: Date, personIds: string[], adminId: string | null, rnd: Random) => {
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
      date: addDays(today, t.day),
      time: t.time ?? null,
      deadline: t.deadline === undefined ? null : addDays(today, t.deadline),
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
