import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../common/list-query.ts';
import {
  customerBulkCreateSchema,
  customerCheckNamesSchema,
  customerCreateSchema,
  customerFeedbackSchema,
  customerUpdateSchema,
} from './customer.ts';
import {
  CUSTOMER_MESSAGES,
  customerIdFilterValue,
  customerListSpec,
  customerSearchFilter,
  formatCustomerId,
} from './customer-list.ts';
import { customerSuggestionQuerySchema } from './customer-queries.ts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;
const base = { type: 'Organization', name: 'Govt. Girls High School, Puri' };

describe('customer rules (spec 2 §5)', () => {
  it('needs a type and a name; spaces leave phones; empty optional values are none', () => {
    expect(first(customerCreateSchema.safeParse({ name: 'X' }))).toBe('Customer type is required.');
    expect(first(customerCreateSchema.safeParse({ type: 'Organization' }))).toBe('Name is required.');
    expect(
      customerCreateSchema.parse({ ...base, phone: '94370 12345', email: '', website: 'www.ggs.in' }),
    ).toMatchObject({ phone: '9437012345', email: null, website: 'www.ggs.in' });
  });

  it.each([
    [{ email: 'x@' }, 'Invalid email format.'],
    [
      { phone: '5123456789' },
      'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
    ],
    [{ phone: '06752-222333' }, undefined],
    [{ website: 'hello world' }, 'Please enter a valid URL.'],
    [{ address: { street: 'ab' } }, 'Street must be at least 3 characters'],
    [{ address: { district: '123' } }, 'Must include 3 letters'],
    [{ address: { state: 'OD', zipCode: '752001' } }, undefined],
    [{ address: { city: '', country: '' } }, undefined],
    [{ rating: 5.5 }, 'Rating must be between 0 and 5.'],
    [{ rating: 4 }, 'Rating category is required.'],
    [{ rating: 4, ratingCategory: 'Platinum' }, 'Rating category is required.'],
    [{ rating: 0 }, undefined],
    [{ marginTier: 'x' }, 'Margin tier must be valid'],
    [{ additionalInfo: { establishmentYear: 1700 } }, CUSTOMER_MESSAGES.establishmentYear],
    [{ additionalInfo: { numberOfStudents: -1 } }, CUSTOMER_MESSAGES.numberOfStudents],
    [{ contacts: [{ name: '' }] }, 'Contact name is required.'],
    [{ contacts: [{ name: '12345' }] }, 'Must include 3 letters'],
    [{ contacts: [{ name: 'Sunita Das', email: '', phone: '9437 000 111' }] }, undefined],
    [
      { contacts: Array.from({ length: 4 }, () => ({ name: 'Sunita Das' })) },
      'You can only add up to 3 contacts.',
    ],
  ])('%j → %s', (over, message) => {
    expect(first(customerCreateSchema.safeParse({ ...base, ...over }))).toBe(message);
  });

  it('the organisation tree: required levels, and branches that do not apply dropped', () => {
    const org = (organization: unknown) => customerCreateSchema.safeParse({ ...base, organization });
    expect(first(org({}))).toBe('Organization type is required.');
    expect(first(org({ type: 'Government' }))).toBe('Government type is required.');
    expect(first(org({ type: 'Private' }))).toBe('Private type is required.');
    expect(first(org({ type: 'Government', government: { type: 'Office' } }))).toBe(
      'Office type is required.',
    );
    expect(first(org({ type: 'Government', government: { type: 'Institute', institute: {} } }))).toBe(
      'Institute type is required.',
    );
    expect(
      first(org({ type: 'Private', private: { type: 'Institute', institute: { type: 'School' } } })),
    ).toBe('School board is required.');
    expect(
      first(org({ type: 'Government', government: { type: 'Institute', institute: { type: 'College' } } })),
    ).toBe('College type is required.');
    const parsed = customerCreateSchema.parse({
      ...base,
      organization: {
        type: 'Government',
        government: {
          type: 'Office',
          office: { type: 'BDO' },
          institute: { type: 'School', school: { board: 'nonsense' } },
        },
        private: { type: 'bogus' },
      },
    });
    expect(parsed.organization).toEqual({
      type: 'Government',
      government: { type: 'Office', office: { type: 'BDO' } },
    });
  });

  it('Individual clears the organisation and the contacts’ designations (spec 2 §4)', () => {
    const parsed = customerCreateSchema.parse({
      type: 'Individual',
      name: 'Bijay Kumar Sahoo',
      organization: { type: 'Private', private: { type: 'Company' } },
      contacts: [{ name: 'Bijay Sahoo', designation: 'Owner', phone: '9861012345' }],
    });
    expect(parsed.organization).toBeNull();
    expect(parsed.contacts?.[0]?.designation).toBeNull();
  });

  it('update is partial; every field optional', () => {
    expect(customerUpdateSchema.parse({ website: '' })).toEqual({ website: null });
    expect(first(customerUpdateSchema.safeParse({ type: 'Company' }))).toBe('Customer type is required.');
  });

  it('bulk: rows checked, type defaults to Organization, duplicate names refused', () => {
    expect(customerBulkCreateSchema.parse([{ name: ' KV No. 3 ', createdBy: 'x' }])).toEqual([
      { type: 'Organization', name: 'KV No. 3' },
    ]);
    expect(first(customerBulkCreateSchema.safeParse([]))).toBe('No customers added yet.');
    expect(first(customerBulkCreateSchema.safeParse([{ name: 'A school' }, { name: 'a SCHOOL' }]))).toBe(
      'Customer name already exists in below list',
    );
    expect(customerCheckNamesSchema.parse([' A ', '', 'B'])).toEqual(['A', 'B']);
    expect(first(customerCheckNamesSchema.safeParse([' ']))).toBe('No customers added yet.');
  });

  it('feedback: a star is needed, 1 to 5', () => {
    expect(first(customerFeedbackSchema.safeParse({}))).toBe('Select Star to rate.');
    expect(first(customerFeedbackSchema.safeParse({ rating: 0 }))).toBe('Select Star to rate.');
    expect(first(customerFeedbackSchema.safeParse({ rating: 7 }))).toBe('Rating must be between 1 and 5.');
    expect(customerFeedbackSchema.parse({ rating: 3, comment: '', reviewer: 'x' })).toEqual({
      rating: 3,
      comment: null,
    });
  });
});

describe('customer ids and the list', () => {
  it('formats CI0001 and reads the customer id filter (spec 2 §5)', () => {
    expect(formatCustomerId(1)).toBe('CI0001');
    expect(formatCustomerId(12345)).toBe('CI12345');
    expect(customerIdFilterValue('CI0012')).toBe('12');
    expect(customerIdFilterValue('ci7')).toBe('7');
    expect(customerIdFilterValue('C12')).toBeNull();
    expect(customerSearchFilter('CI0042')).toEqual({ customerId: '42' });
    expect(customerSearchFilter('DAV')).toEqual({ name: 'DAV' });
    expect(customerSuggestionQuerySchema.parse({ customerId: 'CI0042' }).customerId).toBe(42);
    expect(first(customerSuggestionQuerySchema.safeParse({ customerId: 'X1' }))).toBe('Invalid Customer ID');
  });

  it('whitelists the panel’s filters and the four sorts', () => {
    const q = parseListQuery(
      {
        'filters[customerId]': '12',
        'filters[schoolBoard][]': 'CBSE',
        'filters[rating][min]': '3',
        'filters[state][]': 'Orphaned',
        'filters[assignedTo][]': 'a'.repeat(24),
        sortBy: 'customerId',
      },
      customerListSpec,
    );
    expect(q.filters).toMatchObject({ customerId: '12', schoolBoard: ['CBSE'], rating: { min: 3 } });
    expect(() => parseListQuery({ 'filters[customerId]': 'CI12' }, customerListSpec)).toThrow();
    expect(() => parseListQuery({ sortBy: 'email' }, customerListSpec)).toThrow();
  });
});
