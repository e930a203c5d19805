import { ACCOUNTS_ACTIONS, ACCOUNTS_RESOURCE, type AccountsExport } from '@karya/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useCan } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { lazyValidation } from '../../lib/lazy-validation';
import { EXPORT_TEXTS, runExport, useLedgerNames } from './api';
import { LedgerNamesForm } from './ledger-names-form';
import { defaultGstr1Month, QUICK_RANGES, quickRange, type Range, recentMonths } from './periods';

const validation = lazyValidation(() => import('./accounts-validation'));
export const ACCOUNTS_TITLE = 'Accounts';

type Running = { id: string; done: number; total: number; abort: AbortController } | null;

/**
 * One export at a time on the page: its button shows the work, a bar counts the documents written, Cancel
 * stops it; the file is saved as the server names it; a refusal (a wrong range) shows the server's message.
 */
const useExports = () => {
  const [running, setRunning] = useState<Running>(null);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  const busy = useRef(false);
  const start = async (
    id: string,
    kind: AccountsExport | 'register',
    url: string,
    check?: () => Promise<string | null>,
  ) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    const abort = new AbortController();
    try {
      const problem = check ? await check() : null;
      if (problem) {
        setError({ id, message: problem });
        return;
      }
      setRunning({ id, done: 0, total: 0, abort });
      const saved = await runExport({
        kind,
        url,
        signal: abort.signal,
        onStart: (total) => setRunning({ id, done: 0, total, abort }),
        onProgress: (done) => setRunning((r) => (r && r.id === id ? { ...r, done } : r)),
      });
      notifications.show({
        color: 'green',
        title: 'Success',
        message: EXPORT_TEXTS.saved(saved.name, saved.total),
        autoClose: 5000,
      });
    } catch (e) {
      if (abort.signal.aborted)
        notifications.show({ color: 'gray', message: EXPORT_TEXTS.cancelled, autoClose: 3000 });
      else setError({ id, message: e instanceof Error ? e.message : String(e) });
    } finally {
      busy.current = false;
      setRunning(null);
    }
  };
  return { running, error, start };
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md" radius="md">
    <Title order={2} size="h4" mb="xs">
      {title}
    </Title>
    {children}
  </Paper>
);

const Working = ({ running, id }: { running: Running; id: string }) =>
  running?.id === id ? (
    <Stack gap={4} mt="sm">
      <Text size="sm" aria-live="polite">
        {running.total ? EXPORT_TEXTS.progress(running.done, running.total) : 'Starting the export…'}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Progress
          value={running.total ? (100 * running.done) / running.total : 0}
          size="sm"
          aria-label="Export progress"
          style={{ flex: 1 }}
          transitionDuration={0}
        />
        <Button size="compact-sm" variant="subtle" onClick={() => running.abort.abort()}>
          Cancel
        </Button>
      </Group>
    </Stack>
  ) : null;

const Refusal = ({ error, id }: { error: { id: string; message: string } | null; id: string }) =>
  error?.id === id ? (
    <Alert color="red" mt="sm" role="alert">
      {error.message}
    </Alert>
  ) : null;

/**
 * /admin/accounts (issue 27 §3; decision 0019): the accountant's hand-off. A period for Tally and the
 * registers (quick choices: this or last month, this or last financial year), a month for GSTR-1, and the
 * Tally ledger names. Each export shows only with its own action.
 */
export const AccountsPage = () => {
  const { can } = useCan();
  const [range, setRange] = useState<Range>(() => quickRange('Last month'));
  const [month, setMonth] = useState(defaultGstr1Month);
  const months = recentMonths();
  const exports = useExports();
  const ledgers = useLedgerNames();
  validation.use();
  const may = (kind: AccountsExport) => can(ACCOUNTS_RESOURCE, ACCOUNTS_ACTIONS[kind]);
  const rangeQuery = `from=${range.from}&to=${range.to}`;
  const checkRange = async () => (await validation.get()).rangeProblem(range);
  const busy = exports.running !== null;
  const anyRange = may('tally') || may('registers');

  return (
    <Stack gap="md" maw={1000}>
      <PageHeader title={ACCOUNTS_TITLE} />
      <Text size="sm" c="dimmed">
        Hand the books to Tally, prepare the GSTR-1 return and print the registers. Live sales and purchases
        only: a deleted one is left out.
      </Text>
      {anyRange ? (
        <Section title="Period">
          <Group gap="xs" mb="sm" wrap="wrap">
            {QUICK_RANGES.map((choice) => {
              const r = quickRange(choice);
              const active = r.from === range.from && r.to === range.to;
              return (
                <Button
                  key={choice}
                  size="compact-sm"
                  variant={active ? 'filled' : 'light'}
                  aria-pressed={active}
                  onClick={() => setRange(r)}
                >
                  {choice}
                </Button>
              );
            })}
          </Group>
          <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={420}>
            <TextInput
              type="date"
              label="From"
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
              withAsterisk
            />
            <TextInput
              type="date"
              label="To"
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
              withAsterisk
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
            {may('tally') ? (
              <div>
                <Text fw={600}>Tally</Text>
                <Text size="sm" c="dimmed" mb="xs">
                  Ledgers, stock items and one voucher per sale and purchase, for TallyPrime’s Import →
                  Transactions. Exporting the same period again alters those vouchers; it does not add them
                  twice.
                </Text>
                <Button
                  leftSection={<IconDownload size={16} />}
                  loading={exports.running?.id === 'tally'}
                  disabled={busy && exports.running?.id !== 'tally'}
                  onClick={() =>
                    exports.start('tally', 'tally', `/admin/accounts/tally?${rangeQuery}`, checkRange)
                  }
                >
                  Export to Tally
                </Button>
                <Working running={exports.running} id="tally" />
                <Refusal error={exports.error} id="tally" />
              </div>
            ) : null}
            {may('registers') ? (
              <div>
                <Text fw={600}>Registers</Text>
                <Text size="sm" c="dimmed" mb="xs">
                  One row per document with its party, GSTIN, taxable value, each tax and total, then the
                  totals.
                </Text>
                <Group gap="sm">
                  {(['sales', 'purchases'] as const).map((kind) => (
                    <Button
                      key={kind}
                      variant="light"
                      leftSection={<IconFileSpreadsheet size={16} />}
                      loading={exports.running?.id === kind}
                      disabled={busy && exports.running?.id !== kind}
                      onClick={() =>
                        exports.start(
                          kind,
                          'register',
                          `/admin/accounts/registers/${kind}?${rangeQuery}`,
                          checkRange,
                        )
                      }
                    >
                      {kind === 'sales' ? 'Sales register' : 'Purchase register'}
                    </Button>
                  ))}
                </Group>
                <Working running={exports.running} id="sales" />
                <Working running={exports.running} id="purchases" />
                <Refusal error={exports.error} id="sales" />
                <Refusal error={exports.error} id="purchases" />
              </div>
            ) : null}
          </SimpleGrid>
        </Section>
      ) : null}
      {may('gstr1') ? (
        <Section title="GSTR-1">
          <Text size="sm" c="dimmed" mb="xs">
            The month’s B2B invoices, B2C Large invoices, the B2C summary by place of supply and rate, and the
            HSN summary split B2B and B2C, in the sheets of the GST offline tool.
          </Text>
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label="Month"
              data={months}
              value={month}
              onChange={(e) => setMonth(e.currentTarget.value)}
              w={200}
            />
            <Button
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exports.running?.id === 'gstr1'}
              disabled={busy && exports.running?.id !== 'gstr1'}
              onClick={() => exports.start('gstr1', 'gstr1', `/admin/accounts/gstr1?month=${month}`)}
            >
              Download GSTR-1 workbook
            </Button>
          </Group>
          <Working running={exports.running} id="gstr1" />
          <Refusal error={exports.error} id="gstr1" />
        </Section>
      ) : null}
      {!anyRange && !may('gstr1') ? (
        <Alert color="gray">
          Your role may open this page but not export. Ask an administrator for an export action.
        </Alert>
      ) : null}
      <Section title="Tally ledger names">
        {ledgers.isPending ? (
          <Loader aria-label="Loading ledger names" />
        ) : ledgers.data ? (
          <LedgerNamesForm
            key={JSON.stringify(ledgers.data)}
            names={ledgers.data}
            canEdit={can(ACCOUNTS_RESOURCE, 'update')}
          />
        ) : (
          <Alert color="red">The ledger names could not be loaded.</Alert>
        )}
      </Section>
    </Stack>
  );
};
