// Over 400 lines and whole: one generator of the customer data set, its columns in the order of the table.
import { arr, hash, idOf, idValue, lit, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userCount, userId } from './users.ts';

export const CUSTOMERS = 200_000;
/** Table tags of idOf: customers, their assignment history, their feedbacks. */
const CUSTOMER_TAG = '17';
const ASSIGNMENT_TAG = '18';
const FEEDBACK_TAG = '19';
/** The id of generated customer n (1-based, also its CI number). */
export const customerId = (n: number) => idValue(CUSTOMER_TAG, n);
/** SQL: the id of customer number `expr` (for generators that point at customers). */
export const customerIdSql = (expr: string) => idOf(CUSTOMER_TAG, expr);
/**
 * The detail scenario's customer: live, DAV Public School, Bhadrak, with three contacts, one assignee (and
 * its assignment row) and a feedback, at every scale (a row's values come from its number).
 */
export const CUSTOMER_DETAIL_ROW = 150;

/** Odisha towns with their district and PIN code. */
const PLACES: readonly [string, string, string][] = [
  ['Bhubaneswar', 'Khordha', '751001'],
  ['Cuttack', 'Cuttack', '753001'],
  ['Puri', 'Puri', '752001'],
  ['Berhampur', 'Ganjam', '760001'],
  ['Sambalpur', 'Sambalpur', '768001'],
  ['Rourkela', 'Sundargarh', '769001'],
  ['Balasore', 'Balasore', '756001'],
  ['Baripada', 'Mayurbhanj', '757001'],
  ['Bhadrak', 'Bhadrak', '756100'],
  ['Jajpur', 'Jajpur', '755001'],
  ['Kendrapara', 'Kendrapara', '754211'],
  ['Jagatsinghpur', 'Jagatsinghpur', '754103'],
  ['Angul', 'Angul', '759122'],
  ['Talcher', 'Angul', '759100'],
  ['Dhenkanal', 'Dhenkanal', '759001'],
  ['Keonjhar', 'Kendujhar', '758001'],
  ['Jharsuguda', 'Jharsuguda', '768201'],
  ['Bargarh', 'Bargarh', '768028'],
  ['Balangir', 'Balangir', '767001'],
  ['Bhawanipatna', 'Kalahandi', '766001'],
  ['Koraput', 'Koraput', '764020'],
  ['Jeypore', 'Koraput', '764001'],
  ['Rayagada', 'Rayagada', '765001'],
  ['Nabarangpur', 'Nabarangpur', '764059'],
  ['Malkangiri', 'Malkangiri', '764045'],
  ['Phulbani', 'Kandhamal', '762001'],
  ['Boudh', 'Boudh', '762014'],
  ['Nayagarh', 'Nayagarh', '752069'],
  ['Khurda', 'Khordha', '752055'],
  ['Paralakhemundi', 'Gajapati', '761200'],
  ['Sonepur', 'Subarnapur', '767017'],
  ['Deogarh', 'Deogarh', '768108'],
  ['Nuapada', 'Nuapada', '766105'],
  ['Nimapara', 'Puri', '752106'],
  ['Aska', 'Ganjam', '761110'],
  ['Chhatrapur', 'Ganjam', '761020'],
];
const STREETS = [
  'Main Road',
  'Station Road',
  'College Road',
  'Bazar Sahi',
  'Hospital Road',
  'Collectorate Road',
  'NH-16 Bypass',
  'Housing Board Colony',
  'Temple Road',
  'Old Town',
];
const FIRST = [
  'Sujata',
  'Ramesh',
  'Bijay',
  'Kabita',
  'Pradeep',
  'Sunita',
  'Manas',
  'Lipika',
  'Debasis',
  'Itishree',
];
const LAST = ['Mohanty', 'Behera', 'Das', 'Patnaik', 'Mishra', 'Sahoo', 'Nayak', 'Rout', 'Panda', 'Pradhan'];
const STAFF = ['Lab In-charge', 'Accountant', 'Science Teacher', 'Computer Teacher', 'Office Assistant'];
const DOMAINS = ['gmail.com', 'yahoo.co.in', 'rediffmail.com'];
const COMMENTS = [
  'Prompt payment',
  'Asked for a demo first',
  'Repeat order expected',
  'Slow approvals',
  'Happy with the lab setup',
];

/**
 * Customer kinds: weight (of 89), name ({t} town, {d} district), e-mail code, organisation tree, the first
 * contact's designation, students (least and spread; none for offices) and courses. "Vidya" is in four
 * kinds (about a quarter of the customers: what the list scenario filters on); the last kind is individuals.
 */
type Tree = {
  org?: string;
  gov?: string;
  priv?: string;
  office?: string;
  inst?: string;
  board?: string;
  college?: string;
};
type Kind = {
  w: number;
  name: string;
  code: string;
  tree: Tree;
  head: string;
  students?: [number, number];
  courses?: string;
};
const gSchool = (board: string): Tree => ({ org: 'Government', gov: 'Institute', inst: 'School', board });
const pSchool = (board: string): Tree => ({ org: 'Private', priv: 'Institute', inst: 'School', board });
const gInst = (inst: string, college?: string): Tree => ({
  org: 'Government',
  gov: 'Institute',
  inst,
  college,
});
const pInst = (inst: string, college?: string): Tree => ({
  org: 'Private',
  priv: 'Institute',
  inst,
  college,
});
const office = (type: string): Tree => ({ org: 'Government', gov: 'Office', office: type });
const KINDS: readonly Kind[] = [
  {
    w: 14,
    name: 'Government High School, {t}',
    code: 'ghs',
    tree: gSchool('StateBoard'),
    head: 'Headmaster',
    students: [150, 750],
    courses: 'Classes VI to X',
  },
  {
    w: 6,
    name: 'Odisha Adarsha Vidyalaya, {t}',
    code: 'oav',
    tree: gSchool('CBSE'),
    head: 'Principal',
    students: [300, 600],
    courses: 'Classes VI to XII',
  },
  {
    w: 3,
    name: 'Kendriya Vidyalaya, {t}',
    code: 'kv',
    tree: gSchool('CBSE'),
    head: 'Principal',
    students: [600, 1200],
    courses: 'Classes I to XII',
  },
  {
    w: 2,
    name: 'Jawahar Navodaya Vidyalaya, {d}',
    code: 'jnv',
    tree: gSchool('CBSE'),
    head: 'Principal',
    students: [400, 200],
    courses: 'Classes VI to XII',
  },
  {
    w: 10,
    name: 'Saraswati Shishu Vidya Mandir, {t}',
    code: 'ssvm',
    tree: pSchool('StateBoard'),
    head: 'Principal',
    students: [200, 1300],
    courses: 'Classes I to X',
  },
  {
    w: 5,
    name: 'DAV Public School, {t}',
    code: 'dav',
    tree: pSchool('CBSE'),
    head: 'Principal',
    students: [800, 2200],
    courses: 'Nursery to XII',
  },
  {
    w: 3,
    name: "St. Xavier's High School, {t}",
    code: 'sxhs',
    tree: pSchool('ICSE'),
    head: 'Principal',
    students: [500, 1500],
    courses: 'Nursery to X',
  },
  {
    w: 2,
    name: 'Little Angels Pre-School, {t}',
    code: 'lap',
    tree: pSchool('PreSchool'),
    head: 'Director',
    students: [40, 160],
    courses: 'Playgroup, Nursery and KG',
  },
  {
    w: 5,
    name: '{t} Higher Secondary School',
    code: 'hss',
    tree: gSchool('CHSE'),
    head: 'Principal',
    students: [300, 900],
    courses: '+2 Arts, Science and Commerce',
  },
  {
    w: 4,
    name: '{t} Autonomous College',
    code: 'ac',
    tree: gInst('College', 'Graduation'),
    head: 'Principal',
    students: [1500, 4500],
    courses: 'B.A., B.Sc. and B.Com.',
  },
  {
    w: 4,
    name: '{t} Degree College',
    code: 'dc',
    tree: pInst('College', 'Graduation'),
    head: 'Principal',
    students: [300, 1700],
    courses: 'B.A., B.Sc. and B.Com.',
  },
  {
    w: 1,
    name: 'Government College of Engineering, {t}',
    code: 'gce',
    tree: gInst('College', 'Engineering'),
    head: 'Principal',
    students: [800, 1700],
    courses: 'B.Tech. in Civil, Mechanical, Electrical and CSE',
  },
  {
    w: 2,
    name: '{t} Institute of Technology',
    code: 'it',
    tree: pInst('College', 'Engineering'),
    head: 'Director',
    students: [600, 2400],
    courses: 'B.Tech., Diploma and MCA',
  },
  {
    w: 2,
    name: 'Government ITI, {t}',
    code: 'iti',
    tree: gInst('Training Center'),
    head: 'Principal',
    students: [200, 600],
    courses: 'Electrician, Fitter and COPA',
  },
  {
    w: 2,
    name: '{t} Science Coaching Centre',
    code: 'scc',
    tree: pInst('Coaching'),
    head: 'Director',
    students: [50, 550],
    courses: 'JEE and NEET preparation',
  },
  {
    w: 3,
    name: 'Office of the District Education Officer, {d}',
    code: 'deo',
    tree: office('DEO'),
    head: 'District Education Officer',
  },
  {
    w: 3,
    name: 'Block Development Office, {t}',
    code: 'bdo',
    tree: office('BDO'),
    head: 'Block Development Officer',
  },
  {
    w: 1,
    name: 'District Mineral Foundation, {d}',
    code: 'dmf',
    tree: office('DMF'),
    head: 'Member Secretary',
  },
  { w: 2, name: '{t} Municipality', code: 'mun', tree: office('Municipal'), head: 'Executive Officer' },
  {
    w: 1,
    name: 'Collectorate, {d}',
    code: 'col',
    tree: office('Administrative'),
    head: 'Additional District Magistrate',
  },
  {
    w: 2,
    name: 'Samagra Shiksha, {d}',
    code: 'ssa',
    tree: office('Administrative'),
    head: 'District Project Coordinator',
  },
  {
    w: 1,
    name: 'Utkal Gramya Vikas Samiti, {t}',
    code: 'ugvs',
    tree: { org: 'Private', priv: 'NGO' },
    head: 'Secretary',
  },
  {
    w: 1,
    name: 'Kalinga Infotech Pvt. Ltd., {t}',
    code: 'kip',
    tree: { org: 'Private', priv: 'Company' },
    head: 'Managing Director',
  },
  { w: 10, name: '', code: '', tree: {}, head: '' },
];
/** Kind indexes (1-based) repeated by weight: a row's kind is one of them by hash. */
const KIND_OF = KINDS.flatMap((k, i) => Array.from({ length: k.w }, () => i + 1));
const INDIVIDUAL = KINDS.length;

/** A text[] literal whose empty strings are nulls. */
const texts = (values: readonly (string | undefined)[]) =>
  `ARRAY[${values.map((v) => (v ? lit(v) : 'null')).join(',')}]::text[]`;

/**
 * Customers of an Odisha education-supplies business: schools, colleges, training centres and coaching
 * centres (government and private), education and block offices, a few NGOs and companies, and one in ten
 * individuals. Each organisation has one to three contacts (the first is the default: the customer's own
 * phone and e-mail). The CI number is the row number (the sequence is set past it); 90% are assigned to one
 * or two bench users and 10% re-assigned, each with its open assignment row, a fifth also with an earlier,
 * closed one; every tenth has a feedback; 70% rated; 2.5% deleted; created over three years.
 */
export const customers: Generator = {
  name: 'customers (with assignment history)',
  rows: (scale) => scaled(CUSTOMERS, scale),
  async run(sql, scale, progress) {
    const users = userCount(scale);
    const kind = (of: (k: Kind) => string | undefined, row = 't') => `(${texts(KINDS.map(of))})[${row}.k]`;
    const tree = (key: keyof Tree) => kind((k) => k.tree[key]);
    const students = (n: 0 | 1) => `(ARRAY[${KINDS.map((k) => k.students?.[n] ?? 0).join(',')}])[t.k]`;
    const place = (n: 0 | 1 | 2, row = 't') => `(${arr(PLACES.map((p) => p[n]))})[${row}.p]`;
    const person = (expr: string, salt: number) =>
      `${pick(FIRST, expr, salt)} || ' ' || ${pick(LAST, expr, salt + 1)}`;
    const mobile = (expr: string, salt: number) =>
      `'9' || lpad((${hash(expr, salt)} % 1000000000)::text, 9, '0')`;
    await inBatches(
      sql,
      scaled(CUSTOMERS, scale),
      10_000,
      `insert into customers (id, customer_id, type, name, email, phone, website, street, city, district, state,
         country, zip_code, organization_type, government_type, private_type, office_type, institute_type,
         school_board, college_type, contacts, contact_names, contact_emails, contact_phones,
         establishment_year, number_of_students, courses_offered, notes, rating, rating_category, margin_tier,
         verified, assigned_to, re_assigned_to, feedbacks, is_deleted, deleted_at, deleted_by, created_by,
         updated_by, created_at, updated_at)
       select ${idOf(CUSTOMER_TAG, 'i')}, i, t.type, t.name, t.email, t.phone,
         case when ${tree('org')} = 'Private' and ${hash('i', 310)} % 10 < 6 then 'www.' || ${kind((k) => k.code)} || i || '.in' end,
         'Plot ' || (1 + ${hash('i', 311)} % 900) || ', ' || ${pick(STREETS, 'i', 312)},
         ${place(0)}, ${place(1)}, 'Odisha', 'India', ${place(2)},
         ${tree('org')}, ${tree('gov')}, ${tree('priv')}, ${tree('office')}, ${tree('inst')}, ${tree('board')},
         ${tree('college')},
         coalesce(c.contacts, '[]'::jsonb), c.names, c.emails, c.phones,
         case when t.type = 'Organization' then 1900 + ${hash('i', 313)} % 124 end,
         case when ${students(0)} > 0 then ${students(0)} + ${hash('i', 314)} % (${students(1)} + 1) end,
         ${kind((k) => k.courses)},
         case when ${hash('i', 315)} % 8 = 0 then 'Met at the district science fair; wants a quotation before March.' end,
         t.rating,
         case when t.rating >= 4.5 then 'Diamond' when t.rating >= 3.5 then 'Gold' when t.rating is not null then 'Silver' end,
         case when ${hash('i', 316)} % 5 <> 0 then ${pick(['t1', 't2', 't3'], 'i', 317)} end,
         ${hash('i', 318)} % 10 < 8,
         case when t.a < 10 then '{}'::text[] when t.a < 85 then array[${userId('t.u1')}]
           else array[${userId('t.u1')}, ${userId(`t.u1 % ${users} + 1`)}] end,
         case when t.a % 10 = 3 then array[${userId('t.u2')}] else '{}'::text[] end,
         case when i % 10 = 0 then jsonb_build_array(jsonb_build_object('id', ${idOf(FEEDBACK_TAG, 'i')},
           'reviewerId', ${userId('t.u1')}, 'rating', 1 + ${hash('i', 319)} % 5,
           'comment', ${pick(COMMENTS, 'i', 320)},
           'date', to_char(t.updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) else '[]'::jsonb end,
         i % 40 = 0, case when i % 40 = 0 then t.updated end, case when i % 40 = 0 then ${userId('t.editor')} end,
         ${userId('t.creator')}, ${userId('t.editor')}, t.created, t.updated
       from (
         select r.*, case when r.k = ${INDIVIDUAL} then 'Individual' else 'Organization' end as type,
           case when r.k = ${INDIVIDUAL} then ${person('i', 321)} || ' ' || i
             else replace(replace(${kind((k) => k.name, 'r')}, '{t}', ${place(0, 'r')}), '{d}', ${place(1, 'r')})
               || ' ' || i end as name,
           case when r.k = ${INDIVIDUAL} then lower(${pick(FIRST, 'i', 321)}) || i || '@gmail.com'
             when ${kind((k) => k.tree.office, 'r')} is not null then ${kind((k) => k.code, 'r')} || i || '@odisha.gov.in'
             else ${kind((k) => k.code, 'r')} || i || '@' || ${pick(DOMAINS, 'i', 336)} end as email,
           ${mobile('i', 323)} as phone,
           case when ${hash('i', 324)} % 10 < 7 then ((${hash('i', 325)} % 501) / 100.0)::numeric(3,2) end as rating,
           ${hash('i', 326)} % 100 as a, ${someUser('i', 327, scale)} as u1, ${someUser('i', 328, scale)} as u2,
           ${someUser('i', 329, scale)} as creator, ${someUser('i', 330, scale)} as editor,
           created + (now() - created) * ((${hash('i', 331)} % 1000) / 1000.0) as updated
         from (
           select i, (ARRAY[${KIND_OF.join(',')}])[1 + ${hash('i', 300)} % ${KIND_OF.length}] as k,
             1 + ${hash('i', 301)} % ${PLACES.length} as p, ${pastTime('i', 302, 1095)} as created
           from generate_series($FROM, $TO) i
         ) r
       ) t
       left join lateral (
         select jsonb_agg(jsonb_build_object('name', x.name, 'designation', x.designation, 'email', x.email,
             'phone', x.phone) order by x.k) as contacts,
           string_agg(x.name, E'\\n' order by x.k) as names, string_agg(x.email, E'\\n' order by x.k) as emails,
           string_agg(x.phone, E'\\n' order by x.k) as phones
         from (
           select k, ${person('i * 4 + k', 332)} as name,
             case when k = 1 then ${kind((k) => k.head)} else ${pick(STAFF, 'i * 4 + k', 334)} end as designation,
             case when k = 1 then t.email end as email,
             case when k = 1 then t.phone else ${mobile('i * 4 + k', 335)} end as phone
           from generate_series(1, case when t.type = 'Organization' then 1 + ${hash('i', 333)} % 3 else 0 end) k
         ) x
       ) c on true;
       -- The assignment history: an open row per assignee and re-assignee; a fifth of the assigned customers
       -- also had an earlier assignee, removed half-way between creation and the last update.
       insert into customer_assignments (id, customer_id, user_id, kind, assigned_by, assigned_at, unassigned_at,
         unassigned_by)
       select ${idOf(ASSIGNMENT_TAG, 'c.customer_id::bigint * 5 + a.n')}, c.id, a.user_id, a.kind, c.created_by,
         case when a.closed then c.created_at
           when ${hash('c.customer_id', 340)} % 5 = 0 and cardinality(c.assigned_to) > 0
             then c.created_at + (c.updated_at - c.created_at) / 2
           else c.created_at end,
         case when a.closed then c.created_at + (c.updated_at - c.created_at) / 2 end,
         case when a.closed then c.created_by end
       from customers c,
         lateral (
           select u.user_id, 'assigned' as kind, u.n::int as n, false as closed
             from unnest(c.assigned_to) with ordinality u(user_id, n)
           union all
           select u.user_id, 're-assigned', 2 + u.n::int, false
             from unnest(c.re_assigned_to) with ordinality u(user_id, n)
           union all
           select ${userId(someUser('c.customer_id', 341, scale))}, 'assigned', 4, true
             where ${hash('c.customer_id', 340)} % 5 = 0 and cardinality(c.assigned_to) > 0
         ) a
       where c.customer_id between $FROM and $TO`,
      progress,
    );
    await sql.exec(`select setval('customer_id_seq', (select max(customer_id) from customers))`);
  },
};
