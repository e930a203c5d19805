import type { CrmDashboard } from '@karya/domain';
import { Badge, SimpleGrid } from '@mantine/core';
import { IconClipboardList, IconMessages, IconPackage, IconUsers } from '@tabler/icons-react';
import { queryKeys } from '../../lib/query-keys';
import {
  type Column,
  DashboardFrame,
  DashboardTable,
  formatDate,
  StatGrid,
  useDashboardQuery,
} from './dashboard-widgets';

type FollowUpRow = CrmDashboard['followUps']['upcomingFollowUps'][number];

const followUpColumns: Column<FollowUpRow>[] = [
  { header: 'Customer', cell: (f) => f.customer?.name ?? '—' },
  { header: 'Reason', cell: (f) => f.reason },
  { header: 'Date', cell: (f) => formatDate(f.date) },
  {
    header: 'Status',
    cell: (f) => (
      <Badge variant="light" color="gray">
        {f.status}
      </Badge>
    ),
  },
];

/** GET /crm/dashboard (spec 1 §2 Dashboards). */
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
                stats: [{ label: 'New', value: d.customers.new }],
              },
              {
                title: 'Follow-ups',
                icon: IconMessages,
                value: d.followUps.total,
                stats: [{ label: 'Upcoming', value: d.followUps.upcoming }],
              },
              {
                title: 'Requirements',
                icon: IconClipboardList,
                value: d.requirements.total,
                stats: [
                  { label: 'New', value: d.requirements.new },
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
          <DashboardTable
            title="New customers"
            rows={d.customers.newCustomers}
            rowKey={(c) => c.customerId}
            columns={[
              { header: 'Customer ID', cell: (c) => c.customerId },
              { header: 'Name', cell: (c) => c.name },
              { header: 'Type', cell: (c) => c.type },
              { header: 'Email', cell: (c) => c.email },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardTable
              title="Upcoming follow-ups"
              rows={d.followUps.upcomingFollowUps}
              rowKey={(f, i) => `${f.customer?._id ?? ''}-${f.date}-${i}`}
              columns={followUpColumns}
            />
            <DashboardTable
              title="No-response follow-ups"
              rows={d.followUps.noResponseFollowUps}
              rowKey={(f, i) => `${f.customer?._id ?? ''}-${f.date}-${i}`}
              columns={followUpColumns}
            />
          </SimpleGrid>
        </>
      )}
    </DashboardFrame>
  );
};
