import {
  FOLLOW_UP_MESSAGES,
  type FollowUpDto,
  formatFollowUpId,
  formatSequence,
  type UserRef,
} from '@karya/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter, IconRepeat, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailSection } from '../../components/form/detail-section';
import { EMPTY_VALUE } from '../../components/list/display';
import { useCanFinish } from '../../components/permissions/use-can-finish';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatDateTime, formatTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { lazyPanel } from '../../lib/lazy-panel';
import {
  FOLLOW_UP_CREATE_PATH,
  FOLLOW_UPS_PAGE,
  followUpKeys,
  useFollowUp,
  useFollowUpLifecycle,
} from './api';
import { FollowUpStatusBadge } from './follow-up-display';
import { nextFollowUpPrefill } from './follow-up-form-values';
import classes from './print.module.css';

// Claiming a visit's travel (zod and the expense schema) is a chunk of its own, loaded when first opened.
const VisitTravelDialog = lazyPanel(() =>
  import('../expenses/visit-travel-dialog').then((m) => m.VisitTravelDialog),
);

const Users = ({ users }: { users: readonly UserRef[] }) =>
  users.length === 0 ? (
    EMPTY_VALUE
  ) : (
    <Group gap="xs" component="span" wrap="wrap">
      {users.map((u) => (
        <RecordLink key={u._id} to={`/admin/users/${u._id}`} size="sm">
          {u.name}
        </RecordLink>
      ))}
    </Group>
  );

/** Spec 2 §2: Basic Information, Follow Up Details, Response (Remarks for visits), Next Follow Up Details, Additional Information. */
export const FollowUpDetails = ({ followUp: f }: { followUp: FollowUpDto }) => {
  const visit = f.type === 'Visit';
  const next = f.nextFollowUp;
  return (
    <Stack gap="md">
      <Text className={classes.printTitle} fw={700} size="lg">
        Follow Up {formatFollowUpId(f.followUpId)}
      </Text>
      <DetailSection title="Basic Information" id="follow-up-basic">
        <FieldList
          items={[
            { label: 'Follow Up ID', value: formatFollowUpId(f.followUpId) },
            {
              label: 'Customer',
              value: f.customer ? (
                <RecordLink to={`/crm/customers/${f.customer._id}`} size="sm">
                  {f.customer.name}
                </RecordLink>
              ) : null,
            },
            { label: 'Type', value: f.type },
            { label: 'Status', value: <FollowUpStatusBadge status={f.status} /> },
          ]}
        />
      </DetailSection>
      <DetailSection title="Follow Up Details" id="follow-up-details">
        <FieldList
          items={[
            { label: 'Date', value: formatDate(f.date) },
            { label: 'Time', value: formatTime(f.time) },
            { label: 'Reason', value: f.reason },
            ...(f.reason === 'Requirement'
              ? [
                  {
                    label: 'Requirement',
                    value: f.requirement ? (
                      <RecordLink to={`/crm/requirements/${f.requirement._id}`} size="sm">
                        {`${formatSequence('RI', f.requirement.requirementId, 4)} · ${f.requirement.title}`}
                      </RecordLink>
                    ) : null,
                  },
                ]
              : []),
            ...(f.reason === 'Quotation' || f.reason === 'Project'
              ? [
                  {
                    label: f.reason,
                    value: (f.reason === 'Quotation' ? f.quotation : f.project) ? (
                      <RecordLink
                        to={
                          f.reason === 'Quotation'
                            ? `/crm/quotations/${f.quotation}`
                            : `/crm/projects/${f.project}`
                        }
                        size="sm"
                      >
                        {`Open ${f.reason.toLowerCase()}`}
                      </RecordLink>
                    ) : null,
                  },
                ]
              : []),
            ...(f.reason === 'Other' ? [{ label: 'Other Reason', value: f.otherReason, wide: true }] : []),
            visit
              ? { label: 'Visitors', value: <Users users={f.visitors} />, wide: true }
              : { label: 'Follow Up By', value: <Users users={f.followUpBy ? [f.followUpBy] : []} /> },
          ]}
        />
      </DetailSection>
      <DetailSection title={visit ? 'Remarks' : 'Response'} id="follow-up-response">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
          {(visit ? f.remarks : f.response) || EMPTY_VALUE}
        </Text>
      </DetailSection>
      {next?.nextRequired && (
        <DetailSection title="Next Follow Up Details" id="follow-up-next">
          <FieldList
            items={[
              { label: 'Type', value: next.type },
              { label: 'Date', value: formatDate(next.date) },
              { label: 'Time', value: formatTime(next.time) },
              next.type === 'Visit'
                ? { label: 'Visitors', value: <Users users={next.visitors} />, wide: true }
                : {
                    label: 'Follow Up By',
                    value: <Users users={next.followUpBy ? [next.followUpBy] : []} />,
                  },
            ]}
          />
        </DetailSection>
      )}
      <DetailSection title="Additional Information" id="follow-up-additional">
        <FieldList
          items={[
            { label: 'Created By', value: f.createdBy?.name },
            { label: 'Created On', value: formatDateTime(f.createdAt) },
            { label: 'Updated By', value: f.updatedBy?.name },
            { label: 'Updated On', value: formatDateTime(f.updatedAt) },
          ]}
        />
      </DetailSection>
    </Stack>
  );
};

/**
 * /crm/follow-ups/:id: the follow-up with Print, Update, Delete and, when one is required, Create Next
 * Follow Up (the create form prefilled from the next-follow-up block); a deleted one offers Restore and
 * Delete Permanently only (spec 2 §4). A completed visit offers its visitor Claim travel for this visit
 * (create on expense; issue 28).
 */
export const FollowUpDetailPage = () => {
  const { id = '' } = useParams();
  const followUp = useFollowUp(id);
  const lifecycle = useFollowUpLifecycle();
  const { can, canFinish } = useCanFinish();
  const actions = useDetailActions({ resource: 'follow-up', id, lifecycle, listPath: FOLLOW_UPS_PAGE });
  const [claimingTravel, setClaimingTravel] = useState(false);
  const visit = followUp.data ?? null;
  const canClaimTravel =
    visit !== null &&
    !visit.isDeleted &&
    visit.type === 'Visit' &&
    visit.status === 'Completed' &&
    can('expense', 'create');
  return (
    <div className={classes.printArea}>
      <DetailFrame<FollowUpDto>
        title="Follow Up Details"
        recordName={(f) => `${formatFollowUpId(f.followUpId)} · ${f.customer?.name ?? ''}`}
        noun="follow-up"
        query={followUp}
        notFoundText={FOLLOW_UP_MESSAGES.notFound}
        backTo={{ to: FOLLOW_UPS_PAGE, label: 'Back to follow ups' }}
        {...actions}
        updateTo="update"
        showStamps={false}
        extraActions={(f) => {
          if (f.isDeleted) return null;
          const prefill = nextFollowUpPrefill(f);
          return (
            <>
              {can('follow-up', 'print') && (
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={16} aria-hidden />}
                  onClick={() => window.print()}
                >
                  Print
                </Button>
              )}
              {canClaimTravel && (
                <Button
                  variant="light"
                  leftSection={<IconRoute size={16} aria-hidden />}
                  onClick={() => setClaimingTravel(true)}
                >
                  Claim travel for this visit
                </Button>
              )}
              {prefill && canFinish('follow-up', 'create') && (
                <Button
                  variant="light"
                  component={Link}
                  to={FOLLOW_UP_CREATE_PATH}
                  state={prefill}
                  leftSection={<IconRepeat size={16} aria-hidden />}
                >
                  Create Next Follow Up
                </Button>
              )}
            </>
          );
        }}
        history={{ path: `/crm/follow-ups/${id}/history`, queryKey: [...followUpKeys.detail(id), 'history'] }}
      >
        {(f) => <FollowUpDetails followUp={f} />}
      </DetailFrame>
      {canClaimTravel && (
        <VisitTravelDialog
          opened={claimingTravel}
          onClose={() => setClaimingTravel(false)}
          followUp={visit._id}
          what={`Visit to ${visit.customer?.name ?? 'the customer'} on ${formatDate(visit.date)}`}
        />
      )}
    </div>
  );
};
