import { COMPANY_SETTINGS_RESOURCE, OBJECT_ID_RE, todayInAppZone } from '@karya/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { ErrorState, ListSkeleton } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/notify';
import { useAttendanceMonth, useTeamDay } from './api';
import { currentMonth, monthOrCurrent } from './attendance-format';
import { CalendarSkeleton, MonthView, OfflineNotice } from './month-view';
import { TeamDay } from './team-day';
import { TodayCard } from './today-card';
import { WaitingCorrections } from './waiting-corrections';

// The rules form (with zod and the form kit) is its own chunk, loaded when an admin opens the Rules view.
const RulesForm = lazy(() => import('./rules-form').then((m) => ({ default: m.RulesForm })));

type View = 'month' | 'team' | 'rules';
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The company's rules, from the user's own month (which carries them), in the lazily loaded form. */
const RulesPanel = ({ meId }: { meId: string | undefined }) => {
  const query = useAttendanceMonth(currentMonth(), null, meId);
  if (query.data)
    return (
      <Suspense fallback={<ListSkeleton count={1} />}>
        <RulesForm rules={query.data.rules} />
      </Suspense>
    );
  if (query.isError)
    return <ErrorState message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  return query.fetchStatus === 'paused' ? <OfflineNotice what="The rules" /> : <CalendarSkeleton />;
};

/**
 * /hrm/attendances (issue 28): today's check-in card on top, then the user's month as a calendar; a
 * manager also sees the team's day (when GET /team answers `manages: true`), and whoever may update the
 * company settings the rules. The view, month, team member and team day are in the URL (`?view=team`,
 * `?month=2026-11`, `?user=<id>`, `?date=2026-11-16`), so every screen can be shared and reloaded.
 */
export const AttendancePage = () => {
  const { user } = useAuth();
  const { can } = useCan();
  const meId = user?._id;
  const [params, setParams] = useSearchParams();
  const todayDate = todayInAppZone();
  const month = monthOrCurrent(params.get('month'));
  const userParam = params.get('user');
  const member = userParam && OBJECT_ID_RE.test(userParam) && userParam !== meId ? userParam : null;
  const dateParam = params.get('date');
  const teamDate = dateParam && DAY_RE.test(dateParam) && dateParam <= todayDate ? dateParam : todayDate;

  const team = useTeamDay(teamDate, Boolean(meId));
  const manages = team.data?.manages === true;
  const canRules = can(COMPANY_SETTINGS_RESOURCE, 'update');
  const views: { value: View; label: string }[] = [
    { value: 'month', label: member ? 'Month' : 'My month' },
    ...(manages ? [{ value: 'team' as const, label: 'Team' }] : []),
    ...(canRules ? [{ value: 'rules' as const, label: 'Rules' }] : []),
  ];
  const asked = params.get('view');
  const view: View = views.find((v) => v.value === asked)?.value ?? 'month';
  // A view once opened stays mounted (hidden) so that switching back keeps its state (a half-filled form).
  const [opened, setOpened] = useState<ReadonlySet<View>>(() => new Set([view]));
  if (!opened.has(view)) setOpened(new Set([...opened, view]));

  const go = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const memberHref = (id: string) =>
    `?${new URLSearchParams({ user: id, month: teamDate.slice(0, 7) }).toString()}`;

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title="Attendance" />
      <TodayCard />
      {views.length > 1 && (
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => go({ view: v === 'month' ? null : v })}
          data={views}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <div hidden={view !== 'month'}>
        <MonthView
          month={month}
          member={member}
          meId={meId}
          todayDate={todayDate}
          onMonth={(m) => go({ month: m === currentMonth() ? null : m })}
          onMine={() => go({ user: null })}
        />
      </div>
      {manages && opened.has('team') && (
        <div hidden={view !== 'team'}>
          <Stack gap="md">
            <WaitingCorrections />
            {team.data ? (
              <TeamDay
                data={team.data}
                date={teamDate}
                todayDate={todayDate}
                refreshing={team.isPlaceholderData}
                onDate={(d) => go({ date: d === todayDate ? null : d })}
                memberHref={memberHref}
              />
            ) : team.isError ? (
              <ErrorState message={messageOf(team.error)} onRetry={() => void team.refetch()} />
            ) : (
              <ListSkeleton count={3} />
            )}
          </Stack>
        </div>
      )}
      {canRules && opened.has('rules') && (
        <div hidden={view !== 'rules'}>
          <RulesPanel meId={meId} />
        </div>
      )}
    </Stack>
  );
};
