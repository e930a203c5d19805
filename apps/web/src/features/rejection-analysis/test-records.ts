import type { QuotationDto, RejectionAnalysisDto } from '@karya/domain';
import { recordStamps } from '../../test/harness';
import { hex, quotation } from '../quotations/test-records';

export { hex } from '../quotations/test-records';

/** Quotation n whose re-quotation R1 (ours ₹2,00,600.00) passed its review: it may be rejected. */
export const openQuotation = (n: number, over: Partial<QuotationDto> = {}): QuotationDto => {
  const q = quotation(n, over);
  const review = { status: 'Approved' as const, reason: null, reviewedBy: null, reviewedAt: null };
  const active = { ...q.activeVersion, review };
  return {
    ...q,
    activeVersion: active,
    versions: q.versions.map((v) => (v._id === active._id ? active : v)),
  };
};

/**
 * Analysis n as the server answers it: quotation 1's re-quotation R1 (ours ₹2,00,600.00), lost to Vidya
 * Systems at ₹1,80,000.00, for two reasons.
 */
export const analysis = (n: number, over: Partial<RejectionAnalysisDto> = {}): RejectionAnalysisDto => ({
  ...recordStamps,
  createdBy: { _id: hex(500), name: 'Asha Rao' },
  updatedBy: null,
  _id: hex(3000 + n),
  quotation: {
    _id: hex(1),
    quotationId: 1,
    versionNumber: 1,
    title: 'Re-Quotation for smart class 1',
    isDeleted: false,
  },
  quotationVersionId: hex(101),
  customer: { _id: hex(700), customerId: 7, name: 'DAV Public School' },
  rejectionDate: '2026-03-05',
  rejectionReasons: ['Price too high', 'Delivery too late'],
  detailedReason: 'The board chose the cheaper panels.',
  lostTo: 'Competitor',
  competitor: { name: 'Vidya Systems', offeredAmount: 180000 },
  quotedAmount: 200600,
  customerFeedback: 'Liked the demo.',
  rejectedPerson: { name: 'R. Das', designation: 'Principal', email: 'das@dav.example', phone: '9876543210' },
  ...over,
});
