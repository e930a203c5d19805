// The CRM dashboard's quotation figures (issue 25): live quotations in the caller's quotation scope, from
// the counts the writes keep per "status/review status" of the active version's copy on the quotation row
// (kept-figures.ts; decision 0026).
import type { CrmDashboard } from '@karya/domain';
import type { KeptFigure } from './kept-figures.ts';

export const quotationFigures = (figures: KeptFigure[]): CrmDashboard['quotations'] => {
  const of = (match: (status: string, review: string) => boolean, value: (f: KeptFigure) => number) =>
    figures.reduce((n, f) => {
      const [status = '', review = ''] = f.bucket.split('/');
      return match(status, review) ? n + value(f) : n;
    }, 0);
  const all = () => true;
  const draft = (status: string) => status === 'Draft';
  return {
    total: of(all, (f) => f.total),
    new: of(all, (f) => f.made),
    draft: of(draft, (f) => f.total),
    pendingReview: of(
      (_s, review) => review === 'Pending',
      (f) => f.total,
    ),
    approved: of(
      (s) => s === 'Approved',
      (f) => f.total,
    ),
    rejected: of(
      (s) => s === 'Rejected',
      (f) => f.total,
    ),
    // Rupees to the paisa: the sum of numeric(14,2) values read as text, then rounded like the query was.
    draftValue: Math.round(of(draft, (f) => f.amount) * 100) / 100,
  };
};
