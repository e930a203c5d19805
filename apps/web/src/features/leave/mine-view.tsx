import type { LeaveDto } from '@karya/domain';
import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { useMyLeaves } from './api';
import { BalanceCards } from './balance-cards';
import { leaveDates, YEAR_MAX, YEAR_MIN } from './leave-format';
import { LeaveItem } from './leave-item';
import { PeriodSwitch } from './leave-widgets';

// The cancel form (with zod and the schema) is its own chunk, loaded the first time it opens.
const CancelLeaveDialog = lazyPanel(() => import('./leave-dialogs').then((m) => m.CancelLeaveDialog));

/** The All leave view filtered on the signed-in user: where their older applications are. */
const allMineHref = (userId: string) =>
  `?${new URLSearchParams({ view: 'all', 'filters[user][]': userId, sortBy: 'createdAt', sortOrder: 'desc' })}`;

/**
 * The signed-in user's applications, newest first (at most MY_LEAVES_LIMIT; the rest in All leave), each
 * with its status, dates, days, reason and decision, and Cancel where the server allows it (`canCancel`).
 */
const MyApplications = () => {
  const { user } = useAuth();
  const meId = user?._id;
  const query = useMyLeaves(meId);
  const headingId = useId();
  const [cancelling, setCancelling] = useState<LeaveDto | null>(null);
  const [lastCancelled, setLastCancelled] = useState<LeaveDto | null>(null);
  const leaves = query.data?.leaves ?? [];
  const total = query.data?.leavesCount ?? 0;

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your applications">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        message={`My applications: ${messageOf(query.error)}`}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!leaves.length) body = <EmptyState message="You have not applied for leave yet" />;
  else
    body = (
      <Stack
        component="ul"
        gap="xs"
        aria-labelledby={headingId}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {leaves.map((l) => (
          <LeaveItem
            key={l._id}
            leave={l}
            actions={
              l.canCancel && (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => {
                    setCancelling(l);
                    setLastCancelled(l);
                  }}
                  aria-label={`Cancel leave: ${leaveDates(l)}`}
                >
                  Cancel leave
                </Button>
              )
            }
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        My applications
      </Title>
      {body}
      {meId && total > leaves.length && (
        <Anchor component={Link} to={allMineHref(meId)} size="sm">
          See all {total.toLocaleString('en-IN')} of my applications
        </Anchor>
      )}
      <CancelLeaveDialog
        leave={cancelling ?? lastCancelled}
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        meId={meId}
      />
    </Stack>
  );
};

/**
 * My leave (the default view): the year's balances (previous and next year around them), Apply for
 * leave (with create on leave), and the user's applications.
 */
export const MineView = ({
  year,
  thisYear,
  onYear,
  onApply,
}: {
  year: number;
  thisYear: number;
  onYear: (year: number) => void;
  onApply: () => void;
}) => {
  const { can } = useCan();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
          Pending applications hold their days until they are decided; cancelled and rejected ones give them
          back.
        </Text>
        {can('leave', 'create') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onApply}>
            Apply for leave
          </Button>
        )}
      </Group>
      <PeriodSwitch
        label={String(year)}
        unit="year"
        onPrevious={() => onYear(year - 1)}
        onNext={() => onYear(year + 1)}
        previousDisabled={year <= YEAR_MIN}
        nextDisabled={year >= YEAR_MAX}
        onCurrent={year !== thisYear ? () => onYear(thisYear) : undefined}
      />
      <BalanceCards year={year} />
      <MyApplications />
    </Stack>
  );
};
