import { gstinCheckCharacter, newId } from '@karya/domain';
import type { CustomerContactRow, customerAssignments, customers } from './db/schema.ts';

/**
 * The demo CRM's customers: schools, colleges, coaching centres and government offices across Odisha, and a
 * few individuals, assigned to the demo Sales Executives (a couple to people who have since left, so the
 * Orphaned state has something to show). Rows only; demo.ts inserts them in its transaction.
 */
type Org = {
  organizationType: 'Government' | 'Private';
  governmentType?: string;
  privateType?: string;
  officeType?: string;
  instituteType?: string;
  schoolBoard?: string;
  collegeType?: string;
};
const govSchool = (board: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Institute',
  instituteType: 'School',
  schoolBoard: board,
});
const pvtSchool = (board: string): Org => ({
  organizationType: 'Private',
  privateType: 'Institute',
  instituteType: 'School',
  schoolBoard: board,
});
const govCollege = (type: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Institute',
  instituteType: 'College',
  collegeType: type,
});
const pvtCollege = (type: string): Org => ({
  organizationType: 'Private',
  privateType: 'Institute',
  instituteType: 'College',
  collegeType: type,
});
const govOffice = (type: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Office',
  officeType: type,
});
const pvtInstitute = (type: string): Org => ({
  organizationType: 'Private',
  privateType: 'Institute',
  instituteType: type,
});
const govInstitute = (type: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Institute',
  instituteType: type,
});

/** [name, organisation (null: an individual), street, city, district, PIN, year, students, courses] */
type DemoCustomer = [
  string,
  Org | null,
  string,
  string,
  string,
  string,
  number | null,
  number | null,
  string | null,
];
const CUSTOMERS: DemoCustomer[] = [
  [
    'DAV Public School, Chandrasekharpur',
    pvtSchool('CBSE'),
    'Sector 6, CDA',
    'Bhubaneswar',
    'Khordha',
    '751023',
    1989,
    3200,
    'Nursery to Class XII',
  ],
  [
    'Mother’s Public School, Unit-1',
    pvtSchool('CBSE'),
    'Unit-1, Bhouma Nagar',
    'Bhubaneswar',
    'Khordha',
    '751001',
    1981,
    2800,
    'Nursery to Class XII',
  ],
  [
    'Kendriya Vidyalaya No. 1, Bhubaneswar',
    govSchool('CBSE'),
    'Unit-9, Nayapalli',
    'Bhubaneswar',
    'Khordha',
    '751007',
    1964,
    1900,
    'Class I to XII',
  ],
  [
    'Odisha Adarsha Vidyalaya, Balianta',
    govSchool('CBSE'),
    'Balianta Chowk',
    'Balianta',
    'Khordha',
    '752101',
    2016,
    640,
    'Class VI to XII',
  ],
  [
    'Government High School, Jatni',
    govSchool('StateBoard'),
    'Station Road',
    'Jatni',
    'Khordha',
    '752050',
    1948,
    820,
    'Class VI to X',
  ],
  [
    'Stewart School, Cuttack',
    pvtSchool('ICSE'),
    'Mission Road',
    'Cuttack',
    'Cuttack',
    '753001',
    1882,
    2100,
    'Nursery to Class XII',
  ],
  [
    'Ravenshaw Collegiate School',
    govSchool('StateBoard'),
    'Near Ravenshaw University',
    'Cuttack',
    'Cuttack',
    '753003',
    1851,
    1100,
    'Class VI to X',
  ],
  [
    'Ravenshaw University',
    govCollege('PostGraduation'),
    'College Square',
    'Cuttack',
    'Cuttack',
    '753003',
    1868,
    9000,
    'Arts, Science, Commerce',
  ],
  [
    'SCB Medical College and Hospital',
    govCollege('Medical'),
    'Mangalabag',
    'Cuttack',
    'Cuttack',
    '753007',
    1944,
    1500,
    'MBBS, MD, MS',
  ],
  [
    'Delhi Public School, Kalinga',
    pvtSchool('CBSE'),
    'Sijua, Patrapada',
    'Bhubaneswar',
    'Khordha',
    '751019',
    2004,
    2600,
    'Nursery to Class XII',
  ],
  [
    'Sai International School',
    pvtSchool('CBSE'),
    'Chandaka Industrial Estate',
    'Bhubaneswar',
    'Khordha',
    '751024',
    2008,
    2400,
    'Nursery to Class XII',
  ],
  [
    'Silicon Institute of Technology',
    pvtCollege('Engineering'),
    'Silicon Hills, Patia',
    'Bhubaneswar',
    'Khordha',
    '751024',
    2001,
    4200,
    'B.Tech, M.Tech, MCA',
  ],
  [
    'CV Raman Global University',
    pvtCollege('Engineering'),
    'Mahura, Janla',
    'Bhubaneswar',
    'Khordha',
    '752054',
    1997,
    6000,
    'B.Tech, M.Tech, MBA',
  ],
  [
    'Puri Zilla School',
    govSchool('StateBoard'),
    'Grand Road',
    'Puri',
    'Puri',
    '752001',
    1853,
    900,
    'Class VI to X',
  ],
  [
    'Samanta Chandra Sekhar College',
    govCollege('Graduation'),
    'Chandan Hajuri Road',
    'Puri',
    'Puri',
    '752001',
    1944,
    3000,
    '+2 and +3 Arts, Science, Commerce',
  ],
  [
    'Blue Bells Public School, Puri',
    pvtSchool('CBSE'),
    'VIP Road',
    'Puri',
    'Puri',
    '752002',
    1998,
    1200,
    'Nursery to Class X',
  ],
  [
    'Ispat English Medium School',
    pvtSchool('CBSE'),
    'Sector 20',
    'Rourkela',
    'Sundargarh',
    '769005',
    1962,
    2300,
    'Nursery to Class XII',
  ],
  [
    'NIT Rourkela',
    govCollege('Engineering'),
    'Sector 1',
    'Rourkela',
    'Sundargarh',
    '769008',
    1961,
    7500,
    'B.Tech, M.Tech, PhD',
  ],
  [
    'Deepika English Medium School',
    pvtSchool('ICSE'),
    'Sector 5',
    'Rourkela',
    'Sundargarh',
    '769002',
    1979,
    2000,
    'Nursery to Class XII',
  ],
  [
    'Sambalpur University',
    govCollege('PostGraduation'),
    'Jyoti Vihar, Burla',
    'Sambalpur',
    'Sambalpur',
    '768019',
    1967,
    5000,
    'MA, MSc, MCom, PhD',
  ],
  [
    'VSSUT Burla',
    govCollege('Engineering'),
    'Siddhi Vihar, Burla',
    'Sambalpur',
    'Sambalpur',
    '768018',
    1956,
    4500,
    'B.Tech, M.Tech',
  ],
  [
    'Guru Nanak Public School, Sambalpur',
    pvtSchool('CBSE'),
    'Ainthapali',
    'Sambalpur',
    'Sambalpur',
    '768004',
    1985,
    1700,
    'Nursery to Class XII',
  ],
  [
    'Khallikote Unitary University',
    govCollege('Graduation'),
    'Courtpeta',
    'Berhampur',
    'Ganjam',
    '760001',
    1856,
    4000,
    '+2, +3, PG',
  ],
  [
    'MKCG Medical College',
    govCollege('Medical'),
    'Medical Road',
    'Berhampur',
    'Ganjam',
    '760004',
    1962,
    1300,
    'MBBS, MD',
  ],
  [
    'Little Flower English School, Berhampur',
    pvtSchool('ICSE'),
    'Gandhi Nagar',
    'Berhampur',
    'Ganjam',
    '760001',
    1974,
    1500,
    'Nursery to Class X',
  ],
  [
    'Fakir Mohan University',
    govCollege('PostGraduation'),
    'Vyasa Vihar, Nuapadhi',
    'Balasore',
    'Balasore',
    '756089',
    1999,
    3500,
    'MA, MSc, MBA',
  ],
  [
    'Jawahar Navodaya Vidyalaya, Mayurbhanj',
    govSchool('CBSE'),
    'Bangiriposi',
    'Baripada',
    'Mayurbhanj',
    '757032',
    1987,
    560,
    'Class VI to XII',
  ],
  [
    'Government Women’s College, Keonjhar',
    govCollege('Graduation'),
    'Old Town',
    'Keonjhar',
    'Keonjhar',
    '758001',
    1981,
    1800,
    '+2 and +3',
  ],
  [
    'Aakash Institute, Bhubaneswar',
    pvtInstitute('Coaching'),
    'Janpath, Saheed Nagar',
    'Bhubaneswar',
    'Khordha',
    '751007',
    2010,
    1200,
    'NEET and JEE coaching',
  ],
  [
    'Vikash Residential School',
    pvtSchool('CHSE'),
    'Bargarh Road',
    'Bargarh',
    'Bargarh',
    '768028',
    2002,
    2200,
    '+2 Science',
  ],
  [
    'Government ITI, Cuttack',
    govInstitute('Training Center'),
    'Tulsipur',
    'Cuttack',
    'Cuttack',
    '753008',
    1958,
    900,
    'Electrician, Fitter, Electronics',
  ],
  [
    'Odisha University of Agriculture and Technology',
    govInstitute('University'),
    'Siripur',
    'Bhubaneswar',
    'Khordha',
    '751003',
    1962,
    4800,
    'B.Sc Agriculture, M.Sc, PhD',
  ],
  [
    'Little Angels Play School',
    pvtSchool('PreSchool'),
    'Jaydev Vihar',
    'Bhubaneswar',
    'Khordha',
    '751013',
    2015,
    180,
    'Play group to UKG',
  ],
  [
    'District Education Office, Khordha',
    govOffice('DEO'),
    'Collectorate Campus',
    'Khordha',
    'Khordha',
    '752055',
    null,
    null,
    null,
  ],
  [
    'District Mineral Foundation, Keonjhar',
    govOffice('DMF'),
    'Collectorate',
    'Keonjhar',
    'Keonjhar',
    '758001',
    null,
    null,
    null,
  ],
  [
    'Block Development Office, Balipatna',
    govOffice('BDO'),
    'Balipatna Block',
    'Balipatna',
    'Khordha',
    '752102',
    null,
    null,
    null,
  ],
  [
    'Bhubaneswar Municipal Corporation',
    govOffice('Municipal'),
    'Unit-4, Ashok Nagar',
    'Bhubaneswar',
    'Khordha',
    '751009',
    null,
    null,
    null,
  ],
  [
    'Prakash Chandra Nayak',
    null,
    'Plot 212, Saheed Nagar',
    'Bhubaneswar',
    'Khordha',
    '751007',
    null,
    null,
    null,
  ],
  ['Sasmita Pradhan', null, 'Link Road', 'Cuttack', 'Cuttack', '753012', null, null, null],
  ['Bijay Kumar Sahoo', null, 'Gopalpur Road', 'Berhampur', 'Ganjam', '760010', null, null, null],
];

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
