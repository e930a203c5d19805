import { todayInAppZone } from '@karya/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { useHashPanel } from '../../components/list/hash-panel';
import { ErrorState, ListSkeleton } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { monthOrCurrent } from '../attendance/attendance-format';
import { useLeaveAllocations, useLeaveCalendar } from './api';
import { YEAR_MAX, YEAR_MIN, yearOr } from './leave-format';
import { PeriodSwitch } from './leave-widgets';
import { MineView } from './mine-view';

// The forms (with zod, the form kit and the date input) are chunks of their own, loaded when first opened.
const ApplyLeaveModal = lazyPanel(() => import('./apply-form').then((m) => m.ApplyLeaveModal));
// All leave (the list kit) and Team (the calendar) are chunks of their own too: My leave, the view most
// people open, loads without them.
const LeaveList = lazy(() => import('./leave-list').then((m) => ({ default: m.LeaveList })));
const TeamView = lazy(() => import('./team-view').then((m) => ({ default: m.TeamView })));
const AllocationsForm = lazy(() =>
  import('./allocations-form').then((m) => ({ default: m.AllocationsForm })),
);

/** The hash that opens the application form (a reload keeps it open, Back closes it). */
export const APPLY_LEAVE_HASH = '#apply-leave';

type View = 'mine' | 'team' | 'all' | 'allocations';
/** The list kit's URL parameters, dropped when leaving All leave for another view. */
const isListParam = (key: string) =>
  ['page', 'limit', 'sortBy', 'sortOrder'].includes(key) || key.startsWith('filters[');

/** The year's allocations, in the lazily loaded form; the year can be changed while it loads or failed. */
const AllocationsPanel = ({
  year,
  thisYear,
  onYear,
}: {
  year: number;
  thisYear: number;
  onYear: (year: number) => void;
}) => {
  const query = useLeaveAllocations(year);
  const skeleton = <ListSkeleton count={2} />;
  if (query.data)
    return (
      <Suspense fallback={skeleton}>
        <AllocationsForm key={year} data={query.data} thisYear={thisYear} onYear={onYear} />
      </Suspense>
    );
  return (
    <Stack gap="md">
      <PeriodSwitch
        label={String(year)}
        unit="year"
        onPrevious={() => onYear(year - 1)}
        onNext={() => onYear(year + 1)}
        previousDisabled={year <= YEAR_MIN}
        nextDisabled={year >= YEAR_MAX}
        onCurrent={year !== thisYear ? () => onYear(thisYear) : undefined}
      />
      {query.isError ? (
        <ErrorState message={messageOf(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        skeleton
      )}
    </Stack>
  );
};

/**
 * /hrm/leaves (issue 28, decision 0023): My leave (balances, Apply for leave, my applications); Team for a
 * manager or view-all (when GET /hrm/leaves/calendar answers `team: true`): what waits for their decision
 * and the team's month; All leave, the list kit's page; Allocations with allocate on leave. The view, the
 * month and the year are in the URL (`?view=team`, `?month=2026-11`, `?year=2026`), the form's hash too
 * (`#apply-leave`), so every screen can be shared and reloaded.
 */
export const LeavePage = () => {
  const { user } = useAuth();
  const { can } = useCan();
  const phone = useMediaQuery('(max-width: 36em)');
  const [params, setParams] = useSearchParams();
  const applyPanel = useHashPanel(APPLY_LEAVE_HASH);
  const todayDate = todayInAppZone();
  const thisMonth = todayDate.slice(0, 7);
  const thisYear = Number(todayDate.slice(0, 4));
  const month = monthOrCurrent(params.get('month'));
  const year = yearOr(params.get('year'), thisYear);

  const calendar = useLeaveCalendar(month, Boolean(user));
  const asked = params.get('view');
  // Asked for by the URL while the calendar loads or failed: the Team view shows that state.
  const teamUnknown = asked === 'team' && !calendar.data;
  const team = calendar.data?.team === true || teamUnknown;
  const canAllocate = can('leave', 'allocate');
  const views: { value: View; label: string }[] = [
    { value: 'mine', label: 'My leave' },
    ...(team ? [{ value: 'team' as const, label: 'Team' }] : []),
    { value: 'all', label: 'All leave' },
    ...(canAllocate ? [{ value: 'allocations' as const, label: 'Allocations' }] : []),
  ];
  const view: View = views.find((v) => v.value === asked)?.value ?? 'mine';
  // A view once opened stays mounted (hidden), so switching back keeps its state (unsaved allocations).
  const [opened, setOpened] = useState<ReadonlySet<View>>(() => new Set([view]));
  if (!opened.has(view)) setOpened(new Set([...opened, view]));

  const go = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if ('view' in changes && changes.view !== 'all')
        for (const key of [...next.keys()]) if (isListParam(key)) next.delete(key);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const onYear = (y: number) => go({ year: y === thisYear ? null : String(y) });

  const switcher = (
    <SegmentedControl
      aria-label="View"
      value={view}
      onChange={(v) => go({ view: v === 'mine' ? null : v })}
      data={views}
      fullWidth={phone}
      style={phone ? { width: '100%' } : { alignSelf: 'flex-start' }}
    />
  );

  return (
    <Stack gap="md" maw={view === 'all' ? undefined : 1100}>
      {view === 'all' ? (
        <Suspense
          fallback={
            <>
              <PageHeader title="Leave" />
              {switcher}
              <ListSkeleton count={5} />
            </>
          }
        >
          <LeaveList views={switcher} />
        </Suspense>
      ) : (
        <>
          <PageHeader title="Leave" />
          {switcher}
        </>
      )}
      {opened.has('mine') && (
        <div hidden={view !== 'mine'}>
          <MineView year={year} thisYear={thisYear} onYear={onYear} onApply={applyPanel.open} />
        </div>
      )}
      {team && opened.has('team') && (
        <div hidden={view !== 'team'}>
          <Suspense fallback={<ListSkeleton count={3} />}>
            <TeamView
              month={month}
              thisMonth={thisMonth}
              todayDate={todayDate}
              calendar={calendar}
              onMonth={(m) => go({ month: m === thisMonth ? null : m })}
            />
          </Suspense>
        </div>
      )}
      {canAllocate && opened.has('allocations') && (
        <div hidden={view !== 'allocations'}>
          <AllocationsPanel year={year} thisYear={thisYear} onYear={onYear} />
        </div>
      )}
      {can('leave', 'create') && <ApplyLeaveModal opened={applyPanel.opened} onClose={applyPanel.close} />}
    </Stack>
  );
};
