import { type CustomerDto, customerListSpec } from '@karya/domain';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { type ColumnDef, mergeArrangement } from '../../../components/list/columns';
import { displayValue, EMPTY_VALUE } from '../../../components/list/display';
import { parseListState } from '../../../components/list/list-params';
import { readStored } from '../../../components/list/storage';
import { confirmAction } from '../../../components/record/confirm';
import { formatDate } from '../../../components/record/format';
import { api } from '../../../lib/api';
import { LIST_STALE_MS } from '../../../lib/query-keys';
import { getDeviceInfo, getLocation } from '../../../lib/security-context';
import { customerKeys, fetchCustomers } from '../api';
import { CUSTOMER_COLUMNS } from '../customer-columns';

/** Spec 2 §7 "Export", §8 and §9 texts and the file name. */
export const EXPORT_FILE = 'Customers_List.xlsx';
export const EXPORT_MESSAGES = {
  exporting: 'Exporting customers...',
  exported: 'Customers exported successfully',
  empty: 'No customers to export',
  auditFailed: "You can't export customers right now",
  confirmTitle: 'Export Customers',
  confirm: (n: number) =>
    `Export the ${n === 1 ? 'customer' : `${n} customers`} on this page, with the columns shown, to ${EXPORT_FILE}?`,
  logged: (n: number) => `Exported ${n} customers`,
} as const;

/** The list's storage keys this reads (list-page.tsx's CUSTOMER_STORAGE). */
const LIMIT_KEY = 'customerLimit';
const FIELDS_KEY = 'customerFields';

/**
 * A column's cell as plain data for the sheet: the column's own value where it has one, and for the
 * columns drawn as badges or dates, their words ('Verified'/'Unverified', dd/MM/yyyy).
 */
const EXPORT_VALUES: Record<string, (c: CustomerDto) => string | number | null> = {
  verified: (c) => (c.verified ? 'Verified' : 'Unverified'),
  createdAt: (c) => formatDate(c.createdAt),
  updatedAt: (c) => formatDate(c.updatedAt),
};

export const exportCellValue = (
  column: ColumnDef<CustomerDto>,
  customer: CustomerDto,
): string | number | null => {
  const own = EXPORT_VALUES[column.key];
  if (own) return own(customer);
  const value = column.value ? column.value(customer) : (customer as Record<string, unknown>)[column.key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = displayValue(value);
  return text === EMPTY_VALUE ? null : text;
};

/** The columns the list shows, in the user's order (the Column Arrangement kept as customerFields). */
export const visibleCustomerColumns = (): ColumnDef<CustomerDto>[] => {
  const byKey = new Map(CUSTOMER_COLUMNS.map((c) => [c.key, c]));
  return mergeArrangement(readStored(FIELDS_KEY), CUSTOMER_COLUMNS)
    .filter((c) => c.visible)
    .map((c) => byKey.get(c.key)!);
};

/**
 * Customers_List.xlsx: a header row of the columns' labels, then one row per customer, every value as
 * plain data; a text that looks like a formula stays text (sheet-cells.ts).
 */
export const buildCustomersWorkbook = async (
  customers: readonly CustomerDto[],
  columns: readonly ColumnDef<CustomerDto>[],
) => {
  const [{ default: ExcelJS }, { addHeaderRow, setPlainCell }] = await Promise.all([
    import('exceljs'),
    import('./sheet-cells'),
  ]);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Customers');
  addHeaderRow(
    sheet,
    columns.map((c) => c.label),
    16,
  );
  for (const customer of customers) {
    const row = sheet.addRow([]);
    columns.forEach((column, i) => {
      setPlainCell(row.getCell(i + 1), exportCellValue(column, customer));
    });
  }
  return workbook;
};

/** The page the list shows at `search` (its URL): from the cache when fresh, else asked again. */
export const visiblePage = async (client: QueryClient, search: string) => {
  const state = parseListState(search, { listKey: LIMIT_KEY, spec: customerListSpec });
  const query = {
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    filters: state.filters,
  };
  const page = await client.fetchQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => fetchCustomers(query, signal),
    staleTime: LIST_STALE_MS,
  });
  return { page, query };
};

/**
 * Export Customers (spec 2 §7 "Export"): the page on screen with the columns shown. 'No customers to
 * export' when the page is empty; otherwise the 'Export Customers' confirmation, then, under the loading
 * toast 'Exporting customers...', the user's location (its failure message ends the export), the activity
 * log (POST /admin/user-activities, CUSTOMER_EXPORT with the device, the location as a Point, the user and
 * 'Exported {n} customers'; its failure ends the export with "You can't export customers right now"), and
 * only then the file.
 */
export const exportCustomersPage = async ({
  client,
  search,
  userId,
}: {
  client: QueryClient;
  search: string;
  userId?: string;
}) => {
  const { page } = await visiblePage(client, search);
  const customers = page?.customers ?? [];
  if (customers.length === 0) {
    notifications.show({
      color: 'yellow',
      title: 'Warning',
      message: EXPORT_MESSAGES.empty,
      autoClose: 4000,
    });
    return false;
  }
  const columns = visibleCustomerColumns();
  const confirmed = await confirmAction({
    title: EXPORT_MESSAGES.confirmTitle,
    message: EXPORT_MESSAGES.confirm(customers.length),
    confirmLabel: 'Export',
  });
  if (!confirmed) return false;

  const id = notifications.show({
    loading: true,
    message: EXPORT_MESSAGES.exporting,
    autoClose: false,
    withCloseButton: false,
  });
  const fail = (message: string) => {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      title: 'Error',
      message,
      autoClose: 6000,
      withCloseButton: true,
    });
    return false;
  };

  let location: Awaited<ReturnType<typeof getLocation>>;
  try {
    location = await getLocation();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  try {
    await api.post('/admin/user-activities', {
      type: 'CUSTOMER_EXPORT',
      deviceInfo: getDeviceInfo(),
      location,
      ...(userId ? { user: userId } : {}),
      message: EXPORT_MESSAGES.logged(customers.length),
    });
  } catch {
    return fail(EXPORT_MESSAGES.auditFailed);
  }
  try {
    const workbook = await buildCustomersWorkbook(customers, columns);
    const { downloadWorkbook } = await import('./sheet-cells');
    await downloadWorkbook(workbook, EXPORT_FILE);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  notifications.update({
    id,
    loading: false,
    color: 'green',
    title: 'Success',
    message: EXPORT_MESSAGES.exported,
    autoClose: 4000,
    withCloseButton: true,
  });
  return true;
};
