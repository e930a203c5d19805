import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { messageOf } from '../../lib/notify';
import { PeriodSwitch } from '../leave/leave-widgets';
import { useMyClaims } from './api';
import { ClaimItem } from './claim-item';
import { YEAR_MAX, YEAR_MIN } from './expense-format';
import { MonthTotals } from './month-totals';

/** The All claims view filtered on the signed-in user: where their older claims are. */
const allMineHref = (userId: string) =>
  `?${new URLSearchParams({ view: 'all', 'filters[user][]': userId, sortBy: 'createdAt', sortOrder: 'desc' })}`;

/** The signed-in user's claims, newest first (at most MY_CLAIMS_LIMIT; the rest in All claims). */
const MyClaims = () => {
  const { user } = useAuth();
  const meId = user?._id;
  const query = useMyClaims(meId);
  const headingId = useId();
  const claims = query.data?.claims ?? [];
  const total = query.data?.claimsCount ?? 0;

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your claims">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  else if (query.isError && !query.data)
    body = (
      <ErrorState message={`My claims: ${messageOf(query.error)}`} onRetry={() => void query.refetch()} />
    );
  else if (!claims.length)
    body = (
      <EmptyState message="You have no expense claims yet. Add your travel, food or phone bills in a new claim." />
    );
  else
    body = (
      <Stack
        component="ul"
        gap="xs"
        aria-labelledby={headingId}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {claims.map((c) => (
          <ClaimItem key={c._id} claim={c} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        My claims
      </Title>
      {body}
      {meId && total > claims.length && (
        <Anchor component={Link} to={allMineHref(meId)} size="sm">
          See all {total.toLocaleString('en-IN')} of my claims
        </Anchor>
      )}
    </Stack>
  );
};

/**
 * My claims (the default view): New claim (with create on expense), the year's totals by month (previous and
 * next year around them), and the user's claims.
 */
export const MineView = ({
  year,
  thisYear,
  onYear,
  onNew,
}: {
  year: number;
  thisYear: number;
  onYear: (year: number) => void;
  onNew: () => void;
}) => {
  const { can } = useCan();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
          A draft is yours alone until you submit it; your manager then approves it and accounts pay it.
        </Text>
        {can('expense', 'create') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            New claim
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
      <MonthTotals year={year} />
      <MyClaims />
    </Stack>
  );
};
