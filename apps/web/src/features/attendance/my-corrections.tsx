import type { CorrectionDto } from '@karya/domain';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ErrorState } from '../../components/list/list-states';
import { messageOf } from '../../lib/notify';
import { shortDate, timeOf } from './attendance-format';
import { CORRECTION_COLORS, kindLabel } from './corrections-api';

/** A correction's status as a badge: Pending orange, Approved green, Rejected red. */
export const CorrectionBadge = ({ status }: { status: CorrectionDto['status'] }) => (
  <Badge
    component="span"
    size="sm"
    variant="light"
    color={CORRECTION_COLORS[status]}
    style={{ flexShrink: 0 }}
  >
    {status}
  </Badge>
);

/** Who decided, and why (a rejection always says why). */
const decisionText = (c: CorrectionDto) => {
  if (c.status === 'Pending') return null;
  const by = c.decidedBy ? ` by ${c.decidedBy.name}` : '';
  return `${c.status}${by}${c.decisionReason ? `: ${c.decisionReason}` : ''}`;
};

const Row = ({ c }: { c: CorrectionDto }) => {
  const decision = decisionText(c);
  return (
    <li
      style={{
        padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {shortDate(c.date)} · {kindLabel(c.kind)} at {timeOf(c.at)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.reason}
          </Text>
          {decision && (
            <Text
              size="xs"
              c={c.status === 'Rejected' ? 'red.8' : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {decision}
            </Text>
          )}
        </Stack>
        <CorrectionBadge status={c.status} />
      </Group>
    </li>
  );
};

/**
 * My corrections, below the calendar of the user's own month: their requests still waiting or decided in
 * the last 31 days, with the decision and its reason. Hidden when there are none.
 */
export const MyCorrections = ({
  corrections,
  loading,
  error,
  onRetry,
}: {
  corrections: CorrectionDto[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) => {
  const headingId = useId();
  if (loading)
    return (
      <Skeleton height={56} radius="md" role="status" aria-busy="true" aria-label="Loading corrections" />
    );
  if (error && !corrections.length)
    return <ErrorState message={`My corrections: ${messageOf(error)}`} onRetry={onRetry} />;
  if (!corrections.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        My corrections
      </Title>
      <Paper withBorder radius="md">
        <Stack
          component="ul"
          gap={0}
          aria-labelledby={headingId}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {corrections.map((c) => (
            <Row key={c._id} c={c} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
};
