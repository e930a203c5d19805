import type { CorrectionDto } from '@karya/domain';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../components/list/list-states';
import { DecisionButtons } from '../../components/record/decision-buttons';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf, withLoadingToast } from '../../lib/notify';
import { attendanceKeys } from './api';
import { longDate, timeOf } from './attendance-format';
import { decideCorrection, kindLabel, useCorrections, useKeepers } from './corrections-api';

// The reject form (with zod and the schema) is its own chunk, loaded the first time it opens.
const RejectCorrectionDialog = lazyPanel(() =>
  import('./correction-dialogs').then((m) => m.RejectCorrectionDialog),
);

/** One request waiting: who, which day, what and when, why; Approve and Reject. A card at every width. */
const WaitingCard = ({
  c,
  busy,
  onApprove,
  onReject,
}: {
  c: CorrectionDto;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) => {
  const what = `${kindLabel(c.kind)} at ${timeOf(c.at)}`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`${c.user.name}, ${longDate(c.date)}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.user.name}
          </Text>
          <Text size="sm" c="dimmed">
            {longDate(c.date)}
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {what}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {c.reason}
        </Text>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <DecisionButtons
            what={`${c.user.name}, ${what}`}
            busy={busy}
            onApprove={onApprove}
            onReject={onReject}
          />
        </Group>
      </Stack>
    </Paper>
  );
};

/**
 * Waiting for you, in the Team view: the pending corrections the user may decide (a manager of the
 * person's team, or view-all; never their own). Approve in one click; Reject asks why. A decision adds the
 * punch (approved) and changes the month, so every attendance query refreshes after. Hidden when none.
 */
export const WaitingCorrections = () => {
  const client = useQueryClient();
  const query = useCorrections('Pending');
  const keeperFor = useKeepers();
  const [approving, setApproving] = useState<ReadonlySet<string>>(() => new Set());
  const [rejecting, setRejecting] = useState<CorrectionDto | null>(null);
  const [lastRejected, setLastRejected] = useState<CorrectionDto | null>(null);
  const headingId = useId();

  const approve = async (c: CorrectionDto) => {
    if (approving.has(c._id)) return;
    setApproving((s) => new Set([...s, c._id]));
    try {
      await withLoadingToast('Approving correction', () =>
        keeperFor(c._id).run((key) => decideCorrection(c._id, { decision: 'Approved' }, key)),
      );
      await client.invalidateQueries({ queryKey: attendanceKeys.all });
    } catch {
      // The toast said why; the list is asked again (someone else may have decided it).
      void query.refetch();
    } finally {
      setApproving((s) => new Set([...s].filter((id) => id !== c._id)));
    }
  };
  const reject = (c: CorrectionDto) => {
    setRejecting(c);
    setLastRejected(c);
  };

  const waiting = (query.data?.corrections ?? []).filter((c) => c.canDecide && c.status === 'Pending');
  const list = waiting.length ? (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Waiting for you ({waiting.length})
      </Title>
      <Text size="sm" c="dimmed">
        Corrections your team asked for. An approved one adds the check-in or check-out to their day.
      </Text>
      <Stack
        component="ul"
        gap="xs"
        aria-label="Corrections waiting for you"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {waiting.map((c) => (
          <WaitingCard
            key={c._id}
            c={c}
            busy={approving.has(c._id)}
            onApprove={() => void approve(c)}
            onReject={() => reject(c)}
          />
        ))}
      </Stack>
    </Stack>
  ) : null;
  return (
    <>
      {query.isLoading ? (
        <Skeleton height={72} radius="md" role="status" aria-busy="true" aria-label="Loading corrections" />
      ) : query.isError && !query.data ? (
        <ErrorState
          message={`Corrections waiting for you: ${messageOf(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      ) : (
        list
      )}
      {/* Outside the list: rejecting the last one closes the dialog with its transition. */}
      <RejectCorrectionDialog
        correction={rejecting ?? lastRejected}
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
      />
    </>
  );
};
