import { describe, expect, it } from 'vitest';
import { suggestionQuerySchema } from '../common/records.ts';
import {
  adminChangePasswordSchema,
  emergencyContactSchema,
  profileUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
} from './user.ts';

type Parser = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const messagesOf = (schema: Parser, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
const first = (schema: Parser, value: unknown) => messagesOf(schema, value)[0];

const valid = {
  name: 'Subhashree Mohanty',
  email: 'subhashree.mohanty@karya.local',
  phone: '9437012345',
  gender: 'Female',
  dateOfBirth: '1994-06-15',
  maritalStatus: 'Married',
  employmentType: 'Full-Time',
  duration: 0,
  languages: ['Odia', 'English'],
  address: {
    street: 'Plot 12, Saheed Nagar',
    city: 'Bhubaneswar',
    state: 'Odisha',
    country: 'India',
    zipCode: '751007',
  },
  emergencyContact: [{ name: 'Sarojini Mohanty', relationship: 'Mother', phone: '9861012345' }],
  socialMedia: { linkedin: 'https://www.linkedin.com/in/subhashree' },
  password: 'Welcome#2026',
};
const without = (key: keyof typeof valid) => {
  const { [key]: _drop, ...rest } = valid;
  return rest;
};

describe('userCreateSchema (spec 1 §5 User form)', () => {
  it('accepts a complete user', () => {
    expect(messagesOf(userCreateSchema, valid)).toEqual([]);
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone is required'],
    ['gender', 'Gender is required'],
    ['maritalStatus', 'Marital status is required'],
    ['languages', 'At least one language is required'],
    ['password', 'Password is required'],
  ] as const)('%s is required', (key, message) => {
    expect(messagesOf(userCreateSchema, without(key))).toContain(message);
  });

  it('name cannot be blank; gender and marital status must be listed values', () => {
    expect(first(userCreateSchema, { ...valid, name: '   ' })).toBe('Name is required');
    expect(first(userCreateSchema, { ...valid, gender: 'Unknown' })).toBe('Gender is required');
    expect(first(userCreateSchema, { ...valid, maritalStatus: 'Complicated' })).toBe(
      'Marital status is required',
    );
    expect(first(userCreateSchema, { ...valid, email: 'nope' })).toBe('Invalid email format');
    expect(first(userCreateSchema, { ...valid, phone: '0674-1234567' })).toBeUndefined();
    expect(first(userCreateSchema, { ...valid, phone: '12345' })).toBe(
      'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
    );
  });

  it('date of birth must be before 2015-01-01', () => {
    expect(first(userCreateSchema, { ...valid, dateOfBirth: '2015-01-01' })).toBe(
      'Date of birth must be in the past.',
    );
    expect(first(userCreateSchema, { ...valid, dateOfBirth: '2020-05-05' })).toBe(
      'Date of birth must be in the past.',
    );
    expect(messagesOf(userCreateSchema, { ...valid, dateOfBirth: '2014-12-31' })).toEqual([]);
    expect(first(userCreateSchema, { ...valid, dateOfBirth: 'not a date' })).toBe('Invalid date');
    expect(first(userCreateSchema, { ...valid, dateOfBirth: '1990-02-30' })).toBe('Invalid date');
    expect(messagesOf(userCreateSchema, without('dateOfBirth'))).toEqual([]);
  });

  it('languages: at least one', () => {
    expect(first(userCreateSchema, { ...valid, languages: [] })).toBe('At least one language is required');
  });

  it('address needs city, state and country', () => {
    expect(first(userCreateSchema, { ...valid, address: { ...valid.address, city: '' } })).toBe(
      'City is required',
    );
    expect(first(userCreateSchema, { ...valid, address: { ...valid.address, state: ' ' } })).toBe(
      'State is required',
    );
    expect(first(userCreateSchema, { ...valid, address: { city: 'Puri', state: 'Odisha' } })).toBe(
      'Country is required',
    );
  });

  it.each(['Contract', 'Internship'])('duration is required for %s', (employmentType) => {
    const r = userCreateSchema.safeParse({ ...valid, employmentType, duration: 0 });
    expect(r.error?.issues[0]).toMatchObject({ message: 'Duration is required', path: ['duration'] });
    expect(first(userCreateSchema, { ...without('duration'), employmentType })).toBe('Duration is required');
    for (const duration of [3, 6, 12, 24])
      expect(messagesOf(userCreateSchema, { ...valid, employmentType, duration })).toEqual([]);
  });

  it('duration must be 0, 3, 6, 12 or 24', () => {
    expect(first(userCreateSchema, { ...valid, duration: 5 })).toBe(
      'Duration must be 0, 3, 6, 12 or 24 months',
    );
    // Multipart sends text: it is coerced.
    expect(userCreateSchema.parse({ ...valid, employmentType: 'Contract', duration: '12' }).duration).toBe(
      12,
    );
    expect(messagesOf(userCreateSchema, { ...valid, employmentType: 'Part-Time', duration: 0 })).toEqual([]);
  });

  it('social media values must be URLs', () => {
    expect(first(userCreateSchema, { ...valid, socialMedia: { facebook: 'facebook' } })).toBe(
      'Please enter a valid URL.',
    );
    expect(
      first(userCreateSchema, { ...valid, socialMedia: { youtube: 'https://youtube.com/@karya' } }),
    ).toBe(undefined);
  });

  it('at most 3 emergency contacts', () => {
    const c = valid.emergencyContact[0]!;
    expect(messagesOf(userCreateSchema, { ...valid, emergencyContact: [c, c, c] })).toEqual([]);
    expect(first(userCreateSchema, { ...valid, emergencyContact: [c, c, c, c] })).toBe(
      'You can only add up to 3 contacts.',
    );
  });

  it('uses the new-user password rules', () => {
    expect(first(userCreateSchema, { ...valid, password: 'short' })).toBe('At least 8 characters');
    expect(first(userCreateSchema, { ...valid, password: 'Welcome-2026' })).toBe(
      'At least one special character (!@#$%^&*(),.?":{}|<>)',
    );
  });
});

describe('emergencyContactSchema', () => {
  it('removes spaces from the phone before checking it', () => {
    expect(
      emergencyContactSchema.parse({ name: 'Gita', relationship: 'Sister', phone: '98610 12345' }).phone,
    ).toBe('9861012345');
    expect(
      emergencyContactSchema.parse({ name: 'Gita', relationship: 'Sister', phone: ' 0674 - 1234567 ' }).phone,
    ).toBe('0674-1234567');
  });
  it('needs name, relationship and a valid phone', () => {
    expect(first(emergencyContactSchema, { relationship: 'Mother', phone: '9861012345' })).toBe(
      'Name is required',
    );
    expect(first(emergencyContactSchema, { name: 'A', relationship: '', phone: '9861012345' })).toBe(
      'Relationship is required',
    );
    expect(first(emergencyContactSchema, { name: 'A', relationship: 'Mother', phone: '' })).toBe(
      'Phone is required',
    );
    expect(first(emergencyContactSchema, { name: 'A', relationship: 'Mother', phone: '12 34' })).toBe(
      'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
    );
  });
});

describe('userUpdateSchema and profileUpdateSchema', () => {
  it('every field is optional but still checked', () => {
    expect(messagesOf(userUpdateSchema, {})).toEqual([]);
    expect(first(userUpdateSchema, { name: '' })).toBe('Name is required');
    expect(first(userUpdateSchema, { employmentType: 'Internship' })).toBe('Duration is required');
    expect(first(userUpdateSchema, { status: 'Blocked' })).toBe('Invalid status');
    expect(messagesOf(userUpdateSchema, { status: 'Inactive' })).toEqual([]);
  });
  it('an empty optional field means clear; an empty required one keeps its message', () => {
    expect(
      userUpdateSchema.parse({
        bio: '',
        notes: ' ',
        dateOfBirth: '',
        employmentType: '',
        roles: '',
        emergencyContact: [],
        socialMedia: '',
      }),
    ).toEqual({
      bio: null,
      notes: null,
      dateOfBirth: null,
      employmentType: null,
      roles: [],
      emergencyContact: [],
      socialMedia: {},
    });
    expect(profileUpdateSchema.parse({ bio: '', dateOfBirth: null })).toEqual({
      bio: null,
      dateOfBirth: null,
    });
    expect(first(userUpdateSchema, { dateOfBirth: '2020-01-01' })).toBe('Date of birth must be in the past.');
    expect(first(userUpdateSchema, { gender: '' })).toBe('Gender is required');
    expect(first(userUpdateSchema, { languages: '' })).toBe('At least one language is required');
    expect(first(profileUpdateSchema, { address: '' })).toBe('Address is required');
    expect(first(profileUpdateSchema, { address: { city: 'Puri', state: 'Odisha' } })).toBe(
      'Country is required',
    );
    // Creating is unchanged: an empty date is still not a date.
    expect(messagesOf(userCreateSchema, { dateOfBirth: '' })).toContain('Invalid date');
  });
  it('the profile form has no employment fields', () => {
    expect(messagesOf(profileUpdateSchema, { phone: '9437012345' })).toEqual([]);
    const parsed = profileUpdateSchema.parse({
      phone: '9437012345',
      employmentType: 'Contract',
      status: 'Active',
    });
    expect(parsed).toEqual({ phone: '9437012345' });
  });
});

describe('adminChangePasswordSchema', () => {
  it('an empty confirmation is required (not a mismatch); none at all is fine for API clients', () => {
    expect(
      messagesOf(adminChangePasswordSchema, { newPassword: 'New@12345', confirmNewPassword: '' })[0],
    ).toBe('Confirmation password is required');
    expect(messagesOf(adminChangePasswordSchema, { newPassword: 'New@12345' })).toEqual([]);
  });

  it('follows the password rules with a matching confirmation', () => {
    expect(
      messagesOf(adminChangePasswordSchema, { newPassword: 'New@12345', confirmNewPassword: 'New@12345' }),
    ).toEqual([]);
    expect(
      first(adminChangePasswordSchema, { newPassword: 'New@12345', confirmNewPassword: 'New@1234' }),
    ).toBe('Confirmation password must match');
    expect(first(adminChangePasswordSchema, { newPassword: 'weak' })).toBe(
      'Password must be at least 8 characters long',
    );
  });
});

describe('suggestionQuerySchema', () => {
  it('splits selected ids and checks them', () => {
    const a = 'a'.repeat(24);
    const b = 'b'.repeat(24);
    expect(suggestionQuerySchema.parse({ name: ' sub ', selectedIds: `${a},${b}` })).toEqual({
      name: 'sub',
      selectedIds: [a, b],
    });
    expect(suggestionQuerySchema.parse({})).toEqual({ name: '', selectedIds: [] });
    expect(first(suggestionQuerySchema, { selectedIds: 'x' })).toBe('Invalid id');
  });
});
