import { describe, expect, it } from 'vitest';
import { itemBulkCreateSchema, itemCreateSchema, itemUpdateSchema, stockPriceSchema } from './item.ts';
import { itemPrices, itemSearchFilter, itemSearchLabel, suggestionDescription } from './item-list.ts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;
const tiers = { t1: 10, t2: 12.5, t3: 15, pt1: 20, pt2: 25, pt3: 33.33 };

describe('item rules (spec 3 §5)', () => {
  it('needs a name; the rest is optional, numbers may come as multipart text', () => {
    expect(first(itemCreateSchema.safeParse({}))).toBe('Name is required');
    expect(first(itemCreateSchema.safeParse({ name: '  ' }))).toBe('Name is required');
    const ok = itemCreateSchema.parse({
      name: ' Kit ',
      gst: '18',
      rating: '4.5',
      targetPrice: '',
      modalNo: '',
    });
    expect(ok).toMatchObject({ name: 'Kit', gst: 18, rating: 4.5, targetPrice: null, modalNo: null });
  });

  it.each([
    [{ gst: 20 }, 'GST must be one of (40, 18, 5, 0)'],
    [{ gst: 'x' }, 'GST must be one of (40, 18, 5, 0)'],
    [{ gst: 28 }, 'GST must be one of (40, 18, 5, 0)'],
    [{ gst: 40 }, undefined],
    [{ gst: 0 }, 'A 0% item must say whether it is Nil rated or Exempt'],
    [{ gst: 0, gstZeroKind: 'Exempt' }, undefined],
    [{ gst: 18, gstZeroKind: 'Zero' }, 'A 0% item must say whether it is Nil rated or Exempt'],
    [{ rating: -0.5 }, 'Rating must be at least 0'],
    [{ rating: 5.01 }, 'Rating cannot exceed 5'],
    [{ hsnCode: '12345' }, 'HSN/SAC code must be 4, 6 or 8 digits'],
    [{ hsnCode: '8471' }, undefined],
    [{ hsnCode: '84715000' }, undefined],
    [{ state: 'Done' }, 'State must be Verified, Unverified or Suggested'],
    [{ shipping: { weight: -1 } }, 'Must not be negative'],
    [{ shipping: { dimensions: { length: 0.1234 } } }, 'Can have at most 3 decimal places'],
    [{ targetPrice: 10.005 }, 'Can have at most 2 decimal places'],
    [{ categories: ['nope'] }, 'Invalid id'],
  ])('%j → %s', (over, message) => {
    expect(first(itemCreateSchema.safeParse({ name: 'Kit', ...over }))).toBe(message);
  });

  it('update: partial, with deleted images and the specification flag', () => {
    expect(itemUpdateSchema.parse({ deletedImages: '', deleteSpecifications: true })).toEqual({
      deletedImages: [],
      deleteSpecifications: true,
    });
    expect(first(itemUpdateSchema.safeParse({ deletedImages: ['x'] }))).toBe('Invalid id');
  });

  it('bulk create by names: trimmed, blanks ignored, empty and duplicates refused', () => {
    expect(itemBulkCreateSchema.parse([{ name: ' A ' }, { name: '' }, { name: 'B' }])).toEqual(['A', 'B']);
    expect(first(itemBulkCreateSchema.safeParse([{ name: ' ' }]))).toBe('No items to add');
    expect(first(itemBulkCreateSchema.safeParse([{ name: 'a' }, { name: 'A ' }]))).toBe(
      'Item name already exists in below list',
    );
  });

  it('the price to show: a number with at most two decimals', () => {
    expect(first(stockPriceSchema.safeParse({ price: '12' }))).toBe('Invalid price provided');
    expect(stockPriceSchema.parse({ price: 12.5 })).toEqual({ price: 12.5 });
  });
});

describe('item prices (spec 3 §6, §9)', () => {
  it('computes each tier from the price to show, two decimals, N/A without a base or a margin', () => {
    expect(itemPrices(1000, tiers, () => true)).toEqual({
      original: 1000,
      t1: 1100,
      t2: 1125,
      t3: 1150,
      pt1: 1200,
      pt2: 1250,
      pt3: 1333.3,
    });
    expect(itemPrices(0, tiers, () => true)).toMatchObject({ original: 0, t1: null });
    expect(itemPrices(99.99, null, () => true)).toMatchObject({ original: 99.99, t1: null });
    // 0.1 + 0.2 style inputs stay exact: 19.99 × 1.125 = 22.48875 → 22.49.
    expect(itemPrices(19.99, tiers, (k) => k === 't2')).toEqual({ t2: 22.49 });
  });

  it('leaves out what the caller may not read', () => {
    expect(itemPrices(500, tiers, (k) => k === 't1')).toEqual({ t1: 550 });
    expect(itemPrices(500, tiers, () => false)).toEqual({});
  });
});

describe('item search', () => {
  it('searches by SKU when the text is a number, else by name; shows [SKU n] name', () => {
    expect(itemSearchFilter(' 42 ')).toEqual({ sku: '42' });
    expect(itemSearchFilter('arduino 2')).toEqual({ name: 'arduino 2' });
    expect(itemSearchFilter('')).toEqual({});
    expect(itemSearchLabel({ sku: 7, name: 'Beaker' })).toBe('[SKU 7] Beaker');
  });

  it('builds a suggested item description from brand, target price and specifications', () => {
    expect(
      suggestionDescription({ preferredBrand: 'DFRobot', targetPrice: 1800, description: 'Solar kit' }),
    ).toBe('Preferred brand: DFRobot\nTarget price: ₹1,800.00\nSpecifications: Solar kit');
  });
});
