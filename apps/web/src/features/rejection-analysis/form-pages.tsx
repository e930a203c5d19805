import {
  mayBeSent,
  mayDecide,
  type QuotationDto,
  REJECTION_MESSAGES,
  type RejectionAnalysisDto,
} from '@karya/domain';
import { Button } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { UpdateFormPage } from '../../components/form/update-page';
import { EmptyState } from '../../components/list/list-states';
import { RecordFormPage } from '../../components/record/record-form-page';
import { REJECTIONS_PAGE, useQuotationToReject, useRejectionAnalysis } from './api';
import type { RejectedQuotation } from './quotation-summary';
import { customerText } from './rejection-display';
import { RejectionForm } from './rejection-form';

const MAW = 960;

/**
 * What Reject carried (spec 2 §2: navigation state with quotation and quotationVersionId). The quotation
 * may come as the record or as its id; a record is used only when it is the one in the address.
 */
export const carriedRejection = (state: unknown, quotationId: string) => {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const q = s.quotation as Partial<QuotationDto> | undefined;
  const quotation =
    q && typeof q === 'object' && q._id === quotationId && q.activeVersion ? (q as QuotationDto) : null;
  const versionId = typeof s.quotationVersionId === 'string' ? s.quotationVersionId : null;
  return { quotation, versionId };
};

/** Why a quotation cannot be rejected now, in the server's words (decision 0016), or null when it can. */
const undecidable = (q: QuotationDto) => {
  if (mayDecide(q)) return null;
  if (q.activeVersion.status === 'Rejected') return REJECTION_MESSAGES.alreadyRejected;
  if (!q.isDeleted && !mayBeSent(q.activeVersion)) return REJECTION_MESSAGES.awaitingReview;
  return REJECTION_MESSAGES.notDecidable;
};

const summaryOf = (q: QuotationDto, versionId: string): RejectedQuotation => {
  const v = q.versions.find((x) => x._id === versionId) ?? q.activeVersion;
  return {
    _id: q._id,
    quotationId: q.quotationId,
    versionNumber: v.versionNumber,
    title: v.title,
    customer: customerText(q.customer),
    total: v.totalPrice,
  };
};

/** A quotation that is no longer open: said plainly, with the way back to it. */
const NotRejectable = ({ q, message }: { q: QuotationDto; message: string }) => (
  <EmptyState message={message}>
    <Button component={Link} to={`/crm/quotations/${q._id}`} variant="light">
      Back to the quotation
    </Button>
  </EmptyState>
);

/**
 * /crm/quotations/:quotationId/rejection-analysis, where Reject leads: the quotation from the navigation
 * state while it is asked again by its id (so the address alone opens it too), 'Quotation not found' when
 * it does not exist; the version rejected is the one carried, else the quotation's active version.
 */
export const RejectionCreatePage = () => {
  const { quotationId = '' } = useParams();
  const { state } = useLocation();
  const carried = carriedRejection(state, quotationId);
  const query = useQuotationToReject(quotationId, carried.quotation);
  return (
    <RecordFormPage
      title="Create Rejection Analysis"
      maw={MAW}
      noun="quotation"
      query={query}
      notFoundText={REJECTION_MESSAGES.quotationNotFound}
      backTo={{ to: '/crm/quotations', label: 'Back to quotations' }}
    >
      {(q) => {
        const why = undecidable(q);
        if (why) return <NotRejectable q={q} message={why} />;
        const versionId = carried.versionId ?? q.activeVersion._id;
        return (
          <RejectionForm
            key={`${q._id}:${versionId}`}
            mode="create"
            target={{ quotation: q._id, quotationVersionId: versionId }}
            quotation={summaryOf(q, versionId)}
          />
        );
      }}
    </RecordFormPage>
  );
};

/** The quotation a saved analysis rejected, as its form shows it. */
const analysedQuotation = (a: RejectionAnalysisDto): RejectedQuotation | null =>
  a.quotation && {
    _id: a.quotation._id,
    quotationId: a.quotation.quotationId,
    versionNumber: a.quotation.versionNumber,
    title: a.quotation.title,
    customer: customerText(a.customer),
    total: a.quotedAmount,
  };

/** /admin/rejection-analysis/:id/update: the same form, filled from the analysis ('Rejection Analysis not found'). */
export const RejectionUpdatePage = () => (
  <UpdateFormPage
    title="Update Rejection Analysis"
    maw={MAW}
    noun="rejection analysis"
    useRecord={useRejectionAnalysis}
    notFoundText={REJECTION_MESSAGES.notFound}
    backTo={{ to: REJECTIONS_PAGE, label: 'Back to rejection analyses' }}
  >
    {(a: RejectionAnalysisDto) => (
      <RejectionForm key={a._id} mode="update" analysis={a} quotation={analysedQuotation(a)} />
    )}
  </UpdateFormPage>
);
