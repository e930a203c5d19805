import { gstinCheckCharacter, newId } from '@karya/domain';
import type {
  productBrands,
  productCategories,
  productClasses,
  productItems,
  productMargins,
  productStocks,
  productVendors,
} from '../db/schema.ts';
import { DAY_MS } from './common.ts';
import { ITEMS, SUGGESTED } from './items.ts';

/**
 * The demo catalogue of an Odisha company selling robotics kits, lab equipment and smart-class hardware
 * to schools and colleges: brands, categories, classes (who a product is for), margin tiers and vendors.
 * Rows only; index.ts inserts them in its transaction. No images: the demo has no files.
 */
const BRANDS: [string, string][] = [
  ['Arduino', 'Open-source microcontroller boards and starter kits for school tinkering labs.'],
  ['Raspberry Pi', 'Single-board computers for coding, IoT and AI projects in ATL labs.'],
  ['DFRobot', 'Sensors, robot chassis and Gravity modules for classroom robotics.'],
  ['Makeblock', 'mBot and Codey robots with block-based coding for middle school.'],
  ['LEGO Education', 'SPIKE Prime and WeDo sets for primary and middle school STEM.'],
  ['Robokart Odisha', 'Locally assembled robotics kits with Odia and English manuals.'],
  ['Borosil', 'Borosilicate glassware: beakers, flasks, burettes and test tubes.'],
  ['Labomed', 'Student and research microscopes.'],
  ['Remi', 'Centrifuges, stirrers and lab instruments.'],
  ['Hi-Tech Scientific', 'Physics lab apparatus made to the CBSE and BSE Odisha syllabus.'],
  ['BenQ', 'Interactive flat panels and classroom projectors.'],
  ['Epson', 'Short-throw projectors for smart classes.'],
  ['ViewSonic', 'Interactive displays with built-in whiteboarding.'],
  ['Logitech', 'Webcams, conference cameras and speakers for hybrid classrooms.'],
  ['Creality', 'Desktop 3D printers for design and innovation labs.'],
];

const CATEGORIES: [string, string][] = [
  ['Robotics Kits', 'Complete kits with controller, motors, sensors and lesson plans.'],
  ['Microcontroller Boards', 'Arduino-compatible boards, Raspberry Pi and accessories.'],
  ['Sensors and Modules', 'Ultrasonic, IR, soil moisture, temperature and other modules.'],
  ['3D Printers and Filament', 'Printers, PLA filament and spare nozzles.'],
  ['Lab Glassware', 'Beakers, flasks, pipettes, burettes and test tubes.'],
  ['Microscopes', 'Monocular and binocular microscopes with slides.'],
  ['Physics Apparatus', 'Optics benches, resonance tubes, meters and kits.'],
  ['Chemistry Consumables', 'Reagents, indicators and safety equipment.'],
  ['Interactive Flat Panels', '65 to 86 inch touch displays for classrooms.'],
  ['Projectors and Screens', 'Short-throw projectors, mounts and screens.'],
  ['Audio and Cameras', 'Podium microphones, speakers and document cameras.'],
  ['Furniture and Storage', 'Lab tables, tool cabinets and kit storage racks.'],
];

const CLASSES: [string, string][] = [
  ['Primary (Classes 1-5)', 'Play-based STEM and early coding.'],
  ['Middle (Classes 6-8)', 'Block coding, simple robots and basic science labs.'],
  ['Secondary (Classes 9-10)', 'Board-exam practicals and electronics projects.'],
  ['Higher Secondary (Classes 11-12)', 'Physics, chemistry and biology practicals; advanced robotics.'],
  ['Atal Tinkering Lab', 'Equipment lists of the ATL scheme for government-aided schools.'],
  ['Smart Classroom', 'Display, audio and camera sets for one classroom.'],
  ['ITI and Polytechnic', 'Workshop and electronics trainers.'],
  ['College and University', 'Research-grade instruments and innovation centres.'],
];

/** [name, description, t1, t2, t3, pt1, pt2, pt3, active] */
const MARGINS: [string, string, number, number, number, number, number, number, boolean][] = [
  [
    'Government Schools',
    'Samagra Shiksha and OSEPA tenders: thin margins, large volumes.',
    8,
    10,
    12,
    5,
    6.5,
    8,
    true,
  ],
  ['Private CBSE and ICSE Schools', 'Direct sales to private schools.', 15, 18, 22, 10, 12.5, 15, true],
  [
    'Atal Tinkering Labs',
    'ATL grant purchases; installation and training included.',
    12,
    14,
    16,
    8,
    9,
    10,
    true,
  ],
  [
    'Dealers and Resellers',
    'District dealers in Sambalpur, Berhampur and Balasore.',
    6,
    7.5,
    9,
    4,
    5,
    6,
    true,
  ],
  ['Colleges and Universities', 'Engineering colleges and university labs.', 10, 12, 15, 7, 8.25, 10, true],
  ['Festive Offer 2025', 'Durga Puja offer; ended.', 5, 6, 7, 3, 4, 5, false],
];

type Vendor = {
  name: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  rating: number;
  contact: { name: string; designation: string; email: string; phone: string };
  /** The GSTIN's first 14 characters (state code, PAN, entity number, Z); the check character is computed. */
  gstin?: string;
};

/** A whole GSTIN from its first 14 characters: the demo's GSTINs carry correct check characters. */
const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);

const VENDORS: Vendor[] = [
  {
    name: 'Kalinga Electronics Pvt Ltd',
    gstin: '21AADCK4512M1Z',
    email: 'orders@kalingaelectronics.in',
    phone: '0674-2541236',
    address: 'Plot 45, Mancheswar Industrial Estate, Bhubaneswar 751010',
    website: 'www.kalingaelectronics.in',
    rating: 4.5,
    contact: {
      name: 'Subhashree Mohanty',
      designation: 'Sales Manager',
      email: 'subhashree@kalingaelectronics.in',
      phone: '9437021456',
    },
  },
  {
    name: 'Utkal Scientific Suppliers',
    gstin: '21ABRPR3318K1Z',
    email: 'sales@utkalscientific.com',
    phone: '0671-2304512',
    address: 'College Square, Cuttack 753003',
    website: 'https://utkalscientific.com',
    rating: 4,
    contact: {
      name: 'Bijay Kumar Rout',
      designation: 'Proprietor',
      email: 'bijay@utkalscientific.com',
      phone: '9861045233',
    },
  },
  {
    name: 'Bengaluru Robotics Distributors',
    gstin: '29AAKFB7731Q1Z',
    email: 'b2b@blrrobotics.in',
    phone: '080-41236547',
    address: '3rd Cross, Peenya Industrial Area, Bengaluru 560058',
    website: 'www.blrrobotics.in',
    rating: 4.5,
    contact: {
      name: 'Karthik Rao',
      designation: 'Key Account Manager',
      email: 'karthik@blrrobotics.in',
      phone: '9845012378',
    },
  },
  {
    name: 'Mumbai EdTech Imports LLP',
    gstin: '27AAUFM2284H1Z',
    email: 'imports@mumbaiedtech.in',
    phone: '022-28471290',
    address: 'Unit 12, Andheri East, Mumbai 400093',
    website: 'www.mumbaiedtech.in',
    rating: 3.5,
    contact: {
      name: 'Priya Deshmukh',
      designation: 'Export Coordinator',
      email: 'priya@mumbaiedtech.in',
      phone: '9820145678',
    },
  },
  {
    name: 'Jagannath Lab Glass Works',
    gstin: '21AAGFJ6620D1Z',
    email: 'jlgw.puri@gmail.com',
    phone: '06752-223344',
    address: 'Grand Road, Puri 752001',
    website: 'www.jagannathlabglass.in',
    rating: 4,
    contact: {
      name: 'Pradeep Sahoo',
      designation: 'Works Manager',
      email: 'pradeep.jlgw@gmail.com',
      phone: '9437365412',
    },
  },
  {
    name: 'Sambalpur Office Systems',
    email: 'info@sambalpuross.in',
    phone: '0663-2410987',
    address: 'Budharaja, Sambalpur 768004',
    website: 'www.sambalpuross.in',
    rating: 3,
    contact: {
      name: 'Gita Panda',
      designation: 'Service Head',
      email: 'gita@sambalpuross.in',
      phone: '9938012345',
    },
  },
  {
    name: 'Delhi Smart Class Solutions',
    gstin: '07AAJCD5208N1Z',
    email: 'tenders@dsmartclass.in',
    phone: '011-45632178',
    address: 'Okhla Phase II, New Delhi 110020',
    website: 'www.dsmartclass.in',
    rating: 4,
    contact: {
      name: 'Rohit Malhotra',
      designation: 'Regional Manager (East)',
      email: 'rohit@dsmartclass.in',
      phone: '9811023456',
    },
  },
  {
    name: 'Rourkela Instruments and Trainers',
    email: 'sales@rkltrainers.in',
    phone: '0661-2501234',
    address: 'Civil Township, Rourkela 769004',
    website: 'www.rkltrainers.in',
    rating: 3.5,
    contact: {
      name: 'Ranjit Ekka',
      designation: 'Sales Engineer',
      email: 'ranjit@rkltrainers.in',
      phone: '9437456123',
    },
  },
];

export type CatalogueDemoRows = {
  brands: (typeof productBrands.$inferInsert)[];
  categories: (typeof productCategories.$inferInsert)[];
  classes: (typeof productClasses.$inferInsert)[];
  margins: (typeof productMargins.$inferInsert)[];
  vendors: (typeof productVendors.$inferInsert)[];
  items: (typeof productItems.$inferInsert)[];
  stocks: (typeof productStocks.$inferInsert)[];
};

/** The rows, created over the last months by the given staff (spread so lists sort and filter visibly). */
export const catalogueDemoRows = (now: Date, creators: readonly string[]): CatalogueDemoRows => {
  let n = 0;
  const stamps = () => {
    n += 1;
    const createdAt = new Date(now.getTime() - (120 - n * 2) * DAY_MS);
    const by = creators[n % creators.length] ?? null;
    return { id: newId(createdAt), createdAt, updatedAt: createdAt, createdBy: by, updatedBy: by };
  };
  const named = ([name, description]: [string, string]) => ({ ...stamps(), name, description });
  const brands = BRANDS.map(named);
  const categories = CATEGORIES.map(named);
  const classes = CLASSES.map(named);
  const idOf = (rows: { id: string; name: string }[], name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`demo item names unknown ${name}`);
    return row.id;
  };
  const margins = MARGINS.map(([name, description, t1, t2, t3, pt1, pt2, pt3, isActive]) => ({
    ...stamps(),
    name,
    description,
    t1,
    t2,
    t3,
    pt1,
    pt2,
    pt3,
    isActive,
  }));
  const vendors = VENDORS.map((v) => ({
    ...stamps(),
    name: v.name,
    email: v.email,
    phone: v.phone,
    address: v.address,
    website: v.website,
    rating: v.rating,
    gstin: v.gstin ? withCheck(v.gstin) : null,
    contactPerson: v.contact,
  }));
  // Items over the last two months, the newest a few days ago (the dashboards' "new this week").
  const itemStamps = (i: number) => {
    const createdAt = new Date(now.getTime() - Math.round((60 - i * 2.5) * 24) * 3_600_000);
    const by = creators[(i + 1) % creators.length] ?? null;
    return { id: newId(createdAt), createdAt, updatedAt: createdAt, createdBy: by, updatedBy: by };
  };
  const items = ITEMS.map(
    ([name, modalNo, brand, cats, cls, margin, gst, hsnCode, , weight, dims, state, description], i) => ({
      ...itemStamps(i),
      sku: i + 1,
      name,
      modalNo,
      description,
      brandId: brand ? idOf(brands, brand) : null,
      categoryIds: cats.map((c) => idOf(categories, c)),
      classIds: cls.map((c) => idOf(classes, c)),
      marginId: margin ? idOf(margins, margin) : null,
      gst,
      hsnCode,
      shippingWeight: weight,
      shippingLength: dims?.[0] ?? null,
      shippingWidth: dims?.[1] ?? null,
      shippingHeight: dims?.[2] ?? null,
      state,
      preferredBrand: SUGGESTED[name]?.preferredBrand ?? null,
      targetPrice: SUGGESTED[name]?.targetPrice ?? null,
    }),
  );
  const stocks = items.map((item, i) => ({
    id: newId(item.createdAt),
    itemId: item.id,
    priceToShow: ITEMS[i]![8],
    createdAt: item.createdAt,
    updatedAt: item.createdAt,
    createdBy: item.createdBy,
    updatedBy: item.createdBy,
  }));
  return {
    brands,
    categories,
    classes,
    margins,
    items,
    stocks,
    vendors,
  };
};
