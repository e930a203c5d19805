import { newId, REQUIREMENT_STATUSES, todayInAppZone } from '@karya/domain';
import type { customers, productItems, requirements } from '../db/schema.ts';
import { addDays } from './common.ts';

type CustomerRow = typeof customers.$inferInsert;
type ItemRow = typeof productItems.$inferInsert;

/** [title, type, priority, [item name, quantity, note][], budget (Rs.), days until purchase, notes] */
type DemoRequirement = [
  string,
  'Product' | 'Service',
  'Low' | 'Medium' | 'High',
  [string, number, string | null][],
  number,
  number,
  string | null,
];

const DEMO: DemoRequirement[] = [
  [
    'Smart class kits for six classrooms',
    'Product',
    'High',
    [
      ['Interactive Flat Panel 65" 4K', 6, 'Wall mounted, one per room'],
      ['Document Camera (visualiser)', 6, null],
    ],
    1_450_000,
    20,
    'Installation before the new session\nTraining for 12 teachers',
  ],
  [
    'Atal Tinkering Lab robotics corner',
    'Product',
    'High',
    [
      ['Arduino Uno R3 Starter Kit', 20, 'One per pair of students'],
      ['mBot Neo Coding Robot', 10, null],
      ['Gravity Sensor Kit (27 sensors)', 5, null],
      ['ATL Tool Cabinet (steel)', 1, null],
    ],
    620_000,
    30,
    'Grant from NITI Aayog received; spend before March',
  ],
  [
    'Physics lab equipment for Class 11 and 12',
    'Product',
    'Medium',
    [
      ['Optical Bench with Accessories', 4, null],
      ['Resonance Tube Apparatus', 4, 'With tuning fork set'],
    ],
    180_000,
    15,
    null,
  ],
  [
    'Biology lab microscopes for the new lab',
    'Product',
    'Medium',
    [
      ['Student Monocular Microscope', 25, null],
      ['Binocular Research Microscope', 2, 'For the teacher demonstration table'],
    ],
    240_000,
    45,
    'CHSE inspection next term',
  ],
  [
    'Chemistry glassware replacement',
    'Product',
    'Low',
    [
      ['Borosilicate Beaker Set (50-1000 ml)', 15, null],
      ['Burette 50 ml with PTFE Stopcock', 30, null],
    ],
    65_000,
    10,
    null,
  ],
  [
    '3D printing and drone club setup',
    'Product',
    'Medium',
    [
      ['Ender-3 V3 SE 3D Printer', 2, null],
      ['PLA Filament 1.75 mm, 1 kg', 20, 'Assorted colours'],
      ['Drone Building Kit for Students', 4, 'Suggested by the ATL mentor'],
    ],
    210_000,
    25,
    null,
  ],
  [
    'Smart class panel installation and training',
    'Service',
    'High',
    [['Interactive Display 75" with OPS PC', 2, 'Principal office and staff room']],
    520_000,
    12,
    'Annual maintenance contract to be quoted separately',
  ],
  [
    'Solar energy demonstration for the science fair',
    'Product',
    'Low',
    [['Solar Energy Demonstration Kit', 5, null]],
    40_000,
    18,
    null,
  ],
];

/**
 * The demo's requirements (decision 0008): smart-class kits, robotics labs and lab equipment for the demo
 * schools in Odisha, made from the demo catalogue by the people the schools are assigned to, over the last
 * weeks; most Open, some further along. Requirements are made only for live customers with an assignee.
 */
export const requirementDemoRows = (
  now: Date,
  demoCustomers: readonly CustomerRow[],
  demoItems: readonly ItemRow[],
): (typeof requirements.$inferInsert)[] => {
  const today = todayInAppZone(now);
  const owned = demoCustomers.filter((c) => c.assignedTo?.length && !c.isDeleted && c.id);
  const itemId = new Map(demoItems.map((i) => [i.name, i.id!]));
  if (!owned.length) return [];
  return DEMO.flatMap(([title, type, priority, lines, budget, days, notes], i) => {
    const customer = owned[(i * 3) % owned.length]!;
    const items = lines.flatMap(([name, quantity, note]) => {
      const id = itemId.get(name);
      return id ? [{ itemId: id, quantity, note }] : [];
    });
    if (!items.length) return [];
    const createdAt = new Date(now.getTime() - (i * 4 + 1) * 24 * 3_600_000);
    const by = customer.assignedTo![0]!;
    return [
      {
        id: newId(createdAt),
        requirementId: i + 1,
        title,
        customerId: customer.id!,
        type,
        priority,
        // Most are Open; the older ones have moved on.
        status: i < 5 ? 'Open' : REQUIREMENT_STATUSES[1 + (i % 3)]!,
        items,
        itemIds: items.map((l) => l.itemId),
        budget,
        purchaseDate: addDays(today, days - i),
        notes,
        createdAt,
        updatedAt: createdAt,
        createdBy: by,
        updatedBy: by,
      },
    ];
  });
};
