import { formatProjectId, type ProjectListDto } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { formatDate, rupees } from '../../components/record/format';
import { projectCustomerText } from './project-columns';
import { ProjectStatusBadge } from './project-display';

/** A project in the grid: 'PI000012', title, status, customer, total price and created date. */
export const ProjectCard = ({ project: p }: { project: ProjectListDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={p.title} h="100%">
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {formatProjectId(p.projectId, 6)}
      </Text>
      <Text fw={600} lineClamp={3} style={{ overflowWrap: 'break-word' }}>
        {p.title}
      </Text>
      <Group gap={4} wrap="wrap">
        {p.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <ProjectStatusBadge status={p.status} size="sm" />
      </Group>
      <CardLine label="Customer" labelWidth={80}>
        {projectCustomerText(p) ?? '-'}
      </CardLine>
      <CardLine label="Total" labelWidth={80}>
        {rupees(p.totalPrice)}
      </CardLine>
      <CardLine label="Created" labelWidth={80}>
        {formatDate(p.createdAt)}
      </CardLine>
    </Stack>
  </Card>
);
