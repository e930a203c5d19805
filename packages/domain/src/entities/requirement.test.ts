import { describe, expect, it } from 'vitest';
import { daysFromToday, todayInAppZone } from '../index.ts';
import {
  requirementCreateSchema,
  requirementFormSchema,
  requirementSuggestionQuerySchema,
  requirementUpdateSchema,
} from './requirement.ts';
import {
  canConvertToQuotation,
  defaultPurchaseDate,
  formatRequirementId,
  quotationConversionWarning,
  type RequirementItemLine,
  type RequirementItemRef,
  requirementSearchFilter,
} from './requirement-list.ts';

const ITEM = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const OTHER = 'b1b2c3d4e5f6a7b8c9d0e1f2';
const CUSTOMER = 'c1b2c3d4e5f6a7b8c9d0e1f2';
const valid = () => ({
  title: 'Smart class kits for 4 rooms',
  customer: CUSTOMER,
  type: 'Product',
  priority: 'High',
  items: [{ item: ITEM, quantity: '4', note: ' wall mounted ' }],
  budget: '250000',
  purchaseDate: daysFromToday(15),
  notes: '',
});
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('requirement form rules (spec 2 §5)', () => {
  it('reads a valid form: numbers from text, trimmed note, empty notes as null, no status on create', () => {
    const parsed = requirementCreateSchema.parse({ ...valid(), status: 'Closed' });
    expect(parsed).toEqual({
      title: 'Smart class kits for 4 rooms',
      customer: CUSTOMER,
      type: 'Product',
      priority: 'High',
      items: [{ item: ITEM, quantity: 4, note: 'wall mounted' }],
      budget: 250000,
      purchaseDate: daysFromToday(15),
      notes: null,
    });
    expect(parsed).not.toHaveProperty('status');
  });

  it.each([
    [{ title: 'Too short' }, 'Title must be at least 10 characters long'],
    [{ customer: '' }, 'Customer is required'],
    [{ customer: undefined }, 'Customer is required'],
    [{ type: 'Goods' }, 'Type must be Product or Service'],
    [{ priority: '' }, 'Priority is required'],
    [{ items: [] }, 'At least one item is required'],
    [{ items: [{ item: ITEM, quantity: '1.5' }] }, 'Quantity must be an integer'],
    [{ items: [{ item: ITEM, quantity: 'two' }] }, 'Quantity must be an integer'],
    [{ items: [{ item: ITEM, quantity: '0' }] }, 'Quantity must be greater than 0'],
    [{ items: [{ item: ITEM, quantity: -3 }] }, 'Quantity must be greater than 0'],
    [
      {
        items: [
          { item: ITEM, quantity: 1 },
          { item: ITEM, quantity: 2 },
        ],
      },
      'This item is already listed below',
    ],
    [{ budget: '0' }, 'Budget must be greater than 0'],
    [{ budget: '' }, 'Budget must be greater than 0'],
    [{ budget: -10 }, 'Budget must be greater than 0'],
    [{ purchaseDate: '' }, 'Purchase date is required'],
    [{ purchaseDate: '2026-02-30' }, 'Purchase date must be a valid date'],
    [{ purchaseDate: daysFromToday(-1) }, 'Purchase date must be today or in the future'],
  ])('refuses %j with the spec message', (change, message) => {
    expect(messages(requirementCreateSchema.safeParse({ ...valid(), ...change }))).toContain(message);
  });

  it('accepts today as the purchase date and two different items', () => {
    const r = requirementCreateSchema.safeParse({
      ...valid(),
      purchaseDate: todayInAppZone(),
      items: [
        { item: ITEM, quantity: 1 },
        { item: OTHER, quantity: 2 },
      ],
    });
    expect(r.success).toBe(true);
  });

  it('on update a stored past purchase date may stay; a changed one must be today or later', () => {
    const past = daysFromToday(-20);
    expect(requirementFormSchema(past).safeParse({ ...valid(), purchaseDate: past }).success).toBe(true);
    expect(
      messages(requirementFormSchema(past).safeParse({ ...valid(), purchaseDate: daysFromToday(-2) })),
    ).toEqual(['Purchase date must be today or in the future']);
    // The PATCH body itself checks shapes only; the server compares with the stored day.
    expect(requirementUpdateSchema.parse({ status: 'In Progress' })).toEqual({ status: 'In Progress' });
    expect(messages(requirementUpdateSchema.safeParse({ status: 'Done' }))).toEqual(['Status is required']);
  });

  it('takes the suggestion number with or without RI', () => {
    expect(requirementSuggestionQuerySchema.parse({ requirementId: 'RI0012' }).requirementId).toBe(12);
    expect(requirementSuggestionQuerySchema.parse({ requirementId: '7' }).requirementId).toBe(7);
    expect(requirementSuggestionQuerySchema.safeParse({ requirementId: 'x1' }).success).toBe(false);
  });
});

describe('requirement display and search', () => {
  it('formats RI plus 4 digits and searches by number or title', () => {
    expect(formatRequirementId(1)).toBe('RI0001');
    expect(formatRequirementId(12345)).toBe('RI12345');
    expect(requirementSearchFilter('RI0042')).toEqual({ requirementId: '42' });
    expect(requirementSearchFilter(' 42 ')).toEqual({ requirementId: '42' });
    expect(requirementSearchFilter('robotics lab')).toEqual({ title: 'robotics lab' });
    expect(requirementSearchFilter('Class 10 kits')).toEqual({ title: 'Class 10 kits' });
    expect(requirementSearchFilter('  ')).toEqual({});
  });

  it('puts the purchase date 15 days ahead of today in India', () => {
    // 20:00 UTC on 31 January is 1 February in India.
    expect(defaultPurchaseDate(new Date('2026-01-31T20:00:00Z'))).toBe('2026-02-16');
    expect(daysFromToday(30, new Date('2026-12-10T06:00:00Z'))).toBe('2027-01-09');
  });
});

const ref = (name: string, more: Partial<RequirementItemRef> = {}): RequirementItemRef => ({
  _id: ITEM,
  name,
  sku: 1,
  state: 'Verified',
  gst: 18,
  margin: { _id: OTHER, name: 'Standard' },
  hasPrice: true,
  isDeleted: false,
  ...more,
});
const line = (item: RequirementItemRef | null): RequirementItemLine => ({ item, quantity: 1, note: null });

describe('conversion to a quotation (spec 2 §4)', () => {
  it('asks for the customer margin tier first', () => {
    expect(
      quotationConversionWarning({
        customer: { marginTier: null },
        items: [line(ref('Projector', { gst: null }))],
      }),
    ).toBe('Please add margin tier to customer first.');
    expect(quotationConversionWarning({ customer: null, items: [] })).toBe(
      'Please add margin tier to customer first.',
    );
  });

  it('lists what each item lacks, one per line, and nothing when all is there', () => {
    expect(
      quotationConversionWarning({
        customer: { marginTier: 't1' },
        items: [
          line(ref('Interactive Panel 75"', { margin: null })),
          line(ref('Robotics Kit', { hasPrice: false, gst: null })),
          line(ref('Microscope')),
          line(null),
        ],
      }),
    ).toBe(
      [
        'Item Interactive Panel 75" does not have margin. Please add margin to item first.',
        'Item Robotics Kit does not have price. Please add price to item first.',
        'Item Robotics Kit does not have GST. Please add GST to item first.',
      ].join('\n'),
    );
    expect(
      quotationConversionWarning({ customer: { marginTier: 'pt2' }, items: [line(ref('Microscope'))] }),
    ).toBe(null);
  });

  it('is offered only without a quotation, with every item Verified, to those who may create quotations', () => {
    const r = { quotation: null, isDeleted: false, items: [line(ref('A')), line(ref('B'))] };
    expect(canConvertToQuotation(r, true)).toBe(true);
    expect(canConvertToQuotation(r, false)).toBe(false);
    expect(canConvertToQuotation({ ...r, quotation: { _id: ITEM, quotationId: 1 } }, true)).toBe(false);
    expect(canConvertToQuotation({ ...r, isDeleted: true }, true)).toBe(false);
    expect(canConvertToQuotation({ ...r, items: [line(ref('A', { state: 'Suggested' }))] }, true)).toBe(
      false,
    );
    expect(canConvertToQuotation({ ...r, items: [line(null)] }, true)).toBe(false);
    expect(canConvertToQuotation({ ...r, items: [] }, true)).toBe(false);
  });
});
