import type { ItemDto } from '@karya/domain';
import { recordStamps } from '../../test/harness';

/** A 24-hex id from a number. */
export const hex = (n: number) => n.toString(16).padStart(24, '0');

/** An item as the server answers it, verified, with a stock of 3 and no prices the caller may read. */
export const item = (n: number, over: Partial<ItemDto> = {}): ItemDto => ({
  ...recordStamps,
  createdBy: null,
  _id: hex(n),
  name: `Item ${n}`,
  sku: n,
  modalNo: `M-${n}`,
  description: null,
  brand: { _id: hex(900), name: 'Robotix' },
  categories: [],
  classes: [],
  margin: null,
  gst: 18,
  gstZeroKind: null,
  uqc: 'NOS',
  hsnCode: null,
  shipping: { weight: null, dimensions: { length: null, width: null, height: null } },
  state: 'Verified',
  targetPrice: null,
  preferredBrand: null,
  images: [],
  specifications: null,
  stock: { _id: hex(500 + n), currentStock: 3 },
  prices: {},
  rating: null,
  updatedBy: null,
  ...over,
});

/** A stored image of an item. */
export const image = (n: number) => ({
  _id: hex(700 + n),
  url: `/api/files/${hex(700 + n)}`,
  name: `photo-${n}.png`,
});

/** A picked file of a given type and size (jsdom keeps the bytes small; the size is what the checks read). */
export const pickedFile = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
