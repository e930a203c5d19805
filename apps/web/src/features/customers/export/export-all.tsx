import {
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_EXPORT_FILE,
  EXPORT_FRAMES_MIME,
  errorMessageFor,
  CUSTOMER_EXPORT_MESSAGES as M,
  toListSearchParams,
  XLSX_MIME,
} from '@karya/domain';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../../components/record/confirm';
import { ExportStreamError, readExportFrames, saveParts } from '../../../lib/export-frames';
import { getLocation } from '../../../lib/security-context';
import { visibleCustomerColumns, visiblePage } from './export-customers';

/** How often the progress toast is redrawn at most. */
const REDRAW_MS = 250;

const ProgressMessage = ({
  done,
  total,
  onCancel,
}: {
  done: number;
  total: number;
  onCancel: () => void;
}) => (
  <Stack gap={6}>
    <Text size="sm">{done === 0 ? M.exporting : M.progress(done, total)}</Text>
    <Progress
      value={total ? (100 * done) / total : 0}
      size="sm"
      aria-label="Export progress"
      transitionDuration={0}
    />
    <Group justify="flex-end">
      <Button size="compact-xs" variant="subtle" onClick={onCancel}>
        Cancel export
      </Button>
    </Group>
  </Stack>
);

/** The call's query: the list's filters and sort (no page or limit), the columns shown, the location. */
export const exportAllSearch = (
  list: Awaited<ReturnType<typeof visiblePage>>['query'],
  columns: readonly string[],
  location: { coordinates: number[] },
) => {
  const params = toListSearchParams({
    sortBy: list.sortBy,
    sortOrder: list.sortOrder,
    filters: list.filters,
  });
  params.set('columns', columns.join(','));
  params.set('progress', 'true');
  params.set('latitude', String(location.coordinates[0] ?? ''));
  params.set('longitude', String(location.coordinates[1] ?? ''));
  return params;
};

/**
 * Export all matching (issue 22 part 6): every customer the list's filters and sort match, in the user's
 * scope, with the columns shown, streamed by GET /crm/customers/export. The count comes from the list;
 * 'No customers to export' when it is 0; then a confirmation, the location (its failure message ends the
 * export), and the download under a toast that counts the rows written ("Exporting 12,000 of 200,000
 * customers…") with a Cancel button. The server logs the export ('Exported {n} customers') before the file.
 */
export const exportAllCustomers = async ({ client, search }: { client: QueryClient; search: string }) => {
  const { page, query } = await visiblePage(client, search);
  const total = page?.customersCount ?? 0;
  if (total === 0) {
    notifications.show({ color: 'yellow', title: 'Warning', message: M.empty, autoClose: 4000 });
    return false;
  }
  const columns = visibleCustomerColumns()
    .map((c) => c.key)
    .filter((key) => Object.hasOwn(CUSTOMER_EXPORT_COLUMNS, key));
  const confirmed = await confirmAction({
    title: M.confirmTitle,
    message: M.confirmAll(total),
    confirmLabel: 'Export',
  });
  if (!confirmed) return false;

  const abort = new AbortController();
  const cancel = () => abort.abort();
  const id = notifications.show({
    loading: true,
    message: <ProgressMessage done={0} total={total} onCancel={cancel} />,
    autoClose: false,
    withCloseButton: false,
  });
  const end = (color: string, title: string, message: string) => {
    notifications.update({
      id,
      loading: false,
      color,
      title,
      message,
      autoClose: color === 'red' ? 6000 : 4000,
      withCloseButton: true,
    });
    return color === 'green';
  };

  let location: Awaited<ReturnType<typeof getLocation>>;
  try {
    location = await getLocation();
  } catch (error) {
    return end('red', 'Error', error instanceof Error ? error.message : String(error));
  }
  try {
    const res = await fetch(`/api/crm/customers/export?${exportAllSearch(query, columns, location)}`, {
      credentials: 'include',
      headers: { accept: EXPORT_FRAMES_MIME },
      signal: abort.signal,
    });
    if (!res.ok || !res.body) {
      const data = await res.json().catch(() => undefined);
      return end('red', 'Error', res.status >= 500 ? M.auditFailed : errorMessageFor(res.status, data));
    }
    const expected = Number(res.headers.get('x-total-count') ?? total);
    let drawn = 0;
    const parts = await readExportFrames(
      res.body,
      (rows) => {
        const now = Date.now();
        if (now - drawn < REDRAW_MS && rows < expected) return;
        drawn = now;
        notifications.update({
          id,
          loading: true,
          message: <ProgressMessage done={rows} total={expected} onCancel={cancel} />,
          autoClose: false,
          withCloseButton: false,
        });
      },
      M.interrupted,
    );
    saveParts(parts, CUSTOMER_EXPORT_FILE, XLSX_MIME);
  } catch (error) {
    if (abort.signal.aborted) return end('gray', 'Export', M.cancelled);
    if (error instanceof ExportStreamError) return end('red', 'Error', error.message);
    return end(
      'red',
      'Error',
      navigator.onLine ? M.interrupted : "You're offline. Please check your internet connection.",
    );
  }
  return end('green', 'Success', M.exported);
};
