import { appDayOf, DEFAULT_EXPENSE_RULES, newId, toPaise, travelPaise } from '@karya/domain';
import type { expenseClaims, expenseLines, followUps } from '../db/schema.ts';
import type { Random } from './common.ts';

type ClaimRow = typeof expenseClaims.$inferInsert;
type LineRow = typeof expenseLines.$inferInsert;
type Visit = Pick<typeof followUps.$inferInsert, 'id' | 'date' | 'customerId' | 'visitors'>;

const RATE = toPaise(DEFAULT_EXPENSE_RULES.ratePerKm)!;
const SMALL = [
  { category: 'Food', description: 'Lunch on the field day', paise: [12000, 18000, 22000] },
  { category: 'Phone and internet', description: 'Mobile data pack', paise: [19900, 23900] },
  {
    category: 'Customer entertainment',
    description: 'Tea and snacks at the school demo',
    paise: [8000, 15000],
  },
];

/**
 * Issue 28 (decision 0025): a month of claims for the demo staff. Sales executives claim their field visits'
 * travel by km (the first half paid by the accountant, the rest submitted and waiting for the HR Manager,
 * the latest visit left to claim from its follow-up), and keep a draft; the others have a small claim approved and waiting for payment, one rejected with a
 * reason. No receipts: every line is priced by distance or stays under the receipt limit.
 */
export const expenseDemoRows = (
  now: Date,
  staff: { id: string; field: boolean }[],
  visits: Visit[],
  o: { deciderId: string | null; payerId: string | null; rnd: Random },
) => {
  const claims: ClaimRow[] = [];
  const lines: LineRow[] = [];
  const today = appDayOf(now);
  const day = (d: string) => new Date(Math.min(now.getTime(), Date.parse(`${d}T06:30:00Z`)));
  const claim = (
    userId: string,
    title: string,
    status: string,
    made: { day: string; line: Omit<LineRow, 'id' | 'claimId' | 'userId' | 'position'> }[],
  ) => {
    if (made.length === 0) return;
    const id = newId(day(made[0]!.day));
    const days = made.map((m) => m.day).sort();
    const submittedAt = status === 'Draft' ? null : day(days.at(-1)!);
    const decidedAt =
      ['Approved', 'Rejected', 'Paid'].includes(status) && submittedAt
        ? new Date(submittedAt.getTime() + 86_400_000)
        : null;
    const decided = decidedAt && decidedAt > now ? now : decidedAt;
    for (const [position, m] of made.entries())
      lines.push({ id: newId(), claimId: id, userId, position, ...m.line });
    claims.push({
      id,
      userId,
      title,
      status,
      totalPaise: made.reduce((s, m) => s + m.line.amountPaise, 0),
      lineCount: made.length,
      fromDate: days[0],
      toDate: days.at(-1),
      submittedAt,
      decidedBy: decided ? o.deciderId : null,
      decidedAt: decided,
      decisionReason: status === 'Rejected' ? 'Personal phone plan: not reimbursed' : null,
      paidBy: status === 'Paid' ? o.payerId : null,
      paidAt: status === 'Paid' ? now : null,
      paidOn: status === 'Paid' ? today : null,
      paymentReference: status === 'Paid' ? `NEFT ${o.rnd.int(100000, 999999)}` : null,
      createdBy: userId,
      updatedBy: status === 'Draft' || status === 'Submitted' ? userId : (o.deciderId ?? userId),
      createdAt: day(days[0]!),
      updatedAt: decided ?? submittedAt ?? day(days[0]!),
    });
  };
  const small = (d: string) => {
    const s = o.rnd.pick(SMALL);
    return {
      day: d,
      line: { day: d, category: s.category, description: s.description, amountPaise: o.rnd.pick(s.paise) },
    };
  };
  let otherIndex = 0;
  for (const person of staff) {
    if (person.field) {
      const mine = visits
        .filter((v) => v.visitors?.includes(person.id) && v.date! <= today)
        .sort((a, b) => a.date!.localeCompare(b.date!));
      const trips = mine.map((v) => {
        const km = o.rnd.int(40, 450) / 10;
        return {
          day: v.date!,
          line: {
            day: v.date!,
            category: 'Travel',
            description: 'Two-wheeler to the school and back',
            amountPaise: travelPaise(km, RATE),
            distanceTenths: Math.round(km * 10),
            ratePaise: RATE,
            customerId: v.customerId!,
            followUpId: v.id!,
          },
        };
      });
      // The latest visit is left to claim from its follow-up (Claim travel for this visit).
      const claimed = trips.slice(0, -1);
      const half = Math.ceil(claimed.length / 2);
      claim(person.id, 'Field visits, first fortnight', 'Paid', claimed.slice(0, half));
      claim(person.id, 'Field visits, second fortnight', 'Submitted', claimed.slice(half));
      claim(person.id, 'Expenses this week', 'Draft', [small(today)]);
    } else {
      const status = otherIndex % 3 === 2 ? 'Rejected' : 'Approved';
      otherIndex += 1;
      const d = new Date(Date.parse(`${today}T00:00:00Z`) - o.rnd.int(5, 20) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      claim(person.id, status === 'Rejected' ? 'Phone bill' : 'Office errands', status, [small(d)]);
    }
  }
  return { claims, lines };
};
