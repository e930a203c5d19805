import { describe, expect, it } from 'vitest';
import { customerBulkCreateSchema, customerCreateSchema } from '../entities/customer.ts';
import { CUSTOMER_TYPES, INSTITUTE_TYPES, SCHOOL_BOARDS } from '../entities/customer-list.ts';
import { EMPLOYMENT_TYPES } from '../enums.ts';
import * as domain from '../index.ts';
import { enumerationKey, parseEnumeration } from './enumeration.ts';

describe('parseEnumeration: an enumeration value as a person spells it (issue 23)', () => {
  it('reads British spellings, any case, spaces and hyphens as the value', () => {
    for (const typed of ['Organisation', 'organisation', ' ORGANIZATION ', 'Organization', 'organisation '])
      expect(parseEnumeration(CUSTOMER_TYPES, typed)).toBe('Organization');
    expect(parseEnumeration(CUSTOMER_TYPES, 'individual')).toBe('Individual');
    expect(parseEnumeration(INSTITUTE_TYPES, 'training centre')).toBe('Training Center');
    expect(parseEnumeration(SCHOOL_BOARDS, 'State Board')).toBe('StateBoard');
    expect(parseEnumeration(EMPLOYMENT_TYPES, 'full time')).toBe('Full-Time');
  });

  it('is nothing for what names no value', () => {
    for (const typed of ['', '  ', 'Company', 'Organ', 'Organisations'])
      expect(parseEnumeration(CUSTOMER_TYPES, typed)).toBeUndefined();
  });

  it('no enumeration the domain exports has two values with one key', () => {
    const lists = (Object.entries(domain) as [string, unknown][]).filter(
      (e): e is [string, string[]] =>
        /^[A-Z_]+$/.test(e[0]) && Array.isArray(e[1]) && e[1].every((v) => typeof v === 'string'),
    );
    expect(lists.length).toBeGreaterThan(20);
    for (const [name, values] of lists)
      expect(new Set(values.map(enumerationKey)).size, name).toBe(new Set(values).size);
  });

  it("the customer rules take 'Organisation' and the organisation tree's values as typed", () => {
    const parsed = customerCreateSchema.parse({
      type: 'organisation',
      name: 'DAV Public School',
      organization: {
        type: 'private',
        private: { type: 'institute', institute: { type: 'school', school: { board: 'state board' } } },
      },
      ratingCategory: 'gold',
      rating: 4,
    });
    expect(parsed.type).toBe('Organization');
    expect(parsed.organization).toEqual({
      type: 'Private',
      private: { type: 'Institute', institute: { type: 'School', school: { board: 'StateBoard' } } },
    });
    expect(parsed.ratingCategory).toBe('Gold');
    expect(customerCreateSchema.parse({ type: 'INDIVIDUAL', name: 'Bijay Sahoo' }).type).toBe('Individual');
    expect(customerBulkCreateSchema.parse([{ type: 'Organisation', name: 'KV No. 3' }])[0]?.type).toBe(
      'Organization',
    );
    const refused = customerCreateSchema.safeParse({ type: 'Company', name: 'X school' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe('Customer type is required.');
  });
});
