import { formatRequirementId, type RequirementDto } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { formatDate } from '../../components/record/format';
import { formatBudget, RequirementPriorityBadge, RequirementStatusBadge } from './requirement-display';

/** A requirement in the grid: 'RI0012', title, status and priority, customer, budget, purchase date. */
export const RequirementCard = ({ requirement: r }: { requirement: RequirementDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={r.title} h="100%">
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {formatRequirementId(r.requirementId)}
      </Text>
      <Text fw={600} lineClamp={3} style={{ overflowWrap: 'break-word' }}>
        {r.title}
      </Text>
      <Group gap={4} wrap="wrap">
        {r.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <RequirementStatusBadge status={r.status} size="sm" />
        <RequirementPriorityBadge priority={r.priority} size="sm" />
        <Badge variant="light" color="gray" size="sm" tt="none">
          {r.type}
        </Badge>
      </Group>
      <CardLine label="Customer" labelWidth={72}>
        {r.customer?.name ?? '-'}
      </CardLine>
      <CardLine label="Budget" labelWidth={72}>
        {formatBudget(r.budget) ?? '-'}
      </CardLine>
      <CardLine label="Purchase" labelWidth={72}>
        {r.purchaseDate ? formatDate(r.purchaseDate) : '-'}
      </CardLine>
    </Stack>
  </Card>
);
