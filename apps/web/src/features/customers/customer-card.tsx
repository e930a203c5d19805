import { type CustomerDto, formatCustomerId } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { organizationLine, placeLine, VerifiedBadge } from './customer-display';

/**
 * A customer in the grid: 'CI0012 · name', type and verified badges, the organisation, place, phone and
 * e-mail; a badge when deleted.
 */
export const CustomerCard = ({ customer: c }: { customer: CustomerDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={c.name} h="100%">
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {formatCustomerId(c.customerId)}
      </Text>
      <Text fw={600} lineClamp={3} style={{ overflowWrap: 'break-word' }}>
        {c.name}
      </Text>
      <Group gap={4} wrap="wrap">
        {c.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <Badge variant="light" color="gray" size="sm">
          {c.type}
        </Badge>
        <VerifiedBadge verified={c.verified} />
      </Group>
      {c.organization && (
        <CardLine label="Org" labelWidth={56}>
          {organizationLine(c)}
        </CardLine>
      )}
      <CardLine label="Place" labelWidth={56}>
        {placeLine(c.address) ?? '-'}
      </CardLine>
      <CardLine label="Phone" labelWidth={56}>
        {c.phone ?? '-'}
      </CardLine>
      <CardLine label="Email" labelWidth={56}>
        {c.email ?? '-'}
      </CardLine>
    </Stack>
  </Card>
);
