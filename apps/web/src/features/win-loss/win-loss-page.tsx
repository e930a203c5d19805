import {
  formatMonth,
  formatWinRate,
  todayInAppZone,
  type UserSuggestionDto,
  WIN_LOSS_MESSAGES,
  type WinLoss,
  winLossDefaultFrom,
} from '@karya/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { rupees } from '../../components/record/format';
import { messageOf } from '../../lib/notify';
import { useWinLoss, type WinLossFilters } from './api';
import { ChartPanel, HorizontalBars, NumbersTable, PairedBarChart, WinRateBars, WON_COLOUR } from './charts';

export const WIN_LOSS_TITLE = 'Wins and Losses';
const money = (n: number) => rupees(n) ?? '₹0';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const Stat = ({ label, value, hint }: { label: string; value: string; hint?: string }) => (
  <Paper withBorder p="sm" radius="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
    {hint && (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    )}
  </Paper>
);

// The period picker (@mantine/dates) and the user picker come with their own chunk, after the figures.
const Filters = lazy(() => import('./filters').then((m) => ({ default: m.Filters })));
const FILTERS_HEIGHT = 62;

/** The page's figures for one answer. */
const Figures = ({ data }: { data: WinLoss }) => {
  const { totals, daysToApproval: days } = data;
  const decided = totals.won + totals.lost;
  const nothingLost = data.totals.lost ? null : 'No quotation was lost in this period.';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Stat label="Won" value={String(totals.won)} hint={money(totals.wonValue)} />
        <Stat label="Lost" value={String(totals.lost)} hint={money(totals.lostValue)} />
        <Stat
          label="Win rate"
          value={formatWinRate(totals.winRate)}
          hint={`of ${plural(decided, 'decision', 'decisions')}`}
        />
        <Stat label="Lost value" value={money(totals.lostValue)} />
        <Stat
          label="Days to approval"
          value={days.median === null ? '—' : String(days.median)}
          hint={days.average === null ? 'median' : `median; average ${days.average}`}
        />
      </SimpleGrid>
      {decided === 0 && <Alert color="gray">{WIN_LOSS_MESSAGES.empty}</Alert>}
      <ChartPanel
        title="Won and lost per month"
        description="Won on the day of approval, lost on the rejection date."
        chart={
          <PairedBarChart
            title="Won and lost per month"
            columns={data.months.map((m, i) => ({
              key: m.month,
              label: formatMonth(m.month).slice(0, 3),
              sublabel: i === 0 || m.month.endsWith('-01') ? m.month.slice(0, 4) : undefined,
              won: m.won,
              lost: m.lost,
            }))}
          />
        }
        table={
          <NumbersTable
            caption="Won and lost per month"
            head={['Month', 'Won', 'Lost', 'Won value', 'Lost value']}
            rows={data.months.map((m) => ({
              key: m.month,
              cells: [formatMonth(m.month), m.won, m.lost, money(m.wonValue), money(m.lostValue)],
            }))}
          />
        }
      />
      {(
        [
          ['Win rate by institution type', 'Institution type', data.byInstitutionType],
          ['Win rate by district', 'District', data.byDistrict],
        ] as const
      ).map(([title, label, rows]) => (
        <ChartPanel
          key={title}
          title={title}
          empty={rows.length ? null : WIN_LOSS_MESSAGES.empty}
          chart={
            <WinRateBars rows={rows.map((r) => ({ ...r, label: r.key, text: formatWinRate(r.winRate) }))} />
          }
          table={
            <NumbersTable
              caption={title}
              head={[label, 'Won', 'Lost', 'Win rate']}
              rows={rows.map((r) => ({
                key: r.key,
                cells: [r.key, r.won, r.lost, formatWinRate(r.winRate)],
              }))}
            />
          }
        />
      ))}
      {(
        [
          ['Lost value by competitor', 'Competitor', data.lostByCompetitor, 'Losses to a named competitor.'],
          [
            'Lost value by reason',
            'Reason',
            data.lostByReason,
            'A quotation lost for several reasons counts under each.',
          ],
          ['Lost to a competitor or to no decision', 'Lost to', data.lostTo, undefined],
        ] as const
      ).map(([title, label, rows, description]) => (
        <ChartPanel
          key={title}
          title={title}
          description={description}
          empty={nothingLost ?? (rows.length ? null : 'No competitor was named.')}
          chart={
            <HorizontalBars
              rows={rows.map((r) => ({ key: r.key, label: r.key, value: r.value, text: money(r.value) }))}
            />
          }
          table={
            <NumbersTable
              caption={title}
              head={[label, 'Quotations', 'Lost value']}
              rows={rows.map((r) => ({ key: r.key, cells: [r.key, r.count, money(r.value)] }))}
            />
          }
        />
      ))}
      <ChartPanel
        title="Days from requirement to approval"
        description={`Won quotations made from a requirement: ${days.count}.`}
        empty={days.count ? null : 'No won quotation was made from a requirement in this period.'}
        chart={
          <HorizontalBars
            rows={days.buckets.map((b) => ({
              key: b.key,
              label: b.label,
              value: b.count,
              text: String(b.count),
              colour: WON_COLOUR,
            }))}
          />
        }
        table={
          <NumbersTable
            caption="Days from requirement to approval"
            head={['Days', 'Won quotations']}
            rows={days.buckets.map((b) => ({ key: b.key, cells: [b.label, b.count] }))}
          />
        }
      />
    </Stack>
  );
};

/**
 * /admin/wins-and-losses (issue 26, beyond the spec; decision 0017): quotations won and lost per month, the
 * win rate by institution type and district, lost value by competitor and reason, the days from
 * requirement to approval; for a period and a sales executive; every chart with its table; .xlsx export.
 */
export const WinLossPage = () => {
  const [range, setRange] = useState<[string | null, string | null]>([
    winLossDefaultFrom(),
    todayInAppZone(),
  ]);
  const [executive, setExecutive] = useState<UserSuggestionDto | null>(null);
  const [exporting, setExporting] = useState(false);
  // A half-picked range (only its start) keeps the last full answer.
  const [applied, setApplied] = useState<WinLossFilters>({ from: range[0]!, to: range[1]! });
  const filters = { ...applied, createdBy: executive?._id };
  const query = useWinLoss(filters);
  const onRange = (r: [string | null, string | null]) => {
    setRange(r);
    if (r[0] && r[1]) setApplied({ from: r[0], to: r[1] });
    else if (!r[0] && !r[1]) setApplied({});
  };
  const onExport = async () => {
    if (!query.data) return;
    setExporting(true);
    try {
      const { exportWinLoss } = await import('./export-win-loss');
      await exportWinLoss(query.data, executive?.name ?? null);
    } catch (error) {
      notifications.show({ color: 'red', message: messageOf(error) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <PageHeader
        title={WIN_LOSS_TITLE}
        actions={
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} />}
            onClick={onExport}
            loading={exporting}
            disabled={!query.data}
          >
            Export
          </Button>
        }
      />
      <Suspense fallback={<Skeleton h={FILTERS_HEIGHT} mb="md" />}>
        <Filters range={range} onRange={onRange} executive={executive} onExecutive={setExecutive} />
      </Suspense>
      {query.data ? (
        <Figures data={query.data} />
      ) : query.isError ? (
        <Alert color="red" title="The figures could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{messageOf(query.error)}</Text>
            <Button size="xs" variant="light" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack aria-busy="true" aria-label="Loading">
          <Skeleton h={80} />
          <Skeleton h={240} />
        </Stack>
      )}
    </>
  );
};
