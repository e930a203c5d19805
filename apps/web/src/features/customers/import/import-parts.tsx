import { CUSTOMER_DUPLICATE_CHECK_MAX, type CustomerDuplicateMatch } from '@karya/domain';
import { Pagination, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { findCustomerDuplicates } from '../api';
import { ERRORS_FILE, IMPORT_MESSAGES as M, TEMPLATE_FILE } from './import-rules';
import type { ImportProgress, ImportRow } from './parse';

/** Where the import stands: nothing chosen, a file being read and checked, refused, or checked. */
export type Step =
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
export const findSimilar = async (rows: ImportRow[]) => {
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
export const progressOf = (
  progress: ImportProgress | { stage: 'server' },
): { label: string; value?: number } => {
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

export const WorkingBar = ({ label, value }: { label: string; value?: number }) => (
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
export const PagedTable = ({
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

export const text = (v: unknown) => (typeof v === 'string' && v ? v : '-');
export const place = (row: ImportRow) =>
  text((row.customer.address as Record<string, unknown> | undefined)?.city);

/** Lets the browser save one of the import's workbooks (ExcelJS loads with it). */
export const download = async (which: 'template' | 'errors', rows: readonly ImportRow[] = []) => {
  try {
    const files = await import('./workbook-files');
    const { downloadWorkbook } = await import('../export/sheet-cells');
    if (which === 'template') await downloadWorkbook(files.buildTemplateWorkbook(), TEMPLATE_FILE);
    else await downloadWorkbook(files.buildErrorsWorkbook(rows), ERRORS_FILE);
  } catch (error) {
    notifyError(error);
  }
};
