import { COMPANY_SETTINGS_RESOURCE, todayInAppZone } from '@karya/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../app/auth';
import { useHashPanel } from '../../components/list/hash-panel';
import { ErrorState, ListSkeleton } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { useExpenseRules } from './api';
import { yearOr } from './expense-format';
import { MineView } from './mine-view';

// The claim form (with zod, the form kit, the date input and the pickers) is a chunk of its own, loaded
// when first opened. All claims (the list kit), Waiting for you and the rules form are chunks of their own
// too: My claims, the view most people open, loads without them.
const ClaimFormModal = lazyPanel(() => import('./claim-form').then((m) => m.ClaimFormModal));
const ExpenseList = lazy(() => import('./expense-list').then((m) => ({ default: m.ExpenseList })));
const TeamView = lazy(() => import('./team-view').then((m) => ({ default: m.TeamView })));
const ExpenseRulesForm = lazy(() => import('./rules-form').then((m) => ({ default: m.ExpenseRulesForm })));

/** The hash that opens the new claim form (a reload keeps it open, Back closes it). */
export const NEW_CLAIM_HASH = '#new-claim';

type View = 'mine' | 'team' | 'all' | 'rules';
/** The list kit's URL parameters, dropped when leaving All claims for another view. */
const isListParam = (key: string) =>
  ['page', 'limit', 'sortBy', 'sortOrder'].includes(key) || key.startsWith('filters[');

/** The company's expense rules in the lazily loaded form. */
const RulesPanel = () => {
  const query = useExpenseRules();
  if (query.data)
    return (
      <Suspense fallback={<ListSkeleton count={1} />}>
        <ExpenseRulesForm rules={query.data} />
      </Suspense>
    );
  if (query.isError)
    return <ErrorState message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  return <ListSkeleton count={1} />;
};

/**
 * /hrm/expenses (issue 28, decision 0025): My claims (the year's totals by month, New claim, my claims);
 * Waiting for you for whoever decides (update on expense) or pays (pay): the submitted claims to approve or
 * reject, and the approved ones to mark paid; All claims, the list kit's page with the month's register;
 * Rules with update on company settings. The view and the year are in the URL (`?view=team`, `?view=all`,
 * `?view=rules`, `?year=2026`), the form's hash too (`#new-claim`), so every screen can be shared and reloaded.
 */
export const ExpensesPage = () => {
  const { can } = useCan();
  const phone = useMediaQuery('(max-width: 36em)');
  const [params, setParams] = useSearchParams();
  const newClaim = useHashPanel(NEW_CLAIM_HASH);
  const thisYear = Number(todayInAppZone().slice(0, 4));
  const year = yearOr(params.get('year'), thisYear);

  const team = can('expense', 'update') || can('expense', 'pay');
  const all = can('expense', 'view-all') || can('expense', 'update');
  const rules = can(COMPANY_SETTINGS_RESOURCE, 'update');
  const views: { value: View; label: string }[] = [
    { value: 'mine', label: 'My claims' },
    ...(team ? [{ value: 'team' as const, label: 'Waiting for you' }] : []),
    ...(all ? [{ value: 'all' as const, label: 'All claims' }] : []),
    ...(rules ? [{ value: 'rules' as const, label: 'Rules' }] : []),
  ];
  const asked = params.get('view');
  const view: View = views.find((v) => v.value === asked)?.value ?? 'mine';
  // A view once opened stays mounted (hidden), so switching back keeps its state (a half-typed rule).
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

  const switcher =
    views.length > 1 ? (
      <SegmentedControl
        aria-label="View"
        value={view}
        onChange={(v) => go({ view: v === 'mine' ? null : v })}
        data={views}
        fullWidth={phone}
        orientation={phone && views.length > 3 ? 'vertical' : 'horizontal'}
        style={phone ? { width: '100%' } : { alignSelf: 'flex-start' }}
      />
    ) : null;

  return (
    <Stack gap="md" maw={view === 'all' ? undefined : 1100}>
      {view === 'all' ? (
        <Suspense
          fallback={
            <>
              <PageHeader title="Expenses" />
              {switcher}
              <ListSkeleton count={5} />
            </>
          }
        >
          <ExpenseList views={switcher} />
        </Suspense>
      ) : (
        <>
          <PageHeader title="Expenses" />
          {switcher}
        </>
      )}
      {opened.has('mine') && (
        <div hidden={view !== 'mine'}>
          <MineView
            year={year}
            thisYear={thisYear}
            onYear={(y) => go({ year: y === thisYear ? null : String(y) })}
            onNew={newClaim.open}
          />
        </div>
      )}
      {team && opened.has('team') && (
        <div hidden={view !== 'team'}>
          <Suspense fallback={<ListSkeleton count={3} />}>
            <TeamView />
          </Suspense>
        </div>
      )}
      {rules && opened.has('rules') && (
        <div hidden={view !== 'rules'}>
          <RulesPanel />
        </div>
      )}
      {can('expense', 'create') && <ClaimFormModal opened={newClaim.opened} onClose={newClaim.close} />}
    </Stack>
  );
};
