// The demo customers as data, in the order they were made (customers.ts: the first about 80 days ago, then
// one every two days); the later ones are in customer-list-later.ts.

export type Org = {
  organizationType: 'Government' | 'Private';
  governmentType?: string;
  privateType?: string;
  officeType?: string;
  instituteType?: string;
  schoolBoard?: string;
  collegeType?: string;
};
export const govSchool = (board: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Institute',
  instituteType: 'School',
  schoolBoard: board,
});
export const pvtSchool = (board: string): Org => ({
  organizationType: 'Private',
  privateType: 'Institute',
  instituteType: 'School',
  schoolBoard: board,
});
export const govCollege = (type: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Institute',
  instituteType: 'College',
  collegeType: type,
});
export const pvtCollege = (type: string): Org => ({
  organizationType: 'Private',
  privateType: 'Institute',
  instituteType: 'College',
  collegeType: type,
});
export const govOffice = (type: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Office',
  officeType: type,
});
export const pvtInstitute = (type: string): Org => ({
  organizationType: 'Private',
  privateType: 'Institute',
  instituteType: type,
});
export const govInstitute = (type: string): Org => ({
  organizationType: 'Government',
  governmentType: 'Institute',
  instituteType: type,
});

/** [name, organisation (null: an individual), street, city, district, PIN, year, students, courses] */
export type DemoCustomer = [
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

/** The customers made first. */
export const EARLIER_CUSTOMERS: DemoCustomer[] = [
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
];
