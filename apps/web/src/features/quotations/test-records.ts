import type { QuotationDto, QuotationLineDto, QuotationListDto, QuotationVersionDto } from '@karya/domain';
import { recordStamps } from '../../test/harness';

export const hex = (n: number) => n.toString(16).padStart(24, '0');
const ASHA = { _id: hex(500), name: 'Asha Rao' };

/** A frozen line: `quantity` × Rs. `unitPrice` at 18% GST, item n (live unless said). */
export const line = (
  n: number,
  quantity: number,
  unitPrice: number,
  over: Partial<QuotationLineDto> = {},
) => {
  const taxable = quantity * unitPrice;
  const gstAmount = Math.round(taxable * 18) / 100;
  return {
    item: { _id: hex(1000 + n), isDeleted: false },
    name: `Panel ${n}`,
    sku: n,
    modalNo: null,
    hsn: '8528',
    brand: 'Karya',
    description: null,
    quantity,
    marginTier: 't2',
    marginPercentage: 20,
    gst: 18,
    unitPrice,
    gstPerUnit: Math.round(unitPrice * 18) / 100,
    taxableAmount: taxable,
    gstAmount,
    totalPrice: taxable + gstAmount,
    ...over,
  } satisfies QuotationLineDto;
};

/** Version n of quotation q: lines given, totals summed, within the state (CGST + SGST). */
export const version = (
  q: number,
  n: number,
  items: QuotationLineDto[],
  over: Partial<QuotationVersionDto> = {},
): QuotationVersionDto => {
  const taxableAmount = items.reduce((s, l) => s + l.taxableAmount, 0);
  const totalGSTAmount = items.reduce((s, l) => s + l.gstAmount, 0);
  return {
    _id: hex(q * 100 + n),
    versionNumber: n,
    title: n ? `Re-Quotation for smart class ${q}` : `Quotation for smart class ${q}`,
    status: 'Draft',
    validUntil: '2030-01-15',
    notes: null,
    items,
    taxableAmount,
    totalGSTAmount,
    totalPrice: taxableAmount + totalGSTAmount,
    totalAmount: taxableAmount + totalGSTAmount,
    gstSplit: { cgst: totalGSTAmount / 2, sgst: totalGSTAmount / 2, igst: 0 },
    placeOfSupply: { code: '21', state: 'Odisha', interState: false },
    previousVersion: null,
    nextVersion: null,
    isMain: n === 0,
    createdBy: ASHA,
    createdAt: recordStamps.createdAt,
    updatedAt: recordStamps.updatedAt,
    changes: [],
    review: n ? { status: 'Pending', reason: null, reviewedBy: null, reviewedAt: null } : null,
    ...over,
  };
};

/**
 * Quotation n with two versions: version 0 (two panels, ReQuoted) and the re-quotation R1 (panel 1's
 * quantity raised from 2 to 3), active and pending review.
 */
export const quotation = (n: number, over: Partial<QuotationDto> = {}): QuotationDto => {
  const v0 = version(n, 0, [line(1, 2, 50000), line(2, 1, 20000)], {
    status: 'ReQuoted',
    nextVersion: hex(n * 100 + 1),
  });
  const v1 = version(n, 1, [line(1, 3, 50000), line(2, 1, 20000)], {
    previousVersion: v0._id,
    changes: [{ type: 'Quantity Changed', item: 'Panel 1', description: 'Quantity changed from 2 to 3' }],
  });
  return {
    ...recordStamps,
    createdBy: ASHA,
    updatedBy: null,
    _id: hex(n),
    quotationId: n,
    customer: {
      _id: hex(700),
      customerId: 7,
      name: 'DAV Public School',
      type: 'Organization',
      marginTier: 't2',
      email: null,
      phone: null,
      isDeleted: false,
    },
    requirement: { _id: hex(800 + n), requirementId: 12, title: 'Smart class kits', isDeleted: false },
    project: null,
    activeVersion: v1,
    versions: [v1, v0],
    ...over,
  };
};

/** A row of the list, as GET /crm/quotations answers it. */
export const listRow = (q: QuotationDto): QuotationListDto => ({
  ...recordStamps,
  createdBy: q.createdBy,
  isDeleted: q.isDeleted,
  _id: q._id,
  quotationId: q.quotationId,
  customer: q.customer && { _id: q.customer._id, customerId: q.customer.customerId, name: q.customer.name },
  requirement: q.requirement && {
    _id: q.requirement._id,
    requirementId: q.requirement.requirementId,
    title: q.requirement.title,
  },
  activeVersion: {
    _id: q.activeVersion._id,
    versionNumber: q.activeVersion.versionNumber,
    title: q.activeVersion.title,
    status: q.activeVersion.status,
    validUntil: q.activeVersion.validUntil,
    totalPrice: q.activeVersion.totalPrice,
    review: q.activeVersion.review,
    createdBy: q.activeVersion.createdBy,
  },
  versionCount: q.versions.length,
});
