import {
  type ActivityType,
  EMPLOYMENT_TYPES_WITH_DURATION,
  type EmploymentType,
  LANGUAGES,
  newId,
} from '@karya/domain';
import type { Device, userActivities, users } from '../db/schema.ts';
import { DAY_MS, inThisWeek, type Random } from './common.ts';

export const DEMO_EMAIL_DOMAIN = 'karya.local';

type Person = { name: string; gender: 'Male' | 'Female' | 'Other' };
export const PEOPLE: Person[] = [
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

const phoneFor = (rnd: Random) => `${rnd.int(6, 9)}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`;

/** Today's calendar day where the company works (India), whatever zone the server runs in. */
const indiaDay = (now: Date) => new Date(now.getTime() + 5.5 * 3600 * 1000).toISOString().slice(5, 10);

const pad = (n: number) => String(n).padStart(2, '0');

/** The first role of each person, in turn (PEOPLE's order); `roleId` keys. */
export const WORKING_ROLES = [
  'salesExecutive',
  'salesExecutive',
  'storeManager',
  'hrManager',
  'salesManager',
  'accountant',
];

/**
 * The demo staff as user rows, their roles and their sign-in history: PEOPLE, joined over the last three
 * months (a few this week), every one signing in with the one password whose hash is given.
 */
export const userDemoRows = (
  now: Date,
  rnd: Random,
  opts: { adminId: string | null; passwordHash: string; roleId: Record<string, string> },
) => {
  const { adminId, passwordHash, roleId } = opts;
  const at = (daysAgo: number, extraMs = 0) => new Date(now.getTime() - daysAgo * DAY_MS + extraMs);
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

    const first = WORKING_ROLES[i % WORKING_ROLES.length]!;
    links.push({ userId: id, roleId: roleId[first]! });
    // Some hold a second role; two of them the expired seasonal one, so its message shows on sign-in.
    const second =
      i % 10 === 3 ? 'seasonalPromoter' : i % 7 === 2 ? 'hrManager' : i % 8 === 5 ? 'accountant' : null;
    if (second && second !== first) links.push({ userId: id, roleId: roleId[second]! });
  });
  return { userRows, links, activityRows };
};
