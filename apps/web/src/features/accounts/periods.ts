// The periods the accounts page offers in one tap: months and financial years (April to March), in India's
// calendar. Plain strings 'YYYY-MM-DD' and 'YYYY-MM', as the exports take them.
import { monthRange, todayInAppZone } from '@karya/domain';

export type Range = { from: string; to: string };

const monthOf = (day: string) => day.slice(0, 7);
const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The financial year a day falls in: 1 April to 31 March. */
export const financialYear = (day: string): Range => {
  const year = Number(day.slice(0, 4)) - (Number(day.slice(5, 7)) < 4 ? 1 : 0);
  return { from: `${year}-04-01`, to: `${year + 1}-03-31` };
};

export const QUICK_RANGES = [
  'This month',
  'Last month',
  'This financial year',
  'Last financial year',
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** A quick choice's range, as of `today`; the current period ends today (nothing later is recorded yet). */
export const quickRange = (choice: QuickRange, today: string = todayInAppZone()): Range => {
  switch (choice) {
    case 'This month':
      return { from: `${monthOf(today)}-01`, to: today };
    case 'Last month':
      return monthRange(shiftMonth(monthOf(today), -1));
    case 'This financial year':
      return { from: financialYear(today).from, to: today };
    case 'Last financial year': {
      const from = Number(financialYear(today).from.slice(0, 4)) - 1;
      return { from: `${from}-04-01`, to: `${from + 1}-03-31` };
    }
  }
};

const MONTH_NAMES =
  'January February March April May June July August September October November December'.split(' ');

/** The months a GSTR-1 is usually filed for: this one and the 23 before it, newest first. */
export const recentMonths = (today: string = todayInAppZone(), count = 24) =>
  Array.from({ length: count }, (_, i) => {
    const value = shiftMonth(monthOf(today), -i);
    const [y, m] = value.split('-');
    return { value, label: `${MONTH_NAMES[Number(m) - 1]} ${y}` };
  });

/** The GSTR-1 month proposed: last month (a return is filed by the 11th of the next). */
export const defaultGstr1Month = (today: string = todayInAppZone()) => shiftMonth(monthOf(today), -1);
