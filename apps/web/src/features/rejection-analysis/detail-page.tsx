import { REJECTION_MESSAGES, REJECTION_RESOURCE, type RejectionAnalysisDto } from '@karya/domain';
import { Anchor, Badge, List, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { DetailSection } from '../../components/form/detail-section';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { REJECTIONS_PAGE, rejectionKeys, useRejectionAnalysis, useRejectionLifecycle } from './api';
import { customerText, offerVersusOurs, rejectedQuotationNumber, rupees } from './rejection-display';

/** Long text as written: its line breaks kept. */
const Prose = ({ text }: { text: string | null }) =>
  text ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      -
    </Text>
  );

/** The analysis's own sections: the quotation, why it was lost, to whom, what the customer said, who said it. */
const RejectionDetails = ({ analysis: r }: { analysis: RejectionAnalysisDto }) => {
  const number = rejectedQuotationNumber(r);
  return (
    <>
      <DetailSection title="Quotation" id="rejection-quotation">
        <FieldList
          items={[
            {
              label: 'Quotation',
              value: r.quotation ? (
                <RecordLink to={`/crm/quotations/${r.quotation._id}`}>{number}</RecordLink>
              ) : null,
            },
            { label: 'Title', value: r.quotation?.title },
            {
              label: 'Customer',
              value: r.customer ? (
                <RecordLink to={`/crm/customers/${r.customer._id}`}>{customerText(r.customer)}</RecordLink>
              ) : null,
            },
            { label: 'Our Quoted Amount', value: rupees(r.quotedAmount) },
          ]}
        />
      </DetailSection>
      <DetailSection title="Rejection" id="rejection-reasons">
        <Stack gap="sm">
          <FieldList items={[{ label: 'Rejection Date', value: formatDate(r.rejectionDate) }]} />
          <div>
            <Text size="xs" c="dimmed" fw={500} id="rejection-reason-list">
              Rejection Reasons
            </Text>
            <List size="sm" type="ordered" aria-labelledby="rejection-reason-list">
              {r.rejectionReasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              Detailed Reason
            </Text>
            <Prose text={r.detailedReason} />
          </div>
        </Stack>
      </DetailSection>
      <DetailSection title="Lost To" id="rejection-lost-to">
        <FieldList
          items={[
            {
              label: 'Lost To',
              value: (
                <Badge color={r.lostTo === 'Competitor' ? 'orange' : 'gray'} variant="light" tt="none">
                  {r.lostTo}
                </Badge>
              ),
            },
            { label: 'Competitor', value: r.competitor.name },
            { label: "Competitor's Offered Amount", value: rupees(r.competitor.offeredAmount) },
            { label: 'Offered vs Quoted', value: offerVersusOurs(r) },
          ]}
        />
      </DetailSection>
      <DetailSection title="Customer Feedback" id="rejection-feedback">
        <Prose text={r.customerFeedback} />
      </DetailSection>
      <DetailSection title="Rejected By" id="rejection-person">
        <FieldList
          items={[
            { label: 'Name', value: r.rejectedPerson.name },
            { label: 'Designation', value: r.rejectedPerson.designation },
            {
              label: 'Email',
              value: r.rejectedPerson.email ? (
                <Anchor href={`mailto:${r.rejectedPerson.email}`}>{r.rejectedPerson.email}</Anchor>
              ) : null,
            },
            {
              label: 'Phone',
              value: r.rejectedPerson.phone ? (
                <Anchor href={`tel:${r.rejectedPerson.phone}`}>{r.rejectedPerson.phone}</Anchor>
              ) : null,
            },
          ]}
        />
      </DetailSection>
    </>
  );
};

/**
 * /admin/rejection-analysis/:id (spec 2 §2): the analysis, Update, Delete ('You can restore it later if
 * needed.'), and for a deleted one Restore and Delete Permanently, each by its permission (spec 2 §6), and
 * the History; 'Rejection Analysis not found' when it does not exist.
 */
export const RejectionDetailPage = () => {
  const { id = '' } = useParams();
  const analysis = useRejectionAnalysis(id);
  const actions = useDetailActions({
    resource: REJECTION_RESOURCE,
    id,
    lifecycle: useRejectionLifecycle(),
    listPath: REJECTIONS_PAGE,
  });
  return (
    <DetailFrame<RejectionAnalysisDto>
      title="Rejection Analysis Details"
      recordName={(r) => `Rejection of ${rejectedQuotationNumber(r) ?? 'a quotation'}`}
      noun="rejection analysis"
      query={analysis}
      notFoundText={REJECTION_MESSAGES.notFound}
      backTo={{ to: REJECTIONS_PAGE, label: 'Back to rejection analyses' }}
      {...actions}
      updateTo="update"
      history={{
        path: `/crm/rejection-analysis/${id}/history`,
        queryKey: [...rejectionKeys.detail(id), 'history'],
      }}
    >
      {(r) => <RejectionDetails analysis={r} />}
    </DetailFrame>
  );
};
