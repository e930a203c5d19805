import { describe, expect, it } from 'vitest';
import {
  dateInputSchema,
  deviceInfoSchema,
  emailSchema,
  isCalendarDay,
  locationSchema,
  newUserPasswordSchema,
  PHONE_MESSAGE,
  passwordSchema,
  phoneSchema,
  signInPasswordSchema,
  stripEmpty,
  urlSchema,
} from './fields.ts';
import { NEW_USER_PASSWORD_SPECIALS } from './sign-in.ts';

type Parser = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
/** Every message a value produces (empty when valid). */
const messagesOf = (schema: Parser, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
const first = (schema: Parser, value: unknown) => messagesOf(schema, value)[0];

describe('passwordSchema (login, reset, new: spec 1 §5)', () => {
  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Ab1@xyz', 'Password must be at least 8 characters long'],
    [`Ab1@${'x'.repeat(125)}`, 'Password must not exceed 128 characters'],
    ['abcdef1@', 'Password must contain at least one uppercase letter'],
    ['ABCDEF1@', 'Password must contain at least one lowercase letter'],
    ['Abcdefg@', 'Password must contain at least one digit'],
    ['Abcdefg1', 'Password must contain at least one special character (@$!%*?&)'],
    ['Abcdefg1#', 'Password must contain at least one special character (@$!%*?&)'],
  ])('%j → %s', (value, message) => {
    expect(first(passwordSchema, value)).toBe(message);
  });

  it.each([
    'Abcdef1@',
    'Karya@2026',
    `Ab1$${'x'.repeat(124)}`,
    'zZ9!zZ9!',
    'Pass%word1',
    'Pass*word1',
    'Pass?wo1',
    'Pass&wo1',
  ])('accepts %s', (value) => {
    expect(messagesOf(passwordSchema, value)).toEqual([]);
  });

  it('an empty password reports only that it is required first', () => {
    expect(messagesOf(passwordSchema, '')[0]).toBe('Password is required');
  });
});

describe('newUserPasswordSchema (a different special set, "At least N" messages)', () => {
  it.each([
    ['', 'Password is required'],
    ['Ab1#xyz', 'At least 8 characters'],
    [`Ab1#${'x'.repeat(125)}`, 'At most 128 characters'],
    ['abcdef1#', 'At least one uppercase letter'],
    ['ABCDEF1#', 'At least one lowercase letter'],
    ['Abcdefg#', 'At least one number'],
    ['Abcdefg1', `At least one special character (${NEW_USER_PASSWORD_SPECIALS})`],
    ['Abcdefg1-', `At least one special character (${NEW_USER_PASSWORD_SPECIALS})`],
  ])('%j → %s', (value, message) => {
    expect(first(newUserPasswordSchema, value)).toBe(message);
  });

  it.each(['Abcdef1#', 'Abcdef1!', 'Abcdef1(', 'Abcdef1"', 'Abcdef1<', 'Abcdef1|', 'Abcdef1.'])(
    'accepts %s',
    (v) => {
      expect(messagesOf(newUserPasswordSchema, v)).toEqual([]);
    },
  );
});

describe('signInPasswordSchema', () => {
  it('only checks presence and length, so a new-user password with # still signs in', () => {
    expect(messagesOf(signInPasswordSchema, 'Abcdef1#')).toEqual([]);
    expect(first(signInPasswordSchema, '')).toBe('Password is required');
    expect(first(signInPasswordSchema, undefined)).toBe('Password is required');
    expect(first(signInPasswordSchema, 'x'.repeat(129))).toBe('Password must not exceed 128 characters');
  });
});

describe('emailSchema', () => {
  it('is required, valid, trimmed and lowercased', () => {
    expect(first(emailSchema, undefined)).toBe('Email is required');
    expect(first(emailSchema, '')).toBe('Email is required');
    expect(first(emailSchema, 'not-an-email')).toBe('Invalid email format');
    expect(first(emailSchema, 'a@b')).toBe('Invalid email format');
    expect(emailSchema.parse('  Subhashree.Mohanty@Karya.Local ')).toBe('subhashree.mohanty@karya.local');
  });
});

describe('phoneSchema (spec 1 §5 Phone)', () => {
  it.each([
    '9876543210',
    '6000000000',
    '7123456789',
    '8999999999',
    '0674-1234567',
    '06752-123456',
    '011-12345678',
    ' 9876543210 ',
  ])('accepts %s', (v) => {
    expect(messagesOf(phoneSchema, v)).toEqual([]);
  });
  it.each([
    '5876543210',
    '987654321',
    '98765432101',
    '0674 1234567',
    '0674-12345',
    '06-1234567',
    '0674-123456789',
    '+919876543210',
    'abcdefghij',
    '987-654-3210',
  ])('refuses %s', (v) => {
    expect(first(phoneSchema, v)).toBe(PHONE_MESSAGE);
  });
  it('is required', () => {
    expect(first(phoneSchema, '')).toBe('Phone is required');
    expect(first(phoneSchema, undefined)).toBe('Phone is required');
  });
  it('has the spec message', () => {
    expect(PHONE_MESSAGE).toBe(
      'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
    );
  });
});

describe('urlSchema', () => {
  it.each(['https://www.linkedin.com/in/subhashree', 'http://facebook.com/x'])('accepts %s', (v) => {
    expect(messagesOf(urlSchema, v)).toEqual([]);
  });
  it.each(['linkedin', 'www.example.com', 'javascript:alert(1)', 'ftp://example.com', ''])(
    'refuses %j',
    (v) => {
      expect(first(urlSchema, v)).toBe('Please enter a valid URL.');
    },
  );
});

describe('location and device (login security context)', () => {
  it('needs a Point with exactly two numbers', () => {
    expect(messagesOf(locationSchema, { type: 'Point', coordinates: [20.29, 85.82] })).toEqual([]);
    expect(first(locationSchema, undefined)).toBe('Location is required');
    expect(first(locationSchema, { type: 'Polygon', coordinates: [1, 2] })).toBe(
      'Location type must be Point',
    );
    expect(first(locationSchema, { type: 'Point', coordinates: [1] })).toBe(
      'Location must have exactly 2 coordinates',
    );
    expect(first(locationSchema, { type: 'Point', coordinates: [1, 2, 3] })).toBe(
      'Location must have exactly 2 coordinates',
    );
    expect(first(locationSchema, { type: 'Point', coordinates: ['1', 2] })).toBe(
      'Coordinates must be numbers',
    );
    expect(first(locationSchema, { type: 'Point', coordinates: [91, 2] })).toBe('Location is out of range');
  });
  it('needs os, browser, device and model, each non-empty', () => {
    const ok = { os: 'Linux', browser: 'Firefox', device: 'Desktop', model: 'X' };
    expect(messagesOf(deviceInfoSchema, ok)).toEqual([]);
    expect(first(deviceInfoSchema, undefined)).toBe('Device information is required');
    for (const k of ['os', 'browser', 'device', 'model'] as const) {
      expect(first(deviceInfoSchema, { ...ok, [k]: '' })).toBe(`Device ${k} is required`);
      expect(first(deviceInfoSchema, { ...ok, [k]: '  ' })).toBe(`Device ${k} is required`);
      const { [k]: _drop, ...rest } = ok;
      expect(first(deviceInfoSchema, rest)).toBe(`Device ${k} is required`);
    }
  });
});

describe('dates', () => {
  it('isCalendarDay refuses days that do not exist', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-12-31T10:00:00Z')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('26-01-01')).toBe(false);
  });
  it('dateInputSchema takes YYYY-MM-DD or an ISO timestamp of a real day', () => {
    for (const v of ['2000-01-31', '2000-01-31T10:20:30Z', '2000-01-31T10:20:30.123+05:30'])
      expect(messagesOf(dateInputSchema, v)).toEqual([]);
    for (const v of ['2000-02-30', '31/01/2000', 'yesterday', '', '2000-1-5'])
      expect(first(dateInputSchema, v)).toBe('Invalid date');
  });
});

describe('stripEmpty ("empty values are stripped from payloads")', () => {
  it('removes empty strings, null, undefined, empty arrays and empty objects, recursively', () => {
    expect(
      stripEmpty({
        name: 'Ananya',
        bio: '',
        notes: '   ',
        image: null,
        x: undefined,
        languages: [],
        address: { street: '', city: 'Puri', state: 'Odisha', country: 'India', zipCode: undefined },
        socialMedia: { facebook: '', twitter: '' },
        emergencyContact: [
          { name: '', relationship: '', phone: '' },
          { name: 'Gita', phone: '9876543210' },
        ],
      }),
    ).toEqual({
      name: 'Ananya',
      address: { city: 'Puri', state: 'Odisha', country: 'India' },
      emergencyContact: [{ name: 'Gita', phone: '9876543210' }],
    });
  });
  it('keeps false, 0 and dates', () => {
    const d = new Date('2020-01-01');
    expect(stripEmpty({ a: false, b: 0, c: d })).toEqual({ a: false, b: 0, c: d });
  });
  it('passes scalars through', () => {
    expect(stripEmpty('x')).toBe('x');
    expect(stripEmpty(5)).toBe(5);
    expect(stripEmpty([1, '', null, [], 2])).toEqual([1, 2]);
  });
});
