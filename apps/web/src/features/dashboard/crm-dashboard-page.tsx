import {
  type CrmDashboard,
  type FollowUpSummary,
  formatCustomerId,
  formatFollowUpId,
  UPCOMING_FOLLOW_UP_DAYS,
} from '@karya/domain';
import { Anchor, Badge, SimpleGrid } from '@mantine/core';
import { IconClipboardList, IconMessages, IconPackage, IconUsers } from '@tabler/icons-react';
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
    cell: (f) => (
      <Anchor component={Link} to={`/crm/follow-ups/${f._id}`} size="sm">
        {formatFollowUpId(f.followUpId)}
      </Anchor>
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
      name: `${i === 0 ? 'Today, ' : ''}${weekday} ${day} ${MONTHS[m - 1]}`,
      value: d.count,
      highlight: i === 0,
    };
  });

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
                stats: [
                  { label: 'Upcoming', value: d.followUps.upcoming },
                  { label: 'Overdue', value: d.followUps.overdue },
                  { label: 'Due today', value: d.followUps.dueToday },
                ],
              },
              {
                title: 'Requirements',
                icon: IconClipboardList,
                value: d.requirements.total,
                stats: [
                  { label: 'New this week', value: d.requirements.newRequirements },
                  { label: 'Not started', value: d.requirements.new },
                  { label: 'Open', value: d.requirements.open },
                  { label: 'Closed', value: d.requirements.closed },
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
              title="Follow-ups in the next two weeks"
              unit={['follow-up', 'follow-ups']}
              bars={dayBars(d.followUps.perDay)}
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
