import {
  CUSTOMER_MESSAGES,
  CUSTOMER_SORT_OPTIONS,
  type CustomerDto,
  type CustomerSuggestion,
  customerListSpec,
  formatCustomerId,
} from '@karya/domain';
import { IconFileExport, IconFileImport, IconUserSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { useLocation } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import { useHashPanel } from '../../components/list/hash-panel';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import { notifyError } from '../../lib/notify';
import {
  CUSTOMER_CHECK_PATH,
  CUSTOMER_CREATE_PATH,
  CUSTOMERS_PAGE,
  customerKeys,
  customerPath,
  fetchCustomers,
  searchCustomers,
  useCustomerLifecycle,
  useCustomersList,
} from './api';
import { CustomerCard } from './customer-card';
import { CUSTOMER_COLUMNS, CUSTOMER_TABLE_MIN_WIDTH } from './customer-columns';
import { placeLine } from './customer-display';

// Downloaded when first opened: the filter fields (date pickers, user pickers) and the bulk-create dialog.
const CustomerFilterFields = lazy(() =>
  import('./customer-filters').then((m) => ({ default: m.CustomerFilterFields })),
);
const BulkCreateDialog = lazyPanel(() => import('./bulk-create-dialog').then((m) => m.BulkCreateDialog));
// The spreadsheet import and export (and ExcelJS, in their own chunks) download when first used.
const CustomerImportDialog = lazyPanel(() =>
  import('./import/import-dialog').then((m) => m.CustomerImportDialog),
);

/** Local storage keys of the customer list (spec 2 §7 "Client storage"). */
export const CUSTOMER_STORAGE = {
  limit: 'customerLimit',
  filters: 'customersFilter',
  fields: 'customerFields',
  layout: 'customerLayout',
} as const;
/** Spec 2 §2: the quick bulk-create dialog's hash. */
export const BULK_CREATE_HASH = '#bulk-create';
/** Spec 2 §2: the spreadsheet import dialog's hash (closing it returns to /crm/customers). */
export const CUSTOMER_IMPORT_HASH = '#upload';

startListEarly(
  CUSTOMERS_PAGE,
  { limitKey: CUSTOMER_STORAGE.limit, filtersKey: CUSTOMER_STORAGE.filters, spec: customerListSpec },
  (q) => fetchCustomers(q),
);

/**
 * /crm/customers (spec 2 §2 "Customers"): customers in a table or a grid, sort, filters (#filter, saved as
 * customersFilter), quick dates on the creation date, Ctrl+K by number or name, bulk delete / restore /
 * delete permanently, the menu (Check Customer, Import, Export, Column Arrangement) and a floating menu
 * with Create Customer and Create Bulk Customers.
 */
export const CustomersListPage = () => {
  const { can } = useCan();
  const { user } = useAuth();
  const self = user ? { _id: user._id, name: user.name } : null;
  const lifecycle = useCustomerLifecycle();
  const client = useQueryClient();
  const location = useLocation();
  const importPanel = useHashPanel(CUSTOMER_IMPORT_HASH);
  // The page on screen with the columns shown (spec 2 §7 "Export"), read when chosen.
  const exportPage = () =>
    void import('./export/export-customers')
      .then((m) => m.exportCustomersPage({ client, search: location.search, userId: user?._id }))
      .catch(notifyError);
  // Every customer the filters match, streamed from the server with progress (issue 22 part 6).
  const exportAll = () =>
    void import('./export/export-all')
      .then((m) => m.exportAllCustomers({ client, search: location.search }))
      .catch(notifyError);
  return (
    <>
      <RecordListPage<'customers', CustomerDto, CustomerSuggestion>
        resource="customer"
        title="Customers"
        plural="customers"
        spec={customerListSpec}
        useList={useCustomersList}
        storage={CUSTOMER_STORAGE}
        getId={(c) => c._id}
        getLabel={(c) => c.name}
        href={customerPath}
        card={(c) => <CustomerCard customer={c} />}
        table={{ columns: CUSTOMER_COLUMNS, minWidth: CUSTOMER_TABLE_MIN_WIDTH }}
        sortOptions={CUSTOMER_SORT_OPTIONS}
        quickDates={{ filter: 'createdAt', label: 'Created' }}
        // Spec 2 §6: the Deleted and Deleted By filters need bulk-restore on customer.
        deletedFilterNeeds={['bulk-restore']}
        filters={{
          title: 'Filter Customers',
          // Spec 2 §2 / spec 3 §2 name this panel's buttons.
          buttons: { reset: 'Reset Filter', apply: 'Apply Filters' },
          fields: ({ draft, canSeeDeleted }) => (
            <CustomerFilterFields
              draft={draft}
              canSeeDeleted={canSeeDeleted}
              self={self}
              may={{
                assign: can('customer', 'assign'),
                reAssign: can('customer', 're-assign'),
                state: can('customer', 'view-all'),
                users: can('user', 'suggestion'),
                marginTier: can('product-margin', 'suggestion'),
              }}
            />
          ),
        }}
        search={{
          title: 'Search customers',
          placeholder: 'Type a customer name or CI number...',
          queryKey: (text) => customerKeys.suggestion('search', text),
          search: searchCustomers,
          toItem: (c) => ({
            id: c._id,
            label: `${formatCustomerId(c.customerId)} · ${c.name}`,
            description: placeLine(c.address) ?? c.type,
          }),
          emptyText: CUSTOMER_MESSAGES.searchEmpty,
          loadingText: CUSTOMER_MESSAGES.searchLoading,
        }}
        menu={[
          {
            label: 'Check Customer',
            needs: 'suggestion',
            to: CUSTOMER_CHECK_PATH,
            icon: <IconUserSearch size={14} aria-hidden />,
          },
          {
            label: 'Import Customers',
            needs: 'bulk-create',
            onClick: importPanel.open,
            icon: <IconFileImport size={14} aria-hidden />,
          },
          // Both need only what the list needs (read on customer), as the spec's export did. The spec's Export
          // Customers keeps its name and its page; "Export all matching" is ours (issue 22).
          {
            label: 'Export Customers',
            onClick: exportPage,
            icon: <IconFileExport size={14} aria-hidden />,
          },
          {
            label: 'Export all matching',
            onClick: exportAll,
            icon: <IconFileExport size={14} aria-hidden />,
          },
        ]}
        create={{
          label: 'Create',
          menu: [
            { label: 'Create Customer', to: CUSTOMER_CREATE_PATH },
            {
              label: 'Create Bulk Customers',
              needs: 'bulk-create',
              hash: BULK_CREATE_HASH,
              modal: ({ opened, onClose }) => <BulkCreateDialog opened={opened} onClose={onClose} />,
            },
          ],
        }}
        bulk={lifecycle}
        emptyText={CUSTOMER_MESSAGES.empty}
      />
      {can('customer', 'bulk-create') && (
        <CustomerImportDialog opened={importPanel.opened} onClose={importPanel.close} />
      )}
    </>
  );
};
