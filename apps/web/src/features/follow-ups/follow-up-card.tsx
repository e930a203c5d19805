import { type FollowUpDto, formatFollowUpId } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { FollowUpStatusBadge, peopleOf, reasonText, whenText } from './follow-up-display';

/**
 * A follow-up in the grid: 'FI0012 · Call', the customer, when, the next follow-up planned, the reason, who;
 * a badge when deleted.
 */
export const FollowUpCard = ({ followUp: f }: { followUp: FollowUpDto }) => (
  <Card
    withBorder
    padding="md"
    radius="md"
    component="article"
    aria-label={`${formatFollowUpId(f.followUpId)} ${f.customer?.name ?? ''}`}
    h="100%"
  >
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {formatFollowUpId(f.followUpId)} · {f.type}
      </Text>
      <Text fw={600} lineClamp={2} style={{ overflowWrap: 'break-word' }}>
        {f.customer?.name ?? '-'}
      </Text>
      <Group gap={4} wrap="wrap">
        {f.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <FollowUpStatusBadge status={f.status} />
      </Group>
      <CardLine label="When" labelWidth={64}>
        {whenText(f)}
      </CardLine>
      {/* The planned next contact: what the Overdue / Due today / Upcoming chips list a Completed one for. */}
      {f.nextFollowUp?.date && (
        <CardLine label="Next" labelWidth={64}>
          {`${f.nextFollowUp.type ?? ''} ${whenText({ date: f.nextFollowUp.date, time: f.nextFollowUp.time ?? '' })}`.trim()}
        </CardLine>
      )}
      <CardLine label="Reason" labelWidth={64}>
        {reasonText(f)}
      </CardLine>
      <CardLine label={f.type === 'Visit' ? 'Visitors' : 'By'} labelWidth={64}>
        {peopleOf(f)
          .map((u) => u.name)
          .join(', ') || '-'}
      </CardLine>
    </Stack>
  </Card>
);
