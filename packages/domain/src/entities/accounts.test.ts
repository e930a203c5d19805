import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_MESSAGES,
  accountsFileName,
  b2clAbovePaise,
  DEFAULT_LEDGER_NAMES,
  ledgerAt,
  monthRange,
  portalDate,
  portalPlaceOfSupply,
  portalUqc,
  rangeLabel,
} from './accounts.ts';
import { accountsRangeSchema, gstr1PeriodSchema, ledgerNamesSchema } from './accounts-schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('accounts: ranges, ledger names and the portal’s formats', () => {
  it('a range is real days, in order, at most a (leap) year', () => {
    expect(accountsRangeSchema.safeParse({ from: '2026-04-01', to: '2027-03-31' }).success).toBe(true);
    expect(accountsRangeSchema.safeParse({ from: '2027-04-01', to: '2028-03-31' }).success).toBe(true);
    expect(messages(accountsRangeSchema.safeParse({ from: '2026-04-01', to: '2027-04-02' }))).toEqual([
      ACCOUNTS_MESSAGES.span,
    ]);
    expect(messages(accountsRangeSchema.safeParse({ from: '2026-05-02', to: '2026-05-01' }))).toEqual([
      ACCOUNTS_MESSAGES.order,
    ]);
    expect(messages(accountsRangeSchema.safeParse({ from: '2026-02-29', to: '2026-03-01' }))).toContain(
      ACCOUNTS_MESSAGES.dayInvalid,
    );
    expect(messages(accountsRangeSchema.safeParse({ to: '2026-03-01' }))).toContain(
      ACCOUNTS_MESSAGES.fromRequired,
    );
    expect(rangeLabel({ from: '2026-04-01', to: '2027-03-31' })).toBe('01/04/2026 to 31/03/2027');
  });

  it('a month is YYYY-MM and covers its days', () => {
    expect(gstr1PeriodSchema.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(accountsFileName('gstr1', monthRange('2026-11'))).toBe('GSTR-1-2026-11.xlsx');
  });

  it('ledger names: {rate} only on the per-rate ledgers, and no two ledgers alike', () => {
    expect(ledgerNamesSchema.safeParse(DEFAULT_LEDGER_NAMES).success).toBe(true);
    expect(ledgerAt(DEFAULT_LEDGER_NAMES.sales, 18)).toBe('Sales @ 18%');
    // One sales ledger for every rate is allowed; a purchase ledger of the same name is not.
    expect(ledgerNamesSchema.safeParse({ ...DEFAULT_LEDGER_NAMES, sales: 'Sales' }).success).toBe(true);
    expect(
      messages(
        ledgerNamesSchema.safeParse({ ...DEFAULT_LEDGER_NAMES, sales: 'GST Sales', purchase: 'gst sales' }),
      ),
    ).toEqual([ACCOUNTS_MESSAGES.ledgerDistinct]);
    expect(
      messages(ledgerNamesSchema.safeParse({ ...DEFAULT_LEDGER_NAMES, outputCgst: 'CGST {rate}' })),
    ).toEqual([ACCOUNTS_MESSAGES.ledgerRate]);
    expect(messages(ledgerNamesSchema.safeParse({ ...DEFAULT_LEDGER_NAMES, inputIgst: ' ' }))).toContain(
      ACCOUNTS_MESSAGES.ledgerRequired,
    );
    expect(ledgerNamesSchema.safeParse({ ...DEFAULT_LEDGER_NAMES, extra: 'x' }).success).toBe(false);
  });

  it('GSTR-1: the B2C Large limit by date, the portal’s units, places and dates', () => {
    expect(b2clAbovePaise('2024-07-31')).toBe(25_000_000);
    expect(b2clAbovePaise('2024-08-01')).toBe(10_000_000);
    expect(portalUqc('NOS')).toBe('NOS-NUMBERS');
    expect(portalUqc('MTR')).toBe('MTR-METERS');
    expect(portalUqc('???')).toBe('OTH-OTHERS');
    expect(portalPlaceOfSupply('west bengal', 'Odisha')).toBe('19-West Bengal');
    expect(portalPlaceOfSupply(null, 'Odisha')).toBe('21-Odisha');
    expect(portalDate('2026-04-05')).toBe('05-Apr-2026');
  });
});
