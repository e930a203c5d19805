import { formatQuotationId } from '@karya/domain';
import { FormSection } from '../../components/form/section';
import { FieldList } from '../../components/record/field-list';
import { RecordLink } from '../../components/record/record-link';
import { rupees } from './rejection-display';

/** The quotation an analysis rejects, as the form shows it (from the quotation, or from a saved analysis). */
export type RejectedQuotation = {
  _id: string;
  quotationId: number;
  versionNumber: number;
  title: string;
  customer: string | null;
  /** Our total with GST, the figure a competitor's offer is set against. */
  total: number | null;
};

/** The quotation being rejected: its ARR number (a link), version, title, customer and our total. */
export const QuotationSummary = ({ quotation: q }: { quotation: RejectedQuotation }) => (
  <FormSection title="Quotation">
    <FieldList
      items={[
        {
          label: 'Quotation',
          value: (
            <RecordLink to={`/crm/quotations/${q._id}`}>
              {formatQuotationId(q.quotationId, q.versionNumber)}
            </RecordLink>
          ),
        },
        { label: 'Version', value: q.versionNumber ? `R${q.versionNumber}` : 'Original' },
        { label: 'Title', value: q.title, wide: true },
        { label: 'Customer', value: q.customer },
        { label: 'Our Total', value: rupees(q.total) },
      ]}
    />
  </FormSection>
);
