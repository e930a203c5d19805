import type { VendorDto } from '@karya/domain';
import { Avatar, Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';

/** A vendor in the grid: image, name, contact details, rating; a badge when deleted. */
export const VendorCard = ({ vendor }: { vendor: VendorDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={vendor.name} h="100%">
    <Group wrap="nowrap" align="flex-start" gap="md">
      <Avatar src={vendor.image?.url} alt="" size={48} radius="md" name={vendor.name} color="initials" />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} lineClamp={2}>
            {vendor.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {vendor.isDeleted && (
              <Badge color="red" variant="light" size="sm">
                Deleted
              </Badge>
            )}
            {vendor.rating !== null && (
              <Badge color="yellow" variant="light" size="sm">
                <span aria-hidden>★ </span>
                {vendor.rating}
                <VisuallyHidden> of 5 rating</VisuallyHidden>
              </Badge>
            )}
          </Group>
        </Group>
        {vendor.contactPerson?.name && (
          <Text size="sm">
            {vendor.contactPerson.name}
            {vendor.contactPerson.designation ? `, ${vendor.contactPerson.designation}` : ''}
          </Text>
        )}
        {(vendor.phone || vendor.email) && (
          <Text size="sm" c="dimmed" truncate>
            {[vendor.phone, vendor.email].filter(Boolean).join(' · ')}
          </Text>
        )}
        {vendor.address && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {vendor.address}
          </Text>
        )}
      </Stack>
    </Group>
  </Card>
);
