import { CUSTOMER_DUPLICATE_CHECK_MAX, type CustomerDuplicateMatch } from '@karya/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Pagination,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useCan } from '../../../app/auth';
import { api } from '../../../lib/api';
import { messageOf, notifyError, withLoadingToast } from '../../../lib/notify';
import { checkCustomerNames, customerChangeKeys, findCustomerDuplicates } from '../api';
import { DuplicateMatchLine } from '../duplicate-warning';
import { ERRORS_FILE, IMPORT_ACCEPT, IMPORT_MESSAGES as M, TEMPLATE_FILE } from './import-rules';
import type { ImportProgress, ImportRow } from './parse';
import { flagExistingNames, namesToCheck } from './row-checks';
import { runParse } from './run-parse';

/** POST /crm/customers/bulk with whole rows: one call per submit, all or none (decision 0006). */
const addCustomers = (customers: readonly Record<string, unknown>[]) =>
  api.post<{ _id: string; customerId: number; name: string }[]>('/crm/customers/bulk', customers);

type Step =
  | { kind: 'idle' }
  | { kind: 'working'; fileName: string; progress: ImportProgress | { stage: 'server' } }
  | { kind: 'refused'; fileName: string; error: string }
  | {
      kind: 'checked';
      fileName: string;
      rows: ImportRow[];
      /** The duplicate guard: valid rows (by Customer No) that look like live customers. */
      similar: Map<number, CustomerDuplicateMatch[]>;
    };

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The duplicate guard over a file (issue 11): each valid row's likely existing customers (similar name in
 * the same city or district, same phone or e-mail), asked in calls of at most 1,000 rows. A failed check
 * leaves the rows unmarked; it never stops the import.
 */
const findSimilar = async (rows: ImportRow[]) => {
  const similar = new Map<number, CustomerDuplicateMatch[]>();
  for (let i = 0; i < rows.length; i += CUSTOMER_DUPLICATE_CHECK_MAX) {
    const chunk = rows.slice(i, i + CUSTOMER_DUPLICATE_CHECK_MAX);
    const found = await findCustomerDuplicates(
      chunk.map((r) => {
        const address = (r.customer.address ?? {}) as Record<string, unknown>;
        return {
          name: textOf(r.customer.name),
          city: textOf(address.city),
          district: textOf(address.district),
          phone: textOf(r.customer.phone),
          email: textOf(r.customer.email),
        };
      }),
    ).catch(() => []);
    for (const f of found) similar.set(chunk[f.index]!.no, f.matches);
  }
  return similar;
};

const PAGE = 50;

/** What the progress bar says and how full it is (no value: still working, size unknown). */
const progressOf = (progress: ImportProgress | { stage: 'server' }): { label: string; value?: number } => {
  switch (progress.stage) {
    case 'checking':
      return { label: 'Checking the file...' };
    case 'reading':
      return { label: 'Reading the spreadsheet...' };
    case 'validating':
      return {
        label: `Checking customers: ${progress.done} of ${progress.total}`,
        value: progress.total ? (100 * progress.done) / progress.total : 0,
      };
    case 'server':
      return { label: M.checkingNames };
  }
};

const WorkingBar = ({ label, value }: { label: string; value?: number }) => (
  <Stack gap={4}>
    <Text size="sm" aria-hidden>
      {label}
    </Text>
    <Progress.Root size="lg">
      <Progress.Section
        value={value ?? 100}
        animated={value === undefined}
        striped={value === undefined}
        aria-label={label}
      />
    </Progress.Root>
  </Stack>
);

/** A table of rows shown a page at a time (a file may hold 10,000). */
const PagedTable = ({
  label,
  rows,
  head,
  cells,
}: {
  label: string;
  rows: readonly ImportRow[];
  head: readonly string[];
  cells: (row: ImportRow) => ReactNode[];
}) => {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = rows.slice((page - 1) * PAGE, page * PAGE);
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={320} type="auto">
        <Table aria-label={label} striped withTableBorder stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.no}>
                {cells(row).map((cell, i) => (
                  <Table.Td key={head[i]}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${label}, ${control} page` })}
        />
      )}
    </Stack>
  );
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : '-');
const place = (row: ImportRow) => text((row.customer.address as Record<string, unknown> | undefined)?.city);

/** Lets the browser save one of the import's workbooks (ExcelJS loads with it). */
const download = async (which: 'template' | 'errors', rows: readonly ImportRow[] = []) => {
  try {
    const files = await import('./workbook-files');
    const { downloadWorkbook } = await import('../export/sheet-cells');
    if (which === 'template') await downloadWorkbook(files.buildTemplateWorkbook(), TEMPLATE_FILE);
    else await downloadWorkbook(files.buildErrorsWorkbook(rows), ERRORS_FILE);
  } catch (error) {
    notifyError(error);
  }
};

/**
 * Import Customers (spec 2 §2 "Spreadsheet import dialog", §5; the list's #upload): choose an .xlsx, which is
 * checked, read and validated off the page's thread with its progress shown, its names checked against the
 * server, then a table of valid customers with 'Add valid customers' (one bulk call, all or none; imported
 * customers start unverified) and a table of errors (Customer No, Customer Name, Errors) to download as
 * customer-validation-errors.xlsx. The sample template downloads from here too.
 */
export const CustomerImportDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const client = useQueryClient();
  const { can } = useCan();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [skipSimilar, setSkipSimilar] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The file being read; an answer for an earlier one (chosen again, or the dialog closed) is dropped.
  const current = useRef(0);
  // Stops the worker reading a file whose answer is no longer wanted.
  const reading = useRef<AbortController | null>(null);

  const reset = () => {
    current.current++;
    reading.current?.abort();
    setStep({ kind: 'idle' });
    setSaveError(null);
  };

  const close = () => {
    if (saving) return;
    reset();
    onClose();
  };

  const choose = async (file: File) => {
    const token = ++current.current;
    const live = () => token === current.current;
    setSaveError(null);
    setStep({ kind: 'working', fileName: file.name, progress: { stage: 'checking' } });
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    const outcome = await runParse(
      file,
      (progress) => {
        if (live()) setStep({ kind: 'working', fileName: file.name, progress });
      },
      controller.signal,
    ).catch(() => ({ ok: false as const, error: M.unreadable }));
    if (!live()) return;
    if (!outcome.ok) {
      setStep({ kind: 'refused', fileName: file.name, error: outcome.error });
      return;
    }
    setStep({ kind: 'working', fileName: file.name, progress: { stage: 'server' } });
    try {
      const answer = await withLoadingToast(M.checkingNames, () =>
        checkCustomerNames(namesToCheck(outcome.rows)),
      );
      if (!live()) return;
      const rows = flagExistingNames(outcome.rows, answer.data ?? []);
      const similar = can('customer', 'create')
        ? await findSimilar(rows.filter((r) => r.errors.length === 0))
        : new Map<number, CustomerDuplicateMatch[]>();
      if (!live()) return;
      setSkipSimilar(false);
      setStep({ kind: 'checked', fileName: file.name, rows, similar });
    } catch (error) {
      if (live()) setStep({ kind: 'refused', fileName: file.name, error: messageOf(error) });
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Emptied so that the same file can be chosen again after it was corrected.
    event.currentTarget.value = '';
    if (file) void choose(file);
  };

  const rows = step.kind === 'checked' ? step.rows : [];
  const similar = step.kind === 'checked' ? step.similar : new Map<number, CustomerDuplicateMatch[]>();
  const allValid = rows.filter((r) => r.errors.length === 0);
  const valid = skipSimilar ? allValid.filter((r) => !similar.has(r.no)) : allValid;
  const invalid = rows.filter((r) => r.errors.length > 0);

  const addValid = async () => {
    if (saving) return;
    if (valid.length === 0) {
      setSaveError(M.noneValid);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await withLoadingToast(M.adding, () => addCustomers(valid.map((r) => r.customer)));
      for (const queryKey of customerChangeKeys) void client.invalidateQueries({ queryKey });
      setSaving(false);
      reset();
      onClose();
    } catch (error) {
      setSaving(false);
      setSaveError(messageOf(error));
    }
  };

  const working = step.kind === 'working';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import Customers"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={!saving && !working}
      closeOnEscape={!saving}
    >
      <Stack gap="md">
        <Text size="sm">
          Choose an Excel file (.xlsx) with the headers of the sample file. Name and Type are required; at
          most 10,000 customers per file.
        </Text>
        <Group gap="sm">
          <FileButton
            onChange={() => undefined}
            accept={IMPORT_ACCEPT}
            inputProps={{ 'aria-label': 'Spreadsheet file', onChange: picked }}
            disabled={working || saving}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={working || saving}
              >
                Choose file
              </Button>
            )}
          </FileButton>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void download('template')}
          >
            Download sample file
          </Button>
        </Group>

        {step.kind !== 'idle' && (
          <Text size="sm" c="dimmed">
            File: {step.fileName}
          </Text>
        )}
        {working && <WorkingBar {...progressOf(step.progress)} />}
        {step.kind === 'refused' && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            title="File not imported"
          >
            {step.error}
          </Alert>
        )}

        {step.kind === 'checked' && (
          <>
            <Group gap="xs">
              <Badge color="green" variant="light">
                {valid.length} valid
              </Badge>
              <Badge color={invalid.length ? 'red' : 'gray'} variant="light">
                {invalid.length} with errors
              </Badge>
            </Group>

            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={3} size="h5">
                  Valid customers
                </Title>
                <Button onClick={addValid} loading={saving} disabled={valid.length === 0}>
                  Add valid customers
                </Button>
              </Group>
              {similar.size > 0 && (
                <Alert color="orange" variant="light" title="Some may already exist">
                  <Text size="sm">
                    {similar.size} of the valid customers look like customers already in Karya (a similar name
                    in the same place, the same phone or the same e-mail); see "May already exist" below.
                  </Text>
                  <Checkbox
                    mt="xs"
                    label={`Leave out the ${similar.size} that may already exist`}
                    checked={skipSimilar}
                    onChange={(e) => setSkipSimilar(e.currentTarget.checked)}
                  />
                </Alert>
              )}
              {saving && <WorkingBar label={M.adding} />}
              {saveError && (
                <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
                  {saveError}
                </Alert>
              )}
              {valid.length ? (
                <PagedTable
                  label="Valid customers"
                  rows={valid}
                  head={[
                    'Customer No',
                    'Name',
                    'Type',
                    'Email',
                    'Phone',
                    'City',
                    ...(similar.size ? ['May already exist'] : []),
                  ]}
                  cells={(r) => [
                    r.no,
                    r.name,
                    text(r.customer.type),
                    text(r.customer.email),
                    text(r.customer.phone),
                    place(r),
                    ...(similar.size
                      ? [
                          <Stack key="similar" gap={2}>
                            {(similar.get(r.no) ?? []).map((m) => (
                              <DuplicateMatchLine key={m._id} match={m} />
                            ))}
                          </Stack>,
                        ]
                      : []),
                  ]}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {M.noneValid}
                </Text>
              )}
            </Stack>

            {invalid.length > 0 && (
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Title order={3} size="h5">
                    Errors
                  </Title>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    onClick={() => void download('errors', invalid)}
                  >
                    Download errors
                  </Button>
                </Group>
                <PagedTable
                  label="Customers with errors"
                  rows={invalid}
                  head={['Customer No', 'Customer Name', 'Errors']}
                  cells={(r) => [
                    r.no,
                    r.name || '-',
                    <Stack key="errors" gap={2}>
                      {r.errors.map((e) => (
                        <Text key={e} size="sm" c="red.9">
                          {e}
                        </Text>
                      ))}
                    </Stack>,
                  ]}
                />
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
};
