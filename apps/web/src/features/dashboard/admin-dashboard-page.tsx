import { type AdminDashboard, GST_RATE_QUEUE_TITLE } from '@karya/domain';
import { Badge, SimpleGrid } from '@mantine/core';
import { IconCircleCheck, IconShieldLock, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { RecordLink } from '../../components/record/record-link';
import { queryKeys } from '../../lib/query-keys';
import {
  type Column,
  DashboardFrame,
  DashboardTable,
  formatDate,
  StatGrid,
  useDashboardQuery,
} from './dashboard-widgets';

type RoleRow = AdminDashboard['roles']['newRoles'][number];

const roleColumns: Column<RoleRow>[] = [
  {
    header: 'Name',
    cell: (r) => (
      <RecordLink to={`/admin/roles/${r._id}/update`} size="sm">
        {r.name}
      </RecordLink>
    ),
  },
  { header: 'Created', cell: (r) => formatDate(r.createdAt) },
  { header: 'Expires', cell: (r) => formatDate(r.expiresAt) },
];

/** GET /admin/dashboard (spec 1 §2 Dashboards). */
export const AdminDashboardPage = () => {
  const query = useDashboardQuery<AdminDashboard>(queryKeys.dashboards.admin, '/admin/dashboard');

  return (
    <DashboardFrame title="Admin Dashboard" query={query}>
      {(d) => (
        <>
          <StatGrid
            cards={[
              {
                title: 'Users',
                icon: IconUsers,
                value: d.users.total,
                stats: [{ label: 'New this week', value: d.users.new }],
              },
              { title: 'Roles', icon: IconShieldLock, value: d.roles.total },
              {
                title: 'Verifications',
                icon: IconCircleCheck,
                value: d.verifications.total,
                stats: [
                  { label: 'New', value: d.verifications.new },
                  { label: 'Unverified', value: d.verifications.unverified },
                  { label: 'Quotations', value: d.verifications.quotation },
                  {
                    label: GST_RATE_QUEUE_TITLE,
                    value: d.verifications.retiredGst,
                    to: '/admin/verifications/gst-rates',
                  },
                ],
              },
              {
                title: 'Teams',
                icon: IconUsersGroup,
                value: d.teams.total,
                stats: [{ label: 'New', value: d.teams.newTeams }],
              },
            ]}
          />

          <DashboardTable
            title="New users this week"
            rows={d.users.newThisWeek}
            rowKey={(u) => u._id}
            columns={[
              {
                header: 'Name',
                cell: (u) => (
                  <RecordLink to={`/admin/users/${u._id}`} size="sm">
                    {u.name}
                  </RecordLink>
                ),
              },
              { header: 'Email', cell: (u) => u.email },
              { header: 'Created', cell: (u) => formatDate(u.createdAt) },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardTable
              title="New roles"
              rows={d.roles.newRoles}
              rowKey={(r) => r._id}
              columns={roleColumns}
            />
            <DashboardTable
              title="Updated roles"
              rows={d.roles.updatedRoles}
              rowKey={(r) => r._id}
              columns={roleColumns}
            />
            <DashboardTable
              title="Expired roles"
              rows={d.roles.expiredRoles}
              rowKey={(r) => r._id}
              columns={[
                ...roleColumns.slice(0, 2),
                {
                  header: 'Expires',
                  cell: (r) => (
                    <Badge color="red" variant="light">
                      {formatDate(r.expiresAt)}
                    </Badge>
                  ),
                },
              ]}
            />
            <DashboardTable
              title="Unverified items"
              rows={d.unVerifiedItems}
              rowKey={(r, i) => `${r.name}-${i}`}
              columns={[
                { header: 'Name', cell: (r) => r.name },
                { header: 'Created', cell: (r) => formatDate(r.createdAt) },
                { header: 'Created by', cell: (r) => r.createdBy?.name ?? '—' },
              ]}
            />
            <DashboardTable
              title="Suggested items"
              rows={d.suggestedItems}
              rowKey={(r, i) => `${r.name}-${i}`}
              columns={[
                { header: 'Name', cell: (r) => r.name },
                { header: 'Preferred brand', cell: (r) => r.preferredBrand ?? '—' },
                { header: 'Created', cell: (r) => formatDate(r.createdAt) },
                { header: 'Created by', cell: (r) => r.createdBy?.name ?? '—' },
              ]}
            />
          </SimpleGrid>
          <DashboardTable
            title="Unverified quotations"
            rows={d.unVerifiedQuotations}
            rowKey={(r, i) => `${r.activeVersion.title}-${i}`}
            columns={[
              { header: 'Title', cell: (r) => r.activeVersion.title },
              { header: 'Customer', cell: (r) => r.customer?.name ?? '—' },
              { header: 'Created by', cell: (r) => r.activeVersion.createdBy?.name ?? '—' },
              { header: 'Created', cell: (r) => formatDate(r.createdAt) },
            ]}
          />
        </>
      )}
    </DashboardFrame>
  );
};
