import { DATE_FORMAT, MESSAGES } from '@karya/domain';
import { Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconChevronRight, IconUserCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useAuth, useCan } from '../../app/auth';

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';

type QuickLink = {
  label: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  allowed: boolean;
};

/**
 * HRM dashboard. The original showed hard-coded sample tasks and an external holiday calendar; here it
 * shows only real things: a greeting, links the user may open, and an honest empty task list until the HR
 * tasks module exists (decided).
 */
export const HrmDashboardPage = () => {
  const { user } = useAuth();
  const { can } = useCan();
  const now = dayjs();
  const firstName = user?.name.split(' ')[0] ?? '';
  const links: QuickLink[] = [
    {
      label: 'My profile',
      description: 'Personal details, contacts and activity',
      to: '/hrm/profile',
      icon: IconUserCircle,
      allowed: can('profile', 'read'),
    },
    {
      label: 'Tasks',
      description: 'Work assigned to you',
      to: '/hrm/tasks',
      icon: IconChecklist,
      allowed: can('task', 'read'),
    },
  ];
  const visible = links.filter((l) => l.allowed);

  return (
    <Stack gap="lg">
      <Paper p={{ base: 'md', sm: 'xl' }} radius="md" bg="karya.7" c="white">
        <Title order={1} size="h2">
          {greeting(now.hour())}, {firstName}
        </Title>
        <Text mt={4} opacity={0.9}>
          {now.format('dddd')}, {now.format(DATE_FORMAT)}
        </Text>
      </Paper>

      {visible.length > 0 && (
        <section aria-labelledby="quick-links">
          <Title order={2} size="h4" id="quick-links" mb="sm">
            Quick links
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {visible.map((l) => (
              <Card key={l.to} component={Link} to={l.to} withBorder radius="md" padding="md">
                <Group wrap="nowrap" justify="space-between">
                  <Group wrap="nowrap">
                    <ThemeIcon variant="light" size={40} radius="md">
                      <l.icon size={22} />
                    </ThemeIcon>
                    <div>
                      <Text fw={600}>{l.label}</Text>
                      <Text size="sm" c="dimmed">
                        {l.description}
                      </Text>
                    </div>
                  </Group>
                  <IconChevronRight size={18} aria-hidden />
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}

      {can('task', 'read') && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-tasks">
          <Title order={2} size="h4" id="my-tasks" mb="sm">
            My tasks
          </Title>
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {MESSAGES.noData}
          </Text>
        </Paper>
      )}
    </Stack>
  );
};
