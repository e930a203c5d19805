import { LEAVE_MESSAGES, LEAVE_TYPE_INFO, type LeaveDto } from '@karya/domain';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconBan, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDateTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { lazyPanel } from '../../lib/lazy-panel';
import { leaveHistoryPath, leaveKeys, useLeave } from './api';
import { daysText, dmy, HALF_TEXT, leaveDates } from './leave-format';
import { useApproveLeave } from './leave-item';
import { LeaveStatusBadge, LeaveTypeBadge } from './leave-widgets';

// The reject and cancel forms (with zod and the schemas) are their own chunk, loaded the first time one opens.
const RejectLeaveDialog = lazyPanel(() => import('./leave-dialogs').then((m) => m.RejectLeaveDialog));
const CancelLeaveDialog = lazyPanel(() => import('./leave-dialogs').then((m) => m.CancelLeaveDialog));

const Person = ({ user }: { user: { _id: string; name: string } | null }) =>
  user ? (
    <RecordLink to={`/admin/users/${user._id}`} size="sm">
      {user.name}
    </RecordLink>
  ) : null;

/** The fields of one leave: who, what, when, why, and its decision or cancellation. */
export const LeaveDetails = ({ leave: l }: { leave: LeaveDto }) => (
  <Card withBorder radius="md" padding="md">
    <Stack gap="md">
      <div>
        <Title order={3} size="h4" style={{ overflowWrap: 'break-word' }}>
          {l.user.name}: {LEAVE_TYPE_INFO[l.leaveType].label}
        </Title>
        <Group gap={6} mt={6}>
          <LeaveTypeBadge type={l.leaveType} />
          <LeaveStatusBadge status={l.status} />
        </Group>
      </div>
      <FieldList
        items={[
          { label: 'Person', value: <Person user={l.user} /> },
          { label: 'Type', value: LEAVE_TYPE_INFO[l.leaveType].label },
          { label: 'From', value: dmy(l.from) },
          { label: 'To', value: dmy(l.to) },
          ...(l.from === l.to ? [{ label: 'Day', value: l.half ? HALF_TEXT[l.half] : 'Full day' }] : []),
          { label: 'Days', value: daysText(l.days) },
          { label: 'Status', value: l.status },
          { label: 'Applied On', value: formatDateTime(l.createdAt) },
          { label: 'Reason', value: l.reason, wide: true },
          ...(l.decidedBy || l.decidedAt
            ? [
                { label: 'Decided By', value: <Person user={l.decidedBy} /> },
                { label: 'Decided On', value: formatDateTime(l.decidedAt) },
                { label: 'Decision Reason', value: l.decisionReason, wide: true },
              ]
            : []),
          ...(l.status === 'Cancelled'
            ? [
                { label: 'Cancelled By', value: <Person user={l.cancelledBy} /> },
                { label: 'Cancelled On', value: formatDateTime(l.cancelledAt) },
                { label: 'Cancel Reason', value: l.cancelReason, wide: true },
              ]
            : []),
          { label: 'Updated On', value: formatDateTime(l.updatedAt) },
        ]}
      />
    </Stack>
  </Card>
);

/**
 * /hrm/leaves/:id: 'Leave Details' with Approve and Reject (when the caller may decide it) and Cancel
 * leave (when they may cancel it), as the server says (`canDecide`, `canCancel`), and the history.
 */
export const LeaveDetailPage = () => {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useLeave(id);
  const { approving, approve } = useApproveLeave();
  const [dialog, setDialog] = useState<'reject' | 'cancel' | null>(null);
  const leave = query.data ?? null;

  const actions = (l: LeaveDto) => (
    <>
      {l.canDecide && l.status === 'Pending' && (
        <>
          <Button
            color="green"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={approving.has(l._id)}
            onClick={() => void approve(l)}
          >
            Approve
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={approving.has(l._id)}
            onClick={() => setDialog('reject')}
          >
            Reject
          </Button>
        </>
      )}
      {l.canCancel && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => setDialog('cancel')}
        >
          Cancel leave
        </Button>
      )}
    </>
  );

  return (
    <>
      <DetailFrame<LeaveDto>
        title="Leave Details"
        recordName={(l) => `${l.user.name}, ${leaveDates(l)}`}
        noun="leave"
        query={query}
        notFoundText={LEAVE_MESSAGES.notFound}
        backTo={{ to: '/hrm/leaves?view=all', label: 'Back to leave' }}
        extraActions={actions}
        showStamps={false}
        history={{ path: leaveHistoryPath(id), queryKey: [...leaveKeys.detail(id), 'history'] }}
      >
        {(l) => <LeaveDetails leave={l} />}
      </DetailFrame>
      <RejectLeaveDialog leave={leave} opened={dialog === 'reject'} onClose={() => setDialog(null)} />
      <CancelLeaveDialog
        leave={leave}
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        meId={user?._id}
      />
    </>
  );
};
