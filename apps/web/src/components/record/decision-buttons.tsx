import { Button } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/**
 * Reject and Approve of something waiting for the user's decision (a correction, a leave), each named with
 * what it decides (`Approve: Ravi Kumar, 19/11/2026`) so a list of them reads right to a screen reader.
 * Approve is one tap (it spins while busy); Reject opens the caller's reason dialog.
 */
export const DecisionButtons = ({
  what,
  busy,
  onApprove,
  onReject,
}: {
  what: string;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) => (
  <>
    <Button
      size="xs"
      variant="default"
      leftSection={<IconX size={14} aria-hidden />}
      disabled={busy}
      onClick={onReject}
      aria-label={`Reject: ${what}`}
    >
      Reject
    </Button>
    <Button
      size="xs"
      color="green"
      leftSection={<IconCheck size={14} aria-hidden />}
      loading={busy}
      onClick={onApprove}
      aria-label={`Approve: ${what}`}
    >
      Approve
    </Button>
  </>
);
