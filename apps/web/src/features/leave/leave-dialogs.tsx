// The reject and cancel dialogs: their own chunk (with zod and the schemas), loaded the first time one opens.
import { LEAVE_MESSAGES, type LeaveDto, leaveCancelSchema, leaveDecisionSchema } from '@karya/domain';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ReasonDialog } from '../../components/form/reason-dialog';
import { withLoadingToast } from '../../lib/notify';
import { useKeepers } from '../attendance/corrections-api';
import { cancelLeave, decideLeave, refreshAfterLeaveChange } from './api';
import { daysText, leaveDates, typeLabel } from './leave-format';

type DialogProps = {
  /** The leave acted on; kept while the dialog closes so its texts stay put. */
  leave: LeaveDto | null;
  opened: boolean;
  onClose: () => void;
  /** Runs after the server has answered the change (before the dialog closes). */
  onDone?: (leave: LeaveDto | null) => void;
};

/** Whose leave, which days and why: the line at the top of both dialogs. */
const Summary = ({ leave: l, own }: { leave: LeaveDto; own: boolean }) => (
  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
    {!own && <strong>{l.user.name}: </strong>}
    {typeLabel(l.leaveType)}, {leaveDates(l)} ({daysText(l.days)}). {l.reason}
  </Text>
);

/**
 * Reject a leave: the reason is required (the domain's leaveDecisionSchema and its message), then PATCH
 * …/decision; every leave query, attendance and the dashboard refresh after.
 */
export const RejectLeaveDialog = ({ leave: l, opened, onClose, onDone }: DialogProps) => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const check = (reason: string) => {
    const parsed = leaveDecisionSchema.safeParse({ decision: 'Rejected', reason });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? LEAVE_MESSAGES.rejectReasonRequired);
  };
  const send = async (reason: string) => {
    if (!l) return;
    const answer = await withLoadingToast('Rejecting leave', () =>
      keeperFor(`${l._id}:reject`).run((key) =>
        decideLeave(l._id, leaveDecisionSchema.parse({ decision: 'Rejected', reason }), key),
      ),
    );
    refreshAfterLeaveChange(client);
    onDone?.(answer.data ?? null);
  };
  return (
    <ReasonDialog
      opened={opened && l !== null}
      onClose={onClose}
      title="Reject leave"
      submitLabel="Reject"
      description="Shown to the person who applied"
      required
      check={check}
      send={send}
    >
      {l && <Summary leave={l} own={false} />}
    </ReasonDialog>
  );
};

/**
 * Cancel a leave (PATCH …/cancel): the reason is optional here; the server asks for one when a manager
 * cancels someone's leave or a leave that has started, and its message shows above the field. The days
 * return to the balance.
 */
export const CancelLeaveDialog = ({
  leave: l,
  opened,
  onClose,
  onDone,
  meId,
}: DialogProps & { meId: string | undefined }) => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const own = l?.user._id === meId;
  const check = (reason: string) => {
    const parsed = leaveCancelSchema.safeParse({ reason });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? LEAVE_MESSAGES.reasonTooLong);
  };
  const send = async (reason: string) => {
    if (!l) return;
    const trimmed = leaveCancelSchema.parse({ reason }).reason;
    const answer = await withLoadingToast('Cancelling leave', () =>
      keeperFor(`${l._id}:cancel`).run((key) => cancelLeave(l._id, trimmed ? { reason: trimmed } : {}, key)),
    );
    refreshAfterLeaveChange(client);
    onDone?.(answer.data ?? null);
  };
  return (
    <ReasonDialog
      opened={opened && l !== null}
      onClose={onClose}
      title="Cancel leave"
      submitLabel="Cancel leave"
      description={own ? 'Optional' : 'Needed when cancelling someone else’s leave; shown to them'}
      required={false}
      check={check}
      send={send}
    >
      {l && <Summary leave={l} own={own} />}
      <Text size="sm" c="dimmed">
        The days return to the balance.
      </Text>
    </ReasonDialog>
  );
};
