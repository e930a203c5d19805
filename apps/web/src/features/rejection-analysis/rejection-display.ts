import { formatCustomerId, formatQuotationId, type RejectionAnalysisDto } from '@karya/domain';
import { rupees } from '../../components/record/format';

export { rupees };

// How an analysis reads on the list, its cards and its page (zod-free: list and detail load this).

/** 'ARR/0012/R1': the quotation and the version rejected. */
export const rejectedQuotationNumber = (r: Pick<RejectionAnalysisDto, 'quotation'>) =>
  r.quotation ? formatQuotationId(r.quotation.quotationId, r.quotation.versionNumber) : null;

/** 'CI0007 · DAV Public School'. */
export const customerText = (c: { customerId: number; name: string } | null | undefined) =>
  c ? `${formatCustomerId(c.customerId)} · ${c.name}` : null;

/** The first reason and how many more: 'Price too high (+2 more)'. */
export const reasonsSummary = (reasons: readonly string[]) => {
  const [first, ...rest] = reasons;
  if (!first) return null;
  return rest.length ? `${first} (+${rest.length} more)` : first;
};

/**
 * The competitor's offer against ours: '₹9,00,000.00 vs ours ₹10,62,000.00 (15.3% lower)'; ours alone when
 * the competitor's price is not known.
 */
export const offerVersusOurs = (r: Pick<RejectionAnalysisDto, 'competitor' | 'quotedAmount'>) => {
  const ours = rupees(r.quotedAmount);
  const theirs = r.competitor.offeredAmount;
  if (theirs === null) return ours ? `– vs ours ${ours}` : null;
  const diff = r.quotedAmount > 0 ? ((r.quotedAmount - theirs) / r.quotedAmount) * 100 : null;
  const how =
    diff === null || Math.abs(diff) < 0.05
      ? ''
      : ` (${Math.abs(diff).toFixed(1)}% ${diff > 0 ? 'lower' : 'higher'})`;
  return `${rupees(theirs)} vs ours ${ours}${how}`;
};
