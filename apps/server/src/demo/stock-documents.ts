// The demo store's purchases, sales and adjustments as data; stock.ts writes them through the ledger.

import { financialYearOf } from '@karya/domain';

/** The Indian financial year (April to March) of a day: '2026-27' (the domain's rule). */
export const financialYear = financialYearOf;

/** A vendor's invoice number on a day, from its pattern. */
export const vendorInvoice = (pattern: string, day: string) =>
  pattern
    .replace('{FY}', financialYear(day))
    .replace('{fy}', financialYear(day).slice(2))
    .replace('{Y}', day.slice(0, 4));

/** [vendor index, days ago, vendor's invoice number ({FY} 2026-27, {fy} 26-27, {Y} the year), price as a share of the price to show, lines [item index, quantity]] */
export type DemoPurchase = [number, number, string, number, [number, number][]];
export const PURCHASES: DemoPurchase[] = [
  [
    2,
    56,
    'BRD/{fy}/1142',
    0.76,
    [
      [0, 40],
      [1, 10],
    ],
  ],
  [
    3,
    51,
    'MEI/INV/{Y}/0871',
    0.78,
    [
      [2, 8],
      [3, 4],
    ],
  ],
  [0, 48, 'KE/{FY}/0415', 0.75, [[4, 25]]],
  [2, 46, 'BRD/{fy}/1203', 0.77, [[5, 12]]],
  [
    0,
    41,
    'KE/{FY}/0452',
    0.78,
    [
      [6, 30],
      [7, 3],
    ],
  ],
  [0, 38, 'KE/{FY}/0473', 0.74, [[8, 40]]],
  [4, 36, 'JLGW/587', 0.7, [[9, 30]]],
  [4, 33, 'JLGW/612', 0.72, [[10, 24]]],
  [1, 31, 'USS-1187', 0.8, [[11, 15]]],
  [1, 28, 'USS-1203', 0.82, [[12, 2]]],
  [
    2,
    27,
    'BRD/{fy}/1398',
    0.8,
    [
      [0, 30],
      [1, 6],
    ],
  ],
  [7, 26, 'RIT/{fy}/0093', 0.79, [[13, 2]]],
  [
    7,
    21,
    'RIT/{fy}/0108',
    0.76,
    [
      [14, 6],
      [15, 5],
    ],
  ],
  [6, 19, 'DSCS-{fy}-1045', 0.81, [[16, 6]]],
  [6, 16, 'DSCS-{fy}-1071', 0.82, [[17, 3]]],
  [5, 14, 'SOS/{Y}/331', 0.8, [[18, 4]]],
  [
    0,
    12,
    'KE/{FY}/0561',
    0.77,
    [
      [6, 20],
      [8, 25],
    ],
  ],
  [
    5,
    9,
    'SOS/{Y}/347',
    0.79,
    [
      [19, 2],
      [20, 3],
    ],
  ],
  [
    7,
    6,
    'RIT/{fy}/0131',
    0.78,
    [
      [21, 4],
      [13, 1],
    ],
  ],
  [6, 5, 'DSCS-{fy}-1102', 0.8, [[16, 4]]],
  // The 55-inch panel still at 28% in the catalogue (added five days ago): the vendor's invoice is at 18%.
  [6, 2, 'DSCS-{fy}-1110', 0.8, [[22, 2]]],
  [3, 4, 'MEI/INV/{Y}/0954', 0.79, [[2, 6]]],
];

/** Customers outside Odisha: their sales are IGST. */
export const OUT_OF_STATE_CUSTOMERS = ['Kendriya Vidyalaya, Srikakulam', 'Loyola School, Jamshedpur'];

/** [customer (index of the demo customers, or 'AP' / 'JH' for the two outside Odisha), days ago, lines] */
export type DemoSale = [number | 'AP' | 'JH', number, [number, number][]];
export const SALES: DemoSale[] = [
  [
    0,
    54,
    [
      [0, 10],
      [1, 2],
    ],
  ],
  [2, 50, [[2, 3]]],
  [
    'AP',
    44,
    [
      [0, 6],
      [5, 3],
    ],
  ],
  [8, 42, [[3, 2]]],
  [
    5,
    40,
    [
      [4, 8],
      [6, 10],
    ],
  ],
  [
    10,
    37,
    [
      [7, 1],
      [8, 8],
    ],
  ],
  [12, 34, [[9, 12]]],
  [
    14,
    30,
    [
      [10, 10],
      [9, 6],
    ],
  ],
  [3, 29, [[11, 6]]],
  [
    'JH',
    25,
    [
      [0, 12],
      [4, 6],
    ],
  ],
  [
    16,
    20,
    [
      [13, 1],
      [14, 3],
    ],
  ],
  [
    18,
    18,
    [
      [7, 1],
      [6, 15],
    ],
  ],
  [
    20,
    17,
    [
      [15, 4],
      [11, 4],
    ],
  ],
  [22, 15, [[16, 3]]],
  [
    1,
    11,
    [
      [1, 4],
      [5, 5],
    ],
  ],
  [
    24,
    10,
    [
      [7, 1],
      [18, 2],
    ],
  ],
  [
    'AP',
    8,
    [
      [17, 1],
      [19, 1],
    ],
  ],
  [
    26,
    6,
    [
      [16, 2],
      [20, 1],
    ],
  ],
  [
    30,
    3,
    [
      [2, 4],
      [0, 8],
    ],
  ],
  [
    6,
    2,
    [
      [21, 2],
      [8, 20],
    ],
  ],
  [
    13,
    1,
    [
      [11, 3],
      [12, 1],
    ],
  ],
];

/** [item index, type, quantity, days ago, reason, initial price (Initial Stock only)] */
export type DemoAdjustment = [number, 'Initial Stock' | 'Damaged' | 'Found', number, number, string, number?];
export const ADJUSTMENTS: DemoAdjustment[] = [
  [15, 'Initial Stock', 6, 22, 'Opening stock moved from the Cuttack showroom', 1950],
  [9, 'Damaged', 3, 32, 'Three sets cracked in transit from the Puri warehouse'],
  [6, 'Found', 2, 7, 'Two packs found behind the rack during the monthly stock count'],
];
