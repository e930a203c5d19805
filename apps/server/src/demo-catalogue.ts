import { gstinCheckCharacter, newId } from '@karya/domain';
import type {
  productBrands,
  productCategories,
  productClasses,
  productItems,
  productMargins,
  productStocks,
  productVendors,
} from './db/schema.ts';

/**
 * The demo catalogue of an Odisha company selling robotics kits, lab equipment and smart-class hardware
 * to schools and colleges: brands, categories, classes (who a product is for), margin tiers and vendors.
 * Rows only; demo.ts inserts them in its transaction. No images: the demo has no files.
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

/**
 * Items: [name, model no, brand, categories, classes, margin, GST %, HSN, price to show (₹), weight (kg),
 * [length, width, height] (m), state, description]. Prices are what a store would show a school in 2026;
 * stock stays 0 until purchases (a later issue) bring it in.
 */
type DemoItem = [
  string,
  string | null,
  string | null,
  string[],
  string[],
  string | null,
  number | null,
  string | null,
  number,
  number | null,
  [number, number, number] | null,
  'Verified' | 'Unverified' | 'Suggested',
  string,
];
const ATL = 'Atal Tinkering Lab';
const ITEMS: DemoItem[] = [
  [
    'Arduino Uno R3 Starter Kit',
    'A000066-KIT',
    'Arduino',
    ['Robotics Kits', 'Microcontroller Boards'],
    ['Secondary (Classes 9-10)', ATL],
    'Atal Tinkering Labs',
    18,
    '847330',
    2450,
    0.6,
    [0.25, 0.18, 0.07],
    'Verified',
    'Uno R3 board, breadboard, 40 jumper wires, LEDs, resistors, servo and a 15-project book in Odia and English.',
  ],
  [
    'Raspberry Pi 5 (8 GB) Classroom Kit',
    'RPI5-8GB-EDU',
    'Raspberry Pi',
    ['Microcontroller Boards'],
    ['Higher Secondary (Classes 11-12)', ATL],
    'Atal Tinkering Labs',
    18,
    '847150',
    11800,
    0.8,
    [0.22, 0.16, 0.08],
    'Verified',
    'Pi 5 board, official case, 27 W supply, 64 GB card with Raspberry Pi OS and a micro-HDMI cable.',
  ],
  [
    'mBot Neo Coding Robot',
    'P1010184',
    'Makeblock',
    ['Robotics Kits'],
    ['Middle (Classes 6-8)'],
    'Private CBSE and ICSE Schools',
    18,
    '950300',
    13900,
    1.4,
    [0.3, 0.23, 0.12],
    'Verified',
    'CyberPi controller, ultrasonic and colour sensors; mBlock block coding and Python.',
  ],
  [
    'LEGO Education SPIKE Prime Set',
    '45678',
    'LEGO Education',
    ['Robotics Kits'],
    ['Middle (Classes 6-8)', 'Secondary (Classes 9-10)'],
    'Private CBSE and ICSE Schools',
    12,
    '950300',
    42500,
    3.2,
    [0.42, 0.31, 0.16],
    'Verified',
    '528 elements, hub, 3 motors, distance, colour and force sensors; 40+ hours of lessons.',
  ],
  [
    'Robokart Line Follower Kit',
    'RKO-LF-02',
    'Robokart Odisha',
    ['Robotics Kits'],
    ['Secondary (Classes 9-10)', 'ITI and Polytechnic'],
    'Government Schools',
    18,
    '950300',
    3200,
    0.9,
    [0.28, 0.2, 0.09],
    'Verified',
    'Locally assembled chassis, 5 IR sensors, motor driver and an Odia-English build guide.',
  ],
  [
    'Gravity Sensor Kit (27 sensors)',
    'KIT0150',
    'DFRobot',
    ['Sensors and Modules'],
    ['Secondary (Classes 9-10)', ATL],
    'Atal Tinkering Labs',
    18,
    '902680',
    6850,
    0.7,
    [0.3, 0.22, 0.06],
    'Verified',
    'Plug-in sensors: soil moisture, gas, sound, light, temperature, ultrasonic and more.',
  ],
  [
    'HC-SR04 Ultrasonic Sensor (pack of 10)',
    'HCSR04-10',
    null,
    ['Sensors and Modules'],
    [ATL],
    'Dealers and Resellers',
    18,
    '902680',
    650,
    0.1,
    null,
    'Verified',
    'Distance sensing 2 cm to 4 m; for obstacle-avoiding robots.',
  ],
  [
    'Ender-3 V3 SE 3D Printer',
    'ENDER3V3SE',
    'Creality',
    ['3D Printers and Filament'],
    [ATL, 'College and University'],
    'Atal Tinkering Labs',
    18,
    '847780',
    21500,
    7.8,
    [0.49, 0.41, 0.48],
    'Verified',
    '220 × 220 × 250 mm build volume, auto levelling, direct drive.',
  ],
  [
    'PLA Filament 1.75 mm, 1 kg',
    'CR-PLA-1KG',
    'Creality',
    ['3D Printers and Filament'],
    [ATL],
    'Dealers and Resellers',
    18,
    '391690',
    1150,
    1.2,
    [0.21, 0.21, 0.08],
    'Verified',
    'Assorted colours; vacuum packed with desiccant.',
  ],
  [
    'Borosilicate Beaker Set (50-1000 ml)',
    'BOR-BK-SET6',
    'Borosil',
    ['Lab Glassware'],
    ['Secondary (Classes 9-10)', 'Higher Secondary (Classes 11-12)'],
    'Government Schools',
    12,
    '701790',
    1480,
    1.6,
    [0.3, 0.2, 0.2],
    'Verified',
    'Six graduated beakers: 50, 100, 250, 500, 600 and 1000 ml.',
  ],
  [
    'Burette 50 ml with PTFE Stopcock',
    'BOR-BU-50',
    'Borosil',
    ['Lab Glassware'],
    ['Higher Secondary (Classes 11-12)'],
    'Government Schools',
    12,
    '701790',
    720,
    0.3,
    [0.7, 0.05, 0.05],
    'Verified',
    'Class B, blue graduations, PTFE key.',
  ],
  [
    'Student Monocular Microscope',
    'LM-SM-1000',
    'Labomed',
    ['Microscopes'],
    ['Secondary (Classes 9-10)'],
    'Government Schools',
    12,
    '901110',
    6900,
    3.5,
    [0.35, 0.25, 0.2],
    'Verified',
    '40x-1000x, LED illumination, coarse and fine focus; 25 prepared slides.',
  ],
  [
    'Binocular Research Microscope',
    'LM-LX400',
    'Labomed',
    ['Microscopes'],
    ['College and University'],
    'Colleges and Universities',
    12,
    '901110',
    48500,
    8.5,
    [0.45, 0.3, 0.3],
    'Unverified',
    'Infinity optics, 4 objectives, mechanical stage; quote awaits the dealer price list.',
  ],
  [
    'Laboratory Centrifuge (8 × 15 ml)',
    'REMI-R8C',
    'Remi',
    ['Physics Apparatus'],
    ['Higher Secondary (Classes 11-12)', 'College and University'],
    'Colleges and Universities',
    18,
    '842119',
    17800,
    9,
    [0.35, 0.35, 0.3],
    'Verified',
    'Up to 5,000 rpm, timer, lid interlock.',
  ],
  [
    'Optical Bench with Accessories',
    'HTS-OB-150',
    'Hi-Tech Scientific',
    ['Physics Apparatus'],
    ['Higher Secondary (Classes 11-12)'],
    'Government Schools',
    12,
    '902300',
    5400,
    6,
    [1.5, 0.15, 0.15],
    'Verified',
    '1.5 m bench with lens and mirror holders for the CBSE and BSE Odisha practicals.',
  ],
  [
    'Resonance Tube Apparatus',
    'HTS-RT-100',
    'Hi-Tech Scientific',
    ['Physics Apparatus'],
    ['Higher Secondary (Classes 11-12)'],
    'Government Schools',
    12,
    '902300',
    2650,
    4,
    [1.1, 0.2, 0.2],
    'Unverified',
    'Brass tube, reservoir and tuning-fork set.',
  ],
  [
    'Interactive Flat Panel 65" 4K',
    'RP6504',
    'BenQ',
    ['Interactive Flat Panels'],
    ['Smart Classroom'],
    'Private CBSE and ICSE Schools',
    28,
    '852859',
    138000,
    42,
    [1.5, 0.1, 0.92],
    'Verified',
    '20-point touch, Android 11, EZWrite whiteboard, wall mount and installation.',
  ],
  [
    'Interactive Display 75" with OPS PC',
    'IFP7550-OPS',
    'ViewSonic',
    ['Interactive Flat Panels'],
    ['Smart Classroom'],
    'Government Schools',
    28,
    '852859',
    189000,
    55,
    [1.72, 0.11, 1.04],
    'Verified',
    'myViewBoard, Intel i5 OPS module with Windows 11, 3-year onsite warranty.',
  ],
  [
    'Short-throw Projector 3,600 lm',
    'EB-530',
    'Epson',
    ['Projectors and Screens'],
    ['Smart Classroom'],
    'Government Schools',
    28,
    '852862',
    58500,
    3.7,
    [0.37, 0.3, 0.11],
    'Verified',
    'XGA, 3LCD, projects 80 inches from 0.9 m; wall mount included.',
  ],
  [
    'Conference Camera MeetUp',
    '960-001101',
    'Logitech',
    ['Audio and Cameras'],
    ['Smart Classroom', 'College and University'],
    'Colleges and Universities',
    18,
    '852589',
    74900,
    2.3,
    [0.4, 0.1, 0.1],
    'Verified',
    '4K camera with 120° view and beamforming microphones for hybrid classes.',
  ],
  [
    'Document Camera (visualiser)',
    'DC-VIS-8MP',
    null,
    ['Audio and Cameras'],
    ['Smart Classroom'],
    'Government Schools',
    18,
    '852589',
    9800,
    1.5,
    null,
    'Unverified',
    '8 MP visualiser with LED light; brand to be confirmed with the vendor.',
  ],
  [
    'ATL Tool Cabinet (steel)',
    'ATL-TC-02',
    null,
    ['Furniture and Storage'],
    [ATL],
    'Atal Tinkering Labs',
    18,
    '940320',
    16500,
    48,
    [0.9, 0.45, 1.8],
    'Verified',
    'Lockable steel cabinet with 4 shelves and a pegboard door.',
  ],
  [
    'Solar Energy Demonstration Kit',
    null,
    null,
    ['Physics Apparatus'],
    ['Middle (Classes 6-8)'],
    null,
    null,
    null,
    0,
    null,
    null,
    'Suggested',
    'Requested by DAV Koraput: solar panel, motor, LED and a small battery for Class 7 projects.',
  ],
  [
    'Drone Building Kit for Students',
    null,
    null,
    ['Robotics Kits'],
    ['College and University'],
    null,
    null,
    null,
    0,
    null,
    null,
    'Suggested',
    'Asked for by two Bhubaneswar engineering colleges for their aero clubs.',
  ],
];

/** Suggested items carry what the requester asked for. */
const SUGGESTED: Record<string, { preferredBrand: string; targetPrice: number }> = {
  'Solar Energy Demonstration Kit': { preferredBrand: 'Hi-Tech Scientific', targetPrice: 1800 },
  'Drone Building Kit for Students': { preferredBrand: 'DFRobot', targetPrice: 25000 },
};

const DAY_MS = 86_400_000;

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
