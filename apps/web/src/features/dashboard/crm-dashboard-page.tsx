import {
  type CrmDashboard,
  type FollowUpDue,
  type FollowUpSummary,
  formatCustomerId,
  formatFollowUpId,
  UPCOMING_FOLLOW_UP_DAYS,
} from '@karya/domain';
import { Anchor, Badge, SimpleGrid, Text } from '@mantine/core';
import {
  IconClipboardList,
  IconFileInvoice,
  IconMessages,
  IconPackage,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { queryKeys } from '../../lib/query-keys';
import { type Bar, BarChart } from './bar-chart';
import {
  type Column,
  DashboardFrame,
  DashboardTable,
  formatDate,
  StatGrid,
  useDashboardQuery,
} from './dashboard-widgets';

export const FOLLOW_UPS_DUE_CHART = `Follow-ups due: overdue, today and the next ${UPCOMING_FOLLOW_UP_DAYS} days`;

const STATUS_COLOURS: Record<string, string> = {
  Scheduled: 'blue',
  Pending: 'yellow',
  Postponed: 'orange',
  Completed: 'green',
  Cancelled: 'gray',
};

const followUpColumns: Column<FollowUpSummary>[] = [
  {
    header: 'Follow-up',
    // A planned next follow-up is reached through the follow-up that planned it (its Create Next Follow Up).
    cell: (f) => (
      <>
        <Anchor component={Link} to={`/crm/follow-ups/${f._id}`} size="sm">
          {formatFollowUpId(f.followUpId)}
        </Anchor>
        {f.planned && (
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {` · next ${f.type.toLowerCase()}`}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Customer',
    cell: (f) =>
      f.customer ? (
        <Anchor component={Link} to={`/crm/customers/${f.customer._id}`} size="sm">
          {f.customer.name}
        </Anchor>
      ) : (
        '—'
      ),
  },
  { header: 'Reason', cell: (f) => f.reason },
  {
    header: 'Date',
    cell: (f) => <span style={{ whiteSpace: 'nowrap' }}>{`${formatDate(f.date)} ${f.time}`}</span>,
  },
  {
    header: 'Status',
    cell: (f) => (
      <Badge variant="light" color={STATUS_COLOURS[f.status] ?? 'gray'}>
        {f.status}
      </Badge>
    ),
  },
];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The chart's bars: the day of the month under each, its weekday's first two letters below that. */
export const dayBars = (perDay: CrmDashboard['followUps']['perDay']): Bar[] =>
  perDay.map((d, i) => {
    const [y, m, day] = d.date.split('-').map(Number) as [number, number, number];
    const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, day)).getUTCDay()] ?? '';
    return {
      key: d.date,
      label: String(day),
      sublabel: weekday.slice(0, 2),
      name: `${i === 0 ? 'Today (still ahead), ' : ''}${weekday} ${day} ${MONTHS[m - 1]}`,
      value: d.count,
      highlight: i === 0,
    };
  });

/**
 * The follow-ups chart: the overdue work first (red), then what is still ahead today and on each of the
 * next UPCOMING_FOLLOW_UP_DAYS days: the cards' Overdue, Due today and (the rest summed) Upcoming.
 */
export const dueBars = (f: CrmDashboard['followUps']): Bar[] => [
  { key: 'overdue', label: 'Over', sublabel: 'due', name: 'Overdue', value: f.overdue, alert: true },
  ...dayBars(f.perDay),
];

/** The follow-up list filtered by one of the due chips (navigation state, follow-up-chips.tsx). */
const dueList = (due: FollowUpDue) => ({ to: '/crm/follow-ups', state: { due } });

/** GET /crm/dashboard (spec 1 §2 Dashboards), with the follow-up queue and two charts (decision 0010). */
export const CrmDashboardPage = () => {
  const query = useDashboardQuery<CrmDashboard>(queryKeys.dashboards.crm, '/crm/dashboard');
  return (
    <DashboardFrame title="CRM Dashboard" query={query}>
      {(d) => (
        <>
          <StatGrid
            cards={[
              {
                title: 'Customers',
                icon: IconUsers,
                value: d.customers.total,
                stats: [{ label: 'New this week', value: d.customers.new }],
              },
              {
                title: 'Follow-ups',
                icon: IconMessages,
                value: d.followUps.total,
                // One rule for all three (follow-up-due.ts), never overlapping; each opens its list chip.
                stats: [
                  { label: 'Overdue', value: d.followUps.overdue, ...dueList('Overdue') },
                  { label: 'Due today', value: d.followUps.dueToday, ...dueList('Due today') },
                  {
                    label: `Upcoming (next ${UPCOMING_FOLLOW_UP_DAYS} days)`,
                    value: d.followUps.upcoming,
                    ...dueList('Upcoming'),
                  },
                ],
              },
              {
                title: 'Requirements',
                icon: IconClipboardList,
                value: d.requirements.total,
                stats: [
                  { label: 'New this week', value: d.requirements.newRequirements },
                  // The statuses as the chart beside names them: `open` is Open + In Progress.
                  { label: 'Open', value: d.requirements.new },
                  { label: 'In progress', value: d.requirements.open - d.requirements.new },
                  { label: 'Completed or closed', value: d.requirements.closed },
                ],
              },
              {
                title: 'Quotations',
                icon: IconFileInvoice,
                value: d.quotations.total,
                stats: [
                  { label: 'New this week', value: d.quotations.new },
                  { label: 'Draft', value: d.quotations.draft },
                  { label: 'Waiting for review', value: d.quotations.pendingReview },
                  { label: 'Approved', value: d.quotations.approved },
                  { label: 'Rejected', value: d.quotations.rejected },
                ],
              },
              {
                title: 'Product items',
                icon: IconPackage,
                value: d.productItems.totalCount,
                stats: [
                  { label: 'Verified', value: d.productItems.verifiedCount },
                  { label: 'Unverified', value: d.productItems.unverifiedCount },
                ],
              },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BarChart
              title={FOLLOW_UPS_DUE_CHART}
              unit={['follow-up', 'follow-ups']}
              bars={dueBars(d.followUps)}
            />
            <BarChart
              title="Requirements by status"
              unit={['requirement', 'requirements']}
              bars={d.requirements.byStatus.map((s) => ({
                key: s.status,
                label: s.status,
                name: s.status,
                value: s.count,
              }))}
            />
          </SimpleGrid>
          <DashboardTable
            title="New customers this week"
            rows={d.customers.newCustomers}
            rowKey={(c) => c._id}
            columns={[
              {
                header: 'Customer ID',
                cell: (c) => (
                  <Anchor component={Link} to={`/crm/customers/${c._id}`} size="sm">
                    {formatCustomerId(c.customerId)}
                  </Anchor>
                ),
              },
              { header: 'Name', cell: (c) => c.name },
              { header: 'Type', cell: (c) => c.type },
              { header: 'Email', cell: (c) => c.email ?? '—' },
            ]}
          />
          {/* Full width each: five columns with a customer's name need the room. */}
          <DashboardTable
            title={`Upcoming follow-ups (next ${UPCOMING_FOLLOW_UP_DAYS} days)`}
            rows={d.followUps.upcomingFollowUps}
            rowKey={(f) => f._id}
            columns={followUpColumns}
          />
          <DashboardTable
            title="No-response follow-ups"
            rows={d.followUps.noResponseFollowUps}
            rowKey={(f) => f._id}
            columns={followUpColumns}
          />
        </>
      )}
    </DashboardFrame>
  );
};
