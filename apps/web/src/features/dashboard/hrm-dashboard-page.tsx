import {
  DATE_FORMAT,
  type HolidayDto,
  type HrmDashboard,
  type TaskDto,
  type TaskPriority,
  type TaskStatus,
} from '@karya/domain';
import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBeach,
  IconCalendarEvent,
  IconChecklist,
  IconChevronRight,
  IconFingerprint,
  IconUserCircle,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { queryKeys } from '../../lib/query-keys';
import { AttendanceCards } from './attendance-cards';
import { DashboardFrame, formatDate, StatCard, useDashboardQuery } from './dashboard-widgets';
import { ExpenseCards } from './expense-cards';
import { LeaveCards } from './leave-cards';

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';

/** Cosmetic colours (spec 2 §9: task badge colours are cosmetic). */
const PRIORITY_COLORS: Record<TaskPriority, string> = { Low: 'gray', Medium: 'yellow', High: 'red' };
const STATUS_COLORS: Record<TaskStatus, string> = {
  Scheduled: 'blue',
  Pending: 'orange',
  'In Progress': 'cyan',
  'Re-Scheduled': 'grape',
  Completed: 'green',
  Cancelled: 'gray',
};

type QuickLink = {
  label: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  allowed: boolean;
};

/** A titled card on the dashboard, a labelled region for screen readers. */
const Panel = ({
  id,
  title,
  icon: Icon,
  color,
  children,
}: {
  id: string;
  title: string;
  icon: ComponentType<{ size?: number }>;
  color?: string;
  children: ReactNode;
}) => (
  <Paper
    withBorder
    p="md"
    radius="md"
    component="section"
    aria-labelledby={id}
    style={color ? { borderLeft: `4px solid var(--mantine-color-${color}-6)` } : undefined}
  >
    <Group gap="xs" mb="sm" wrap="nowrap">
      <ThemeIcon variant="light" color={color} size={28} radius="md">
        <Icon size={16} />
      </ThemeIcon>
      <Title order={3} size="h5" id={id} c={color ? `${color}.9` : undefined}>
        {title}
      </Title>
    </Group>
    {children}
  </Paper>
);

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" ta="center" py="md">
    {children}
  </Text>
);

/** A list without bullets. */
const PlainList = ({ children }: { children: ReactNode }) => (
  <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
    {children}
  </Stack>
);

const TaskItem = ({ task }: { task: TaskDto }) => (
  <li>
    <Anchor component={Link} to={`/hrm/tasks/${task._id}`} fw={600} size="sm" lineClamp={2}>
      {task.title}
    </Anchor>
    <Group gap="xs" mt={4} wrap="wrap">
      <Text size="xs" c="dimmed">
        {task.deadline ? 'Deadline' : 'Date'}: {formatDate(task.deadline ?? task.date)}
      </Text>
      <Badge size="sm" variant="light" color={PRIORITY_COLORS[task.priority] ?? 'gray'}>
        {task.priority}
      </Badge>
      <Badge size="sm" variant="outline" color={STATUS_COLORS[task.status] ?? 'gray'}>
        {task.status}
      </Badge>
    </Group>
  </li>
);

const TaskPanel = ({
  id,
  title,
  tasks,
  empty,
  color,
  icon,
}: {
  id: string;
  title: string;
  tasks: TaskDto[];
  empty: string;
  color?: string;
  icon: ComponentType<{ size?: number }>;
}) => (
  <Panel id={id} title={title} color={color} icon={icon}>
    {tasks.length === 0 ? (
      <Empty>{empty}</Empty>
    ) : (
      <PlainList>
        {tasks.map((t) => (
          <TaskItem key={t._id} task={t} />
        ))}
      </PlainList>
    )}
  </Panel>
);

/** National holidays are region IN; the Odisha state ones region OD. */
const holidayLabel = (h: HolidayDto) =>
  h.region === 'IN' || (h.kind === 'National' && h.region !== 'OD')
    ? 'National'
    : h.region === 'OD'
      ? 'Odisha'
      : h.region;

const HolidayItem = ({ holiday }: { holiday: HolidayDto }) => {
  const label = holidayLabel(holiday);
  const day = dayjs(holiday.date);
  return (
    <li>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {holiday.name}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={holiday.date}>
              {formatDate(holiday.date)}
              {day.isValid() ? `, ${day.format('dddd')}` : ''}
            </time>
          </Text>
        </div>
        <Badge
          size="sm"
          variant="light"
          color={label === 'National' ? 'blue' : 'orange'}
          style={{ flexShrink: 0 }}
        >
          {label}
        </Badge>
      </Group>
    </li>
  );
};

/**
 * HRM dashboard (GET /hrm/dashboard). The original showed hard-coded sample tasks and notifications and an
 * external holiday calendar frame (spec 1 §2); here everything is real: the user's own open tasks (overdue
 * and upcoming, only with read on task) and the coming national and Odisha holidays.
 */
export const HrmDashboardPage = () => {
  const { user } = useAuth();
  const { can } = useCan();
  const query = useDashboardQuery<HrmDashboard>(queryKeys.dashboards.hrm, '/hrm/dashboard');
  const now = dayjs();
  const firstName = user?.name.split(' ')[0] ?? '';
  const canReadTasks = can('task', 'read');
  const links: QuickLink[] = [
    {
      label: 'My profile',
      description: 'Personal details, contacts and activity',
      to: '/hrm/profile',
      icon: IconUserCircle,
      allowed: can('profile', 'read'),
    },
    {
      label: 'Attendance',
      description: 'Check in and out, and your month',
      to: '/hrm/attendances',
      icon: IconFingerprint,
      allowed: can('attendance', 'read'),
    },
    {
      label: 'Tasks',
      description: 'Work assigned to you',
      to: '/hrm/tasks',
      icon: IconChecklist,
      allowed: canReadTasks,
    },
  ];
  const visibleLinks = links.filter((l) => l.allowed);

  const intro = (
    <Stack gap="lg" mb="lg">
      <Paper p={{ base: 'md', sm: 'xl' }} radius="md" bg="karya.7" c="white">
        <Title order={2} size="h2">
          {greeting(now.hour())}, {firstName}
        </Title>
        <Text mt={4} opacity={0.9}>
          {now.format('dddd')}, {now.format(DATE_FORMAT)}
        </Text>
      </Paper>

      {visibleLinks.length > 0 && (
        <section aria-labelledby="quick-links">
          <Title order={2} size="h4" id="quick-links" mb="sm">
            Quick links
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {visibleLinks.map((l) => (
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
    </Stack>
  );

  return (
    <DashboardFrame title="HRM Dashboard" intro={intro} query={query}>
      {({ tasks, holidays, attendance, leave, expenses }) => (
        <>
          {(tasks.visible || attendance?.visible || leave?.visible || expenses?.visible) && (
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
              {attendance && <AttendanceCards attendance={attendance} />}
              {leave && <LeaveCards leave={leave} />}
              {expenses && <ExpenseCards expenses={expenses} />}
              {tasks.visible && (
                <StatCard
                  title="My open tasks"
                  icon={IconChecklist}
                  value={tasks.openCount}
                  action={
                    canReadTasks && (
                      <Anchor component={Link} to="/hrm/tasks" size="sm">
                        View all tasks
                      </Anchor>
                    )
                  }
                />
              )}
            </SimpleGrid>
          )}
          <SimpleGrid cols={tasks.visible ? { base: 1, md: 2, lg: 3 } : { base: 1, md: 2 }}>
            {tasks.visible && (
              <TaskPanel
                id="overdue-tasks"
                title="Overdue tasks"
                tasks={tasks.overdue}
                empty="No overdue tasks"
                color="red"
                icon={IconAlertTriangle}
              />
            )}
            {tasks.visible && (
              <TaskPanel
                id="upcoming-tasks"
                title="Upcoming tasks"
                tasks={tasks.upcoming}
                empty="No upcoming tasks"
                icon={IconCalendarEvent}
              />
            )}
            <Panel id="holidays" title="Holidays" icon={IconBeach}>
              {holidays.length === 0 ? (
                <Empty>No upcoming holidays</Empty>
              ) : (
                <PlainList>
                  {holidays.map((h) => (
                    <HolidayItem key={h._id} holiday={h} />
                  ))}
                </PlainList>
              )}
            </Panel>
          </SimpleGrid>
        </>
      )}
    </DashboardFrame>
  );
};
