import { MARGIN_TIER_LABELS, MARGIN_TIERS, type MarginDto } from '@karya/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';

const percent = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** A margin in the grid: name, active state, the six tiers. */
export const MarginCard = ({ margin }: { margin: MarginDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={margin.name} h="100%">
    <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
      <Text fw={600} lineClamp={2}>
        {margin.name}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {margin.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <Badge color={margin.isActive ? 'green' : 'gray'} variant="light" size="sm">
          {margin.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
    </Group>
    <Stack gap="xs">
      {margin.description && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {margin.description}
        </Text>
      )}
      <SimpleGrid cols={3} spacing={6} verticalSpacing={4} component="dl" m={0}>
        {MARGIN_TIERS.map((t) => (
          <div key={t}>
            <Text component="dt" size="xs" c="dimmed">
              {MARGIN_TIER_LABELS[t]}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0}>
              {percent(margin.margins[t])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  </Card>
);
