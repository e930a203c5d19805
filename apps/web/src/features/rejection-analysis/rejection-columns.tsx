import type { RejectionAnalysisDto } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import {
  customerText,
  offerVersusOurs,
  reasonsSummary,
  rejectedQuotationNumber,
  rupees,
} from './rejection-display';

/**
 * The rejection-analysis table (spec 2 §2; issue 26): the quotation rejected (ARR/0012/R1), customer,
 * rejection date, reasons (the first and how many more), lost to, competitor, the competitor's offer against
 * ours; created by and created date; the updated date hidden until chosen.
 */
export const REJECTION_COLUMNS: readonly ColumnDef<RejectionAnalysisDto>[] = [
  { key: 'quotation', label: 'Quotation', value: rejectedQuotationNumber, width: 130 },
  { key: 'customer', label: 'Customer', value: (r) => customerText(r.customer), width: 220 },
  { key: 'rejectionDate', label: 'Rejection Date', render: (r) => formatDate(r.rejectionDate), width: 120 },
  { key: 'reasons', label: 'Reasons', value: (r) => reasonsSummary(r.rejectionReasons), width: 240 },
  { key: 'lostTo', label: 'Lost To', value: (r) => r.lostTo, width: 120 },
  { key: 'competitor', label: 'Competitor', value: (r) => r.competitor.name, width: 160 },
  { key: 'offeredAmount', label: 'Offered vs Quoted', value: offerVersusOurs, width: 280 },
  {
    key: 'quotedAmount',
    label: 'Quoted Amount',
    value: (r) => rupees(r.quotedAmount),
    defaultHidden: true,
    width: 140,
  },
  { key: 'createdBy', label: 'Created By', value: (r) => r.createdBy, width: 140 },
  { key: 'createdAt', label: 'Created Date', render: (r) => formatDate(r.createdAt), width: 120 },
  {
    key: 'updatedAt',
    label: 'Updated Date',
    render: (r) => formatDate(r.updatedAt),
    defaultHidden: true,
    width: 120,
  },
];

/** Wide enough for the default columns before the table scrolls sideways. */
export const REJECTION_TABLE_MIN_WIDTH = 1500;
