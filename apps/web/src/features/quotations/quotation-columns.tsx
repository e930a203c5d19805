import { formatCustomerId, type QuotationListDto } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { QuotationStatusBadge, quotationNumber, ReviewStatusBadge, rupees } from './quotation-display';

const customerText = (q: QuotationListDto) =>
  q.customer ? `${formatCustomerId(q.customer.customerId)} · ${q.customer.name}` : null;

/**
 * The quotation table (spec 3 §2): quotation number, title, customer, status, total price and valid until
 * shown; created by, created and updated dates hidden until chosen.
 */
export const QUOTATION_COLUMNS: readonly ColumnDef<QuotationListDto>[] = [
  { key: 'quotationId', label: 'Quotation ID', value: quotationNumber, width: 130 },
  { key: 'title', label: 'Title', value: (q) => q.activeVersion.title, width: 260 },
  { key: 'customer', label: 'Customer', value: customerText, width: 220 },
  {
    key: 'status',
    label: 'Status',
    render: (q) => (
      <>
        <QuotationStatusBadge status={q.activeVersion.status} />
        {q.activeVersion.review?.status === 'Pending' && <ReviewStatusBadge status="Pending" size="xs" />}
      </>
    ),
    width: 140,
  },
  { key: 'totalPrice', label: 'Total Price', value: (q) => rupees(q.activeVersion.totalPrice), width: 140 },
  {
    key: 'validUntil',
    label: 'Valid Until',
    render: (q) => formatDate(q.activeVersion.validUntil),
    width: 120,
  },
  { key: 'createdBy', label: 'Created By', value: (q) => q.createdBy, defaultHidden: true, width: 140 },
  {
    key: 'createdAt',
    label: 'Created Date',
    render: (q) => formatDate(q.createdAt),
    defaultHidden: true,
    width: 120,
  },
  {
    key: 'updatedAt',
    label: 'Updated Date',
    render: (q) => formatDate(q.updatedAt),
    defaultHidden: true,
    width: 120,
  },
];

/** Wide enough for the six default columns before the table scrolls sideways. */
export const QUOTATION_TABLE_MIN_WIDTH = 1050;
