import type { QuotationDto, QuotationLineDto, QuotationVersionDto } from '@karya/domain';
import { recordStamps } from '../../test/harness';

// Records as the server answers them, for the quotation form's tests.

export const hex = (n: number) => n.toString(16).padStart(24, '0');

export const MARGIN = hex(900);
export const CUSTOMER = hex(700);
export const FAR_CUSTOMER = hex(701);
export const REQUIREMENT = hex(300);
export const QUOTATION = hex(400);
export const KIT = hex(1);
export const PANEL = hex(2);

const stock = (priceToShow: number) => ({ _id: hex(50), currentStock: 6, priceToShow });

/** The item suggestions: two that may be quoted, one whose margin is gone, and one of each kind that may not. */
export const ITEMS = [
  {
    _id: KIT,
    name: 'Robotics kit',
    sku: 1,
    gst: 18,
    state: 'Verified',
    stock: stock(1000),
    margin: { _id: MARGIN, name: 'Std' },
  },
  {
    _id: PANEL,
    name: 'Smart panel',
    sku: 2,
    gst: 40,
    state: 'Verified',
    stock: stock(2000),
    margin: { _id: MARGIN, name: 'Std' },
  },
  {
    _id: hex(3),
    name: 'Drone set',
    sku: 3,
    gst: 18,
    state: 'Unverified',
    stock: stock(500),
    margin: { _id: MARGIN, name: 'Std' },
  },
  {
    _id: hex(5),
    name: 'Globe',
    sku: 5,
    gst: 5,
    state: 'Verified',
    stock: stock(300),
    // A margin deleted since the item was read: its detail answers 404.
    margin: { _id: hex(901), name: 'Gone' },
  },
  { _id: hex(4), name: 'Lab bench', sku: 4, gst: null, state: 'Verified', stock: null, margin: null },
];

/** The margin every item above carries: the lowest tier is pt1 at 5%. */
export const MARGINS = { t1: 10, t2: 20, t3: 30, pt1: 5, pt2: 15, pt3: 25 };

/** GET /crm/products/items/{id}: the tier prices of t1 and t2 (the tiers the test user may read). */
export const itemDetail = (id: string) => {
  const i = ITEMS.find((x) => x._id === id);
  if (!i) return null;
  const base = i.stock?.priceToShow ?? 0;
  return {
    ...recordStamps,
    ...i,
    prices: { original: base, t1: (base * 110) / 100, t2: (base * 120) / 100 },
  };
};

export const customer = (id = CUSTOMER, state = 'Odisha', marginTier: string | null = 't2') => ({
  ...recordStamps,
  _id: id,
  customerId: id === CUSTOMER ? 7 : 8,
  name: id === CUSTOMER ? 'DAV Public School' : 'Ranchi Public School',
  type: 'Organization',
  gstin: null,
  address: { street: null, city: null, district: null, state, country: 'India', zipCode: null },
  marginTier,
  contacts: [],
});

const line = (over: Partial<QuotationLineDto> = {}): QuotationLineDto => ({
  item: { _id: KIT, isDeleted: false },
  name: 'Robotics kit',
  sku: 1,
  modalNo: null,
  hsn: null,
  brand: null,
  description: null,
  quantity: 2,
  marginTier: 't2',
  marginPercentage: 20,
  gst: 18,
  unitPrice: 1200,
  gstPerUnit: 216,
  taxableAmount: 2400,
  gstAmount: 432,
  totalPrice: 2832,
  ...over,
});

export const version = (over: Partial<QuotationVersionDto> = {}): QuotationVersionDto => ({
  _id: hex(410),
  versionNumber: 0,
  title: 'Quotation for smart class kits',
  status: 'Draft',
  validUntil: '2099-01-31',
  notes: 'Delivery in January',
  items: [line()],
  taxableAmount: 2400,
  totalGSTAmount: 432,
  totalPrice: 2832,
  totalAmount: 2832,
  gstSplit: { cgst: 216, sgst: 216, igst: 0 },
  placeOfSupply: { code: '21', state: 'Odisha', interState: false },
  previousVersion: null,
  nextVersion: null,
  isMain: true,
  createdBy: null,
  createdAt: recordStamps.createdAt,
  updatedAt: recordStamps.updatedAt,
  changes: [],
  review: null,
  ...over,
});

export const quotation = (v: Partial<QuotationVersionDto> = {}): QuotationDto => {
  const active = version(v);
  return {
    ...recordStamps,
    createdBy: null,
    _id: QUOTATION,
    quotationId: 1,
    customer: {
      _id: CUSTOMER,
      customerId: 7,
      name: 'DAV Public School',
      type: 'Organization',
      marginTier: 't2',
      email: null,
      phone: null,
      isDeleted: false,
    },
    requirement: { _id: REQUIREMENT, requirementId: 5, title: 'Smart class kits', isDeleted: false },
    project: null,
    activeVersion: active,
    versions: [active],
    updatedBy: null,
  };
};
