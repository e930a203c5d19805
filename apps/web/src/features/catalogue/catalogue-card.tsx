import { type CatalogueRecordDto, NO_DESCRIPTION } from '@karya/domain';
import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** A brand, category or class in the grid: image, name, description; a badge when deleted. */
export const CatalogueCard = ({ record }: { record: CatalogueRecordDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={record.name} h="100%">
    <Group wrap="nowrap" align="flex-start" gap="md">
      <Avatar src={record.image?.url} alt="" size={56} radius="md" color="gray">
        <IconPhoto size={24} aria-hidden />
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} lineClamp={2}>
            {record.name}
          </Text>
          {record.isDeleted && (
            <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
              Deleted
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {record.description || NO_DESCRIPTION}
        </Text>
      </Stack>
    </Group>
  </Card>
);
