import { ITEM_MESSAGES, type ItemDto, STOCK_MESSAGES } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { addToQueue, queueToSend } from './bulk-queue';
import { ITEM_COLUMNS } from './item-columns';
import { formatItemPrice, stockLabel } from './item-display';
import { pickImages, pickSpecification } from './item-files';
import { changedItemFields, fieldOfItemError, itemFormValuesFrom, itemRequestFrom } from './item-form-values';
import { itemResolver, toItemInput } from './item-validation';
import { parsePrice } from './stock-price-dialog';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const MB5 = 5 * 1024 * 1024;

describe('bulk item queue (spec 3 §5)', () => {
  it('trims, ignores blanks and refuses a name already queued whatever its case', () => {
    let step = addToQueue([], '  Servo motor  ');
    expect(step).toEqual({ queue: ['Servo motor'], error: null, added: true });
    step = addToQueue(step.queue, '   ');
    expect(step).toEqual({ queue: ['Servo motor'], error: null, added: false });
    step = addToQueue(step.queue, 'SERVO MOTOR');
    expect(step).toEqual({ queue: ['Servo motor'], error: ITEM_MESSAGES.bulkDuplicate, added: false });
    expect(ITEM_MESSAGES.bulkDuplicate).toBe('Item name already exists in below list');
  });

  it('has nothing to send for an empty queue', () => {
    expect(queueToSend([])).toEqual({ error: 'No items to add' });
    expect(queueToSend(['A', 'B'])).toEqual({ names: ['A', 'B'] });
  });
});

describe('item files (spec 3 §5)', () => {
  it('counts the stored images kept: at most 5 in all', () => {
    const three = [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.webp', 'image/webp')];
    const picked = pickImages(3, three);
    expect(picked.accepted.map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    expect(picked.error).toBe('Maximum 5 images allowed');
    expect(pickImages(0, three)).toEqual({ accepted: three, error: null });
  });

  it('takes png, jpeg, jpg and webp of at most 5 MB', () => {
    expect(pickImages(0, [file('a.gif', 'image/gif')]).error).toBe(ITEM_MESSAGES.imageWrongType);
    expect(pickImages(0, [file('a.svg', 'image/svg+xml')]).error).toBe(ITEM_MESSAGES.imageWrongType);
    expect(pickImages(0, [file('big.png', 'image/png', MB5 + 1)]).error).toBe('Max size 5MB allowed');
    expect(pickImages(0, [file('ok.png', 'image/png', MB5)]).error).toBeNull();
    // Without a type the name decides.
    expect(pickImages(0, [file('photo.JPG', '')]).error).toBeNull();
  });

  it('takes one PDF of at most 5 MB as the specification', () => {
    const pdf = file('spec.pdf', 'application/pdf');
    expect(pickSpecification([pdf])).toEqual({ file: pdf, error: null });
    expect(pickSpecification([pdf, file('b.pdf', 'application/pdf')]).error).toBe('Only one file allowed');
    expect(pickSpecification([file('spec.docx', 'application/msword')]).error).toBe(
      ITEM_MESSAGES.specificationWrongType,
    );
    expect(pickSpecification([file('big.pdf', 'application/pdf', MB5 + 1)]).error).toBe(
      'Max size 5MB allowed',
    );
  });
});

const ITEM: ItemDto = {
  _id: 'a'.repeat(24),
  name: 'Servo',
  sku: 12,
  modalNo: 'SG90',
  description: null,
  brand: { _id: 'b'.repeat(24), name: 'Tower Pro' },
  categories: [],
  classes: [],
  margin: null,
  gst: 18,
  gstZeroKind: null,
  uqc: 'NOS',
  hsnCode: null,
  shipping: { weight: 0.2, dimensions: { length: null, width: null, height: null } },
  state: 'Unverified',
  targetPrice: null,
  preferredBrand: null,
  images: [],
  specifications: null,
  stock: null,
  prices: {},
  rating: null,
  updatedBy: null,
  createdBy: null,
  createdAt: '2026-03-01T04:30:00.000Z',
  updatedAt: '2026-03-01T04:30:00.000Z',
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
};

describe('item form values', () => {
  it('validates with the domain schema and puts shipping messages on their inputs', async () => {
    const values = { ...itemFormValuesFrom(null), length: '-1', rating: '7', width: 'wide' };
    const result = await itemResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.name?.message).toBe('Name is required');
    expect(result.errors.length?.message).toBe('Must not be negative');
    expect(result.errors.rating?.message).toBe('Rating cannot exceed 5');
    expect(result.errors.width?.message).toBe('Must be a number');
  });

  it('sends only what changed on update, shipping whole, a cleared value as null', () => {
    const initial = itemFormValuesFrom(ITEM);
    const values = { ...initial, modalNo: '', gst: '5', height: '0.5', state: 'Verified' as const };
    const changed = changedItemFields(toItemInput(values), values, initial);
    expect(changed).toEqual({
      modalNo: null,
      gst: 5,
      gstZeroKind: null,
      shipping: { weight: 0.2, dimensions: { length: null, width: null, height: 0.5 } },
      state: 'Verified',
    });
  });

  it('leaves an unchosen state out of the request', () => {
    expect('state' in itemRequestFrom(itemFormValuesFrom(null))).toBe(false);
  });

  it("maps the server's field paths to the form's inputs", () => {
    expect(
      fieldOfItemError(400, { errors: [{ path: 'shipping.dimensions.width', message: 'Must be a number' }] }),
    ).toEqual({ field: 'width', message: 'Must be a number' });
    expect(fieldOfItemError(403, { errors: [{ path: 'name', message: 'x' }] })).toBeNull();
  });
});

describe('item display', () => {
  it('shows prices in rupees, N/A for null, and the stock label', () => {
    expect(formatItemPrice(1234.5)).toBe('₹1,234.50');
    expect(formatItemPrice(null)).toBe('N/A');
    expect(formatItemPrice(Number.NaN)).toBe(STOCK_MESSAGES.priceInvalid);
    expect(stockLabel({ _id: 'x', currentStock: 4 })).toBe('4 In Stock');
    expect(stockLabel({ _id: 'x', currentStock: 0 })).toBe('Out of Stock');
    expect(stockLabel(null)).toBe('Out of Stock');
  });

  it('reads a typed price to show', () => {
    expect(parsePrice('1,250.50')).toEqual({ price: 1250.5 });
    expect(parsePrice('abc')).toEqual({ error: 'Invalid price provided' });
    expect(parsePrice('')).toEqual({ error: 'Invalid price provided' });
    expect(parsePrice('1e3')).toEqual({ error: 'Invalid price provided' });
    expect(parsePrice('-5')).toEqual({ error: STOCK_MESSAGES.priceNegative });
    expect(parsePrice('1.234')).toEqual({ error: STOCK_MESSAGES.priceDecimals });
  });

  it('lists the spec columns, the last five hidden by default', () => {
    expect(ITEM_COLUMNS.filter((c) => !c.defaultHidden).map((c) => c.key)).toEqual([
      'image',
      'sku',
      'name',
      'modalNo',
      'brand',
      'gst',
    ]);
    expect(ITEM_COLUMNS.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual([
      'categories',
      'classes',
      'state',
      'createdAt',
      'updatedAt',
    ]);
  });
});
