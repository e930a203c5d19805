import type { FollowUpCounts } from '@karya/domain';
import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { DASHBOARD_POLL_MS } from '../../lib/query-keys';

/** Under 'dashboard', so whatever refreshes the dashboards refreshes the badge too. */
export const FOLLOW_UP_COUNTS_KEY = ['dashboard', 'follow-up-counts'] as const;

/**
 * The follow-up queue beside the Follow Up menu entry: overdue (red) and due today (blue), from
 * GET /crm/dashboard/follow-up-counts. The shell loads this module as its own chunk once it is up (never on
 * the sign-in page); the call waits until the page has painted, then follows the
 * dashboards' rhythm (every 60 s, on focus, on reconnect). Nothing shows while both are zero or the call
 * failed: the menu works without it.
 */
export const FollowUpBadge = () => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // After the next frame and a task: the first paint is never held up by this call.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, []);
  const { data } = useQuery({
    queryKey: FOLLOW_UP_COUNTS_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<FollowUpCounts>('/crm/dashboard/follow-up-counts', undefined, { signal })).data,
    enabled: painted,
    refetchInterval: DASHBOARD_POLL_MS,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    staleTime: 0,
    retry: false,
  });
  if (!data || (data.overdue === 0 && data.dueToday === 0)) return null;
  const parts = [
    data.overdue > 0 && `${data.overdue} overdue`,
    data.dueToday > 0 && `${data.dueToday} due today`,
  ].filter(Boolean);
  return (
    <Group gap={4} wrap="nowrap" title={parts.join(', ')} data-testid="follow-up-badge">
      {data.overdue > 0 && (
        <Badge size="sm" color="red.9" variant="filled" circle={data.overdue < 10} aria-hidden>
          {data.overdue}
        </Badge>
      )}
      {data.dueToday > 0 && (
        <Badge size="sm" color="blue.9" variant="filled" circle={data.dueToday < 10} aria-hidden>
          {data.dueToday}
        </Badge>
      )}
      <VisuallyHidden>({parts.join(', ')})</VisuallyHidden>
    </Group>
  );
};
