import type { RequirementDto, RequirementItemRef } from '@karya/domain';
import { recordStamps } from '../../test/harness';

export const hex = (n: number) => n.toString(16).padStart(24, '0');

export const itemRef = (n: number, over: Partial<RequirementItemRef> = {}): RequirementItemRef => ({
  _id: hex(1000 + n),
  name: `Item ${n}`,
  sku: n,
  state: 'Verified',
  gst: 18,
  margin: { _id: hex(900), name: 'Schools' },
  hasPrice: true,
  isDeleted: false,
  ...over,
});

/** A requirement as the server answers it: two verified items for a school with margin tier t2. */
export const requirement = (n: number, over: Partial<RequirementDto> = {}): RequirementDto => ({
  ...recordStamps,
  createdBy: { _id: hex(500), name: 'Asha Rao' },
  updatedBy: null,
  _id: hex(n),
  requirementId: n,
  title: `Smart class kits ${n}`,
  customer: {
    _id: hex(700),
    customerId: 7,
    name: 'DAV Public School',
    type: 'Organization',
    marginTier: 't2',
    isDeleted: false,
  },
  type: 'Product',
  priority: 'High',
  status: 'Open',
  items: [
    { item: itemRef(1), quantity: 4, note: 'wall mounted' },
    { item: itemRef(2), quantity: 10, note: null },
  ],
  budget: 850000,
  purchaseDate: '2030-01-15',
  quotation: null,
  notes: 'Before the session',
  ...over,
});
