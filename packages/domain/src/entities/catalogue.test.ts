import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals } from '../common/fields.ts';
import { CATALOGUE_SCHEMAS, singleSuggestionQuerySchema } from './catalogue.ts';
import { marginCreateSchema, marginUpdateSchema } from './margin.ts';
import { vendorCreateSchema, vendorUpdateSchema } from './vendor.ts';

type Parser = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const first = (schema: Parser, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

const tiers = { t1: 10, t2: 12.5, t3: 15, pt1: 8, pt2: 9.75, pt3: 11 };
const margin = (over: Record<string, unknown> = {}) => ({
  name: 'Schools',
  margins: tiers,
  isActive: true,
  ...over,
});

describe('brand, category and class (spec 3 §5)', () => {
  it.each([
    ['brand', 'Brand name is required'],
    ['category', 'Category name is required'],
    ['class', 'Class name is required'],
  ] as const)('%s: a missing or blank name says "%s"', (kind, message) => {
    expect(first(CATALOGUE_SCHEMAS[kind].create, {})).toBe(message);
    expect(first(CATALOGUE_SCHEMAS[kind].create, { name: '  ' })).toBe(message);
    expect(CATALOGUE_SCHEMAS[kind].create.parse({ name: ' Arduino ', description: '' })).toEqual({
      name: 'Arduino',
      description: null,
    });
  });

  it('update: fields optional, an empty description clears, deleteImage a boolean', () => {
    expect(CATALOGUE_SCHEMAS.brand.update.parse({ description: '', deleteImage: true })).toEqual({
      description: null,
      deleteImage: true,
    });
    expect(first(CATALOGUE_SCHEMAS.brand.update, { name: '' })).toBe('Brand name is required');
  });

  it('one selectedId for brands, margins and vendors', () => {
    expect(singleSuggestionQuerySchema.parse({ selectedId: 'a'.repeat(24) })).toEqual({
      name: '',
      selectedId: ['a'.repeat(24)],
    });
    expect(singleSuggestionQuerySchema.parse({})).toEqual({ name: '', selectedId: [] });
    expect(singleSuggestionQuerySchema.safeParse({ selectedId: 'x' }).success).toBe(false);
  });
});

describe('margin (spec 3 §5)', () => {
  it('accepts 0 and 100 and two decimals exactly', () => {
    expect(
      marginCreateSchema.parse(margin({ margins: { ...tiers, t1: 0, pt3: 100, t2: 12.34 } })).margins,
    ).toEqual({
      ...tiers,
      t1: 0,
      pt3: 100,
      t2: 12.34,
    });
  });

  it.each([
    [{ name: '' }, 'Name is required.'],
    [{ margins: { ...tiers, t1: -1 } }, 'T1 cannot be less than 0.'],
    [{ margins: { ...tiers, t2: 100.5 } }, 'T2 cannot be more than 100.'],
    [{ margins: { ...tiers, t3: -0.01 } }, 'T3 cannot be less than 0.'],
    [{ margins: { ...tiers, pt1: 101 } }, 'PT1 cannot be more than 100.'],
    [{ margins: { ...tiers, pt2: -3 } }, 'PT2 cannot be less than 0.'],
    [{ margins: { ...tiers, pt3: -1 } }, 'P3 cannot be less than 0.'],
    [{ margins: { ...tiers, pt3: 101 } }, 'P3 cannot be more than 100.'],
    [{ margins: { ...tiers, t1: '' } }, 'T1 is required.'],
    [{ margins: { ...tiers, t1: Number.NaN } }, 'T1 is required.'],
    [{ margins: { ...tiers, t1: 0.1 + 0.2 } }, 'T1 can have at most 2 decimal places.'],
    [{ isActive: undefined }, 'Active is required.'],
  ])('%j → %s', (over, message) => {
    expect(first(marginCreateSchema, margin(over))).toBe(message);
  });

  it('update takes what is sent', () => {
    expect(marginUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it('two decimals are judged on the decimal form', () => {
    expect([12, 12.3, 12.34, 0.07].every(hasAtMostTwoDecimals)).toBe(true);
    expect([12.345, 0.1 + 0.2, 1e-7].some(hasAtMostTwoDecimals)).toBe(false);
  });
});

describe('vendor (spec 3 §5)', () => {
  it('needs only a name; empty optional fields are left empty', () => {
    expect(first(vendorCreateSchema, {})).toBe('Vendor name is required');
    expect(first(vendorCreateSchema, { name: ' ' })).toBe('Vendor name cannot be empty');
    expect(vendorCreateSchema.parse({ name: 'Kalinga', email: '', phone: '', rating: '' })).toEqual({
      name: 'Kalinga',
      email: null,
      phone: null,
      rating: null,
    });
  });

  it.each([
    [{ email: 'x@' }, 'Invalid email format'],
    [
      { phone: '5123456789' },
      'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
    ],
    [{ website: 'not a site' }, 'Please enter a valid URL.'],
    [{ rating: -0.5 }, 'Rating cannot be negative'],
    [{ rating: '5.1' }, 'Rating cannot be greater than 5'],
    [{ contactPerson: { email: 'bad' } }, 'Invalid email format'],
  ])('%j → %s', (over, message) => {
    expect(first(vendorCreateSchema, { name: 'V', ...over })).toBe(message);
  });

  it('accepts landlines, mobiles, URL-like websites and ratings as text', () => {
    const v = vendorCreateSchema.parse({
      name: 'V',
      phone: '0674-2541236',
      website: 'www.kalingalab.in',
      rating: '4.5',
      contactPerson: { phone: '9437012345', name: '' },
    });
    expect(v).toMatchObject({ phone: '0674-2541236', website: 'www.kalingalab.in', rating: 4.5 });
    expect(v.contactPerson).toEqual({ phone: '9437012345', name: null });
    expect(vendorUpdateSchema.parse({ website: '' })).toEqual({ website: null });
  });
});
