import { describe, expect, it } from 'vitest';
import { followUpCreateSchema, followUpUpdateSchema } from './follow-up.ts';
import {
  activeFollowUpChip,
  FOLLOW_UP_MESSAGES,
  followUpChipRange,
  followUpSearchQuery,
  followUpStatusFor,
  formatFollowUpId,
} from './follow-up-list.ts';

const ID = 'a'.repeat(24);
const USER = 'b'.repeat(24);
const base = {
  customer: ID,
  type: 'Call',
  reason: 'Other',
  otherReason: 'Fees',
  date: '2026-11-25',
  time: '10:30',
  followUpBy: USER,
};
const messages = (input: unknown, schema = followUpCreateSchema) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('follow-up status from date and time (Asia/Kolkata)', () => {
  // 2026-11-25 10:00 in India is 04:30 UTC.
  const now = new Date('2026-11-25T04:30:00Z');
  it('at or before now is Completed, later is Scheduled', () => {
    expect(followUpStatusFor('2026-11-25', '10:00', now)).toBe('Completed');
    expect(followUpStatusFor('2026-11-25', '09:59', now)).toBe('Completed');
    expect(followUpStatusFor('2026-11-25', '10:01', now)).toBe('Scheduled');
    expect(followUpStatusFor('2026-11-24', '23:59', now)).toBe('Completed');
    expect(followUpStatusFor('2026-11-26', '00:00', now)).toBe('Scheduled');
  });
  it('reads the day in India, not in UTC', () => {
    // 20:00 UTC on the 24th is already 01:30 on the 25th in India.
    const late = new Date('2026-11-24T20:00:00Z');
    expect(followUpStatusFor('2026-11-25', '01:00', late)).toBe('Completed');
    expect(followUpStatusFor('2026-11-25', '02:00', late)).toBe('Scheduled');
  });
});

describe('follow-up chips', () => {
  it('This Week runs Monday to the coming Saturday; Tomorrow and This Month', () => {
    // Wednesday 25 November 2026 in India.
    const wed = new Date('2026-11-25T06:00:00Z');
    expect(followUpChipRange('This Week', wed)).toEqual({ start: '2026-11-23', end: '2026-11-28' });
    expect(followUpChipRange('Tomorrow', wed)).toEqual({ start: '2026-11-26', end: '2026-11-26' });
    expect(followUpChipRange('Yesterday', wed)).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(followUpChipRange('This Month', wed)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    // From a Sunday, the next Saturday; on a Saturday, that day.
    expect(followUpChipRange('This Week', new Date('2026-11-29T06:00:00Z'))).toEqual({
      start: '2026-11-23',
      end: '2026-12-05',
    });
    expect(followUpChipRange('This Week', new Date('2026-11-28T06:00:00Z')).end).toBe('2026-11-28');
    expect(activeFollowUpChip({ start: '2026-11-26', end: '2026-11-26' }, wed)).toBe('Tomorrow');
    expect(activeFollowUpChip({ start: '2026-11-26' }, wed)).toBeUndefined();
  });
});

describe('follow-up ids and search', () => {
  it('FI plus 4 digits; Ctrl+K by number when the text has a digit, else by customer name', () => {
    expect(formatFollowUpId(7)).toBe('FI0007');
    expect(followUpSearchQuery('FI0012')).toEqual({ followUpId: '12' });
    expect(followUpSearchQuery(' 12 ')).toEqual({ followUpId: '12' });
    expect(followUpSearchQuery('DAV School')).toEqual({ customerName: 'DAV School' });
    expect(followUpSearchQuery('')).toEqual({});
  });
});

describe('follow-up form schema (spec 2 §5)', () => {
  it('the required fields give the spec’s messages', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        FOLLOW_UP_MESSAGES.customerRequired,
        FOLLOW_UP_MESSAGES.typeRequired,
        FOLLOW_UP_MESSAGES.reasonRequired,
        FOLLOW_UP_MESSAGES.dateRequired,
        FOLLOW_UP_MESSAGES.timeRequired,
      ]),
    );
    expect(messages({ ...base, time: '24:00' })).toEqual([FOLLOW_UP_MESSAGES.timeRequired]);
    expect(messages({ ...base, date: '2026-13-01' })).toEqual([FOLLOW_UP_MESSAGES.dateRequired]);
  });
  it('type and reason rules, shown together with other errors', () => {
    expect(messages({ ...base, type: 'Visit', time: '' })).toEqual(
      expect.arrayContaining(['At least one visitor is required.', 'Time is required']),
    );
    expect(messages({ ...base, type: 'Visit', reason: '' })).toEqual(
      expect.arrayContaining(['At least one visitor is required.', 'Reason is required']),
    );
    expect(messages({ ...base, reason: 'Requirement' })).toEqual(['Requirement is required.']);
    expect(messages({ ...base, reason: 'Requirement', customer: '' })).toEqual(
      expect.arrayContaining(['Customer is required', 'Select a customer first.']),
    );
    expect(messages({ ...base, otherReason: '' })).toEqual(['Please specify the reason.']);
  });
  it('the next follow-up block', () => {
    const next = (n: object) => messages({ ...base, nextFollowUp: { nextRequired: true, ...n } });
    expect(next({})).toEqual(
      expect.arrayContaining([
        'Next follow-up type is required',
        FOLLOW_UP_MESSAGES.nextDateRequired,
        FOLLOW_UP_MESSAGES.nextTimeRequired,
      ]),
    );
    expect(next({ type: 'Visit', date: '2026-12-01', time: '10:00' })).toEqual([
      'At least one visitor is required',
    ]);
    expect(next({ type: 'Mail', date: '2026-12-01', time: '10:00' })).toEqual([
      'Next follow-up by is required',
    ]);
    expect(messages({ ...base, nextFollowUp: { nextRequired: false, type: 'Fax' } })).toEqual([
      'Next follow-up type is required',
    ]);
  });
  it('a next follow-up date before the follow-up date is refused on the next date field', () => {
    const plan = (date: string, more: object = {}) => ({
      ...base,
      ...more,
      nextFollowUp: { nextRequired: true, type: 'Call', date, time: '09:00', followUpBy: USER },
    });
    const issues = (input: unknown, schema: typeof followUpCreateSchema | typeof followUpUpdateSchema) => {
      const r = schema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    };
    for (const schema of [followUpCreateSchema, followUpUpdateSchema])
      expect(issues(plan('2026-11-24'), schema)).toEqual([
        { path: 'nextFollowUp.date', message: 'Next follow-up date must be on or after the follow-up date' },
      ]);
    // The same day is allowed (an earlier hour too: the rule is on days), and so is any later day.
    expect(messages(plan('2026-11-25'))).toEqual([]);
    expect(messages(plan('2026-12-01'))).toEqual([]);
    // A follow-up date sent with a time part is compared by its day.
    expect(messages(plan('2026-11-25', { date: '2026-11-25T18:00:00.000Z' }))).toEqual([]);
    // Not compared when there is no next follow-up, or when the follow-up's own date is missing.
    expect(messages({ ...plan('2026-11-01'), nextFollowUp: { nextRequired: false } })).toEqual([]);
    expect(messages(plan('2026-11-01', { date: '' }))).toEqual(['Date is required']);
  });
  it('clears what the type, reason and next block do not keep', () => {
    const out = followUpCreateSchema.parse({
      ...base,
      type: 'Visit',
      visitors: [USER, USER],
      response: 'gone',
      remarks: 'kept',
      requirement: ID,
      nextFollowUp: {
        nextRequired: true,
        type: 'Call',
        date: '2026-12-01',
        time: '10:00',
        followUpBy: USER,
        visitors: [USER],
      },
    });
    expect(out).toMatchObject({
      visitors: [USER],
      followUpBy: null,
      response: null,
      remarks: 'kept',
      requirement: null,
      otherReason: 'Fees',
      status: null,
      nextFollowUp: { nextRequired: true, type: 'Call', visitors: [], followUpBy: USER },
    });
    expect(
      followUpCreateSchema.parse({ ...base, nextFollowUp: { nextRequired: false } }).nextFollowUp,
    ).toBeNull();
  });
  it('update: customer optional, expectedUpdatedAt must be a date and time', () => {
    const { customer: _c, ...rest } = base;
    expect(followUpUpdateSchema.parse(rest).customer).toBe('');
    expect(messages({ ...rest, expectedUpdatedAt: 'soon' }, followUpUpdateSchema as never)).toEqual([
      FOLLOW_UP_MESSAGES.expectedUpdatedAtInvalid,
    ]);
    expect(
      followUpUpdateSchema.parse({ ...rest, expectedUpdatedAt: '2026-11-25T04:30:00.000Z' })
        .expectedUpdatedAt,
    ).toBe('2026-11-25T04:30:00.000Z');
  });
});
