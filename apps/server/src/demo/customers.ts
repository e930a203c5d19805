import { gstinCheckCharacter, newId } from '@karya/domain';
import type { CustomerContactRow, customerAssignments, customers } from '../db/schema.ts';
import { EARLIER_CUSTOMERS } from './customer-list.ts';
import { LATER_CUSTOMERS } from './customer-list-later.ts';

/**
 * The demo CRM's customers: schools, colleges, coaching centres and government offices across Odisha, and a
 * few individuals, assigned to the demo Sales Executives (a couple to people who have since left, so the
 * Orphaned state has something to show). Rows only; index.ts inserts them in its transaction.
 */
const CUSTOMERS = [...EARLIER_CUSTOMERS, ...LATER_CUSTOMERS];

const CONTACT_PEOPLE = [
  ['Sujata Mohanty', 'Principal'],
  ['Ramesh Behera', 'Lab In-charge'],
  ['Anil Kumar Das', 'Administrative Officer'],
  ['Madhusmita Rath', 'Vice Principal'],
  ['Pradeep Kumar Sethi', 'Purchase Officer'],
  ['Lipika Panda', 'Head of Department'],
  ['Debendra Mishra', 'Accounts Officer'],
  ['Sarojini Patnaik', 'Coordinator'],
] as const;

/**
 * Every other private organisation is registered for GST in Odisha (state code 21): a PAN made from its
 * name and number (4th letter T: a trust, as private schools and colleges are), and its check character.
 */
const odishaGstin = (name: string, i: number) => {
  const initial = /[A-Z]/.exec(name.toUpperCase())?.[0] ?? 'A';
  const first14 = `21AABT${initial}${String(1000 + i * 379).slice(-4)}${'KLMNPQRS'[i % 8]}1Z`;
  return first14 + gstinCheckCharacter(first14);
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 18);

export const customerDemoRows = (
  now: Date,
  /** The demo Sales Executives, and users who have left (blocked or deleted): Orphaned customers. */
  people: { salesExecutives: string[]; leavers: string[]; managerId: string | null },
) => {
  const rows: (typeof customers.$inferInsert)[] = [];
  const assignments: (typeof customerAssignments.$inferInsert)[] = [];
  CUSTOMERS.forEach(([name, org, street, city, district, zipCode, year, students, courses], i) => {
    const createdAt = new Date(now.getTime() - (80 - i * 2) * 86_400_000 - (i % 5) * 3_600_000);
    const id = newId(createdAt);
    const phone = `9${String(437000000 + i * 104_729).padStart(9, '0')}`;
    const email = org ? `${slug(name)}@gmail.com` : null;
    const contacts: CustomerContactRow[] = org
      ? [0, 1].slice(0, 1 + (i % 2)).map((k) => {
          const [person, designation] = CONTACT_PEOPLE[(i + k * 3) % CONTACT_PEOPLE.length]!;
          return {
            name: person,
            designation,
            email: k === 0 ? email : null,
            phone: k === 0 ? phone : `0674-25${String(10000 + i * 37).slice(-5)}`,
          };
        })
      : [{ name, designation: null, email: null, phone }];
    // Most are with one executive; every fifth also re-assigned to another; two are with people who left,
    // and the last organisation has nobody yet.
    const exec = people.salesExecutives[i % people.salesExecutives.length]!;
    const assignedTo =
      i === CUSTOMERS.length - 4
        ? []
        : i === 7 || i === 20
          ? [people.leavers[i % people.leavers.length]!]
          : [exec];
    const reAssignedTo =
      i % 5 === 4
        ? [people.salesExecutives[(i + 3) % people.salesExecutives.length]!].filter((u) => u !== exec)
        : [];
    const rating = i % 3 === 0 ? 4.5 : i % 3 === 1 ? 3 : null;
    rows.push({
      id,
      type: org ? 'Organization' : 'Individual',
      name,
      email,
      phone,
      website: org && i % 4 !== 3 ? `www.${slug(name)}.in` : null,
      gstin: org?.organizationType === 'Private' && i % 2 === 0 ? odishaGstin(name, i) : null,
      street,
      city,
      district,
      state: 'Odisha',
      country: 'India',
      zipCode,
      organizationType: org?.organizationType ?? null,
      governmentType: org?.governmentType ?? null,
      privateType: org?.privateType ?? null,
      officeType: org?.officeType ?? null,
      instituteType: org?.instituteType ?? null,
      schoolBoard: org?.schoolBoard ?? null,
      collegeType: org?.collegeType ?? null,
      contacts,
      contactNames: contacts.map((c) => c.name).join('\n'),
      contactEmails: contacts.flatMap((c) => (c.email ? [c.email] : [])).join('\n') || null,
      contactPhones: contacts.flatMap((c) => (c.phone ? [c.phone] : [])).join('\n') || null,
      establishmentYear: year,
      numberOfStudents: students,
      coursesOffered: courses,
      notes: org?.instituteType
        ? i % 2 === 0
          ? 'Interested in an Atal Tinkering Lab\nAsk for the budget after the board exams'
          : 'Smart classroom upgrade planned'
        : null,
      rating,
      ratingCategory: rating === null ? null : rating >= 4 ? 'Gold' : 'Silver',
      marginTier: org ? (org.organizationType === 'Government' ? 't1' : 't2') : 't3',
      verified: i % 4 !== 1,
      assignedTo,
      reAssignedTo,
      feedbacks: [],
      createdBy: exec,
      updatedBy: exec,
      createdAt,
      updatedAt: createdAt,
    });
    for (const [list, kind] of [
      [assignedTo, 'assigned'],
      [reAssignedTo, 're-assigned'],
    ] as const)
      for (const userId of list)
        assignments.push({
          id: newId(createdAt),
          customerId: id,
          userId,
          kind,
          assignedBy: people.managerId,
          assignedAt: createdAt,
        });
  });
  return { customers: rows, assignments };
};
