import { QUOTATION_MESSAGES, type QuotationDto } from '@karya/domain';
import { Accordion, List, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { DetailSection } from '../../components/form/detail-section';
import { ErrorState } from '../../components/list/list-states';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { formatDate, formatTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { messageOf } from '../../lib/notify';
import {
  QUOTATIONS_PAGE,
  quotationKeys,
  useQuotation,
  useQuotationFollowUps,
  useQuotationLifecycle,
} from './api';
import { QuotationActionsMenu } from './detail-actions-menu';
import { AdditionalDetails, QuotationSummary, VersionLines } from './detail-sections';
import { VersionCompare } from './version-compare';
import { VersionHistory } from './version-history';

/** The Follow Ups section's list, asked when the section opens (spec 3 §2). */
const FollowUps = ({ id }: { id: string }) => {
  const followUps = useQuotationFollowUps(id, true);
  if (followUps.isPending) return <Loader size="sm" role="status" aria-label="Loading Follow Ups" />;
  if (followUps.isError)
    return <ErrorState message={messageOf(followUps.error)} onRetry={() => void followUps.refetch()} />;
  if (followUps.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {QUOTATION_MESSAGES.noFollowUps}
      </Text>
    );
  return (
    <List size="sm" spacing={4}>
      {followUps.data.map((f) => (
        <List.Item key={f._id}>
          <RecordLink to={`/crm/follow-ups/${f._id}`} size="sm">
            {[
              f.followUpId ? `FI${String(f.followUpId).padStart(4, '0')}` : 'Follow-up',
              f.type,
              f.date ? formatDate(f.date) : null,
              f.time ? formatTime(f.time) : null,
              f.status,
            ]
              .filter(Boolean)
              .join(' · ')}
          </RecordLink>
        </List.Item>
      ))}
    </List>
  );
};

/**
 * The sections of one quotation (spec 3 §2): summary, Items Receipt (the active version's frozen lines),
 * Additional Details, the Quotation History, Compare versions and, loaded when opened, the Follow Ups.
 */
export const QuotationDetails = ({ quotation: q }: { quotation: QuotationDto }) => {
  const { can } = useCan();
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <>
      <QuotationSummary quotation={q} />
      <DetailSection title="Items Receipt" id="quotation-items">
        <VersionLines version={q.activeVersion} labelledBy="quotation-items" />
      </DetailSection>
      <AdditionalDetails quotation={q} />
      <DetailSection title="Quotation History" id="quotation-history">
        <VersionHistory quotation={q} canActivate={can('quotation', 'update')} />
      </DetailSection>
      <Accordion multiple variant="contained" value={opened} onChange={setOpened}>
        {q.versions.length > 1 && (
          <Accordion.Item value="compare">
            <Accordion.Control>Compare versions</Accordion.Control>
            <Accordion.Panel>
              {opened.includes('compare') && (
                <VersionCompare
                  quotationId={q.quotationId}
                  versions={q.versions}
                  activeId={q.activeVersion._id}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {can('follow-up', 'read') && (
          <Accordion.Item value="follow-ups">
            <Accordion.Control>Follow Ups</Accordion.Control>
            <Accordion.Panel>{opened.includes('follow-ups') && <FollowUps id={q._id} />}</Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </>
  );
};

/**
 * /crm/quotations/:id (spec 3 §2, §4): the sections, the Actions menu, History; 'Quotation not found'
 * when it does not exist (or is outside the caller's scope).
 */
export const QuotationDetailPage = () => {
  const { id = '' } = useParams();
  const quotation = useQuotation(id);
  // The lifecycle handlers go to the Actions menu (spec 3 §2) rather than the frame's buttons.
  const actions = useDetailActions({
    resource: 'quotation',
    id,
    lifecycle: useQuotationLifecycle(),
    listPath: QUOTATIONS_PAGE,
  });
  return (
    <DetailFrame<QuotationDto>
      title="Quotation Details"
      recordName={(q) => q.activeVersion.title}
      noun="quotation"
      query={quotation}
      notFoundText={QUOTATION_MESSAGES.notFound}
      backTo={{ to: QUOTATIONS_PAGE, label: 'Back to quotations' }}
      extraActions={(q) => <QuotationActionsMenu quotation={q} lifecycle={actions} />}
      showStamps={false}
      history={{
        path: `/crm/quotations/${id}/history`,
        queryKey: [...quotationKeys.detail(id), 'history'],
      }}
    >
      {(q) => <QuotationDetails quotation={q} />}
    </DetailFrame>
  );
};
