import {
  CUSTOMER_MESSAGES,
  CUSTOMER_SORT_OPTIONS,
  type CustomerDto,
  type CustomerSuggestion,
  customerListSpec,
} from '@karya/domain';
import { lazy } from 'react';
import { useAuth, useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import {
  CUSTOMER_CREATE_PATH,
  CUSTOMERS_PAGE,
  customerPath,
  fetchCustomers,
  useCustomerLifecycle,
  useCustomersList,
} from './api';
import { CustomerCard } from './customer-card';
import { CUSTOMER_COLUMNS, CUSTOMER_TABLE_MIN_WIDTH } from './customer-columns';
import { CUSTOMER_SEARCH, useCustomerListMenu } from './list-parts';

export { CUSTOMER_IMPORT_HASH } from './list-parts';

// Downloaded when first opened: the filter fields (date pickers, user pickers) and the bulk-create dialog.
const CustomerFilterFields = lazy(() =>
  import('./customer-filters').then((m) => ({ default: m.CustomerFilterFields })),
);
const BulkCreateDialog = lazyPanel(() => import('./bulk-create-dialog').then((m) => m.BulkCreateDialog));

/** Local storage keys of the customer list (spec 2 §7 "Client storage"). */
export const CUSTOMER_STORAGE = {
  limit: 'customerLimit',
  filters: 'customersFilter',
  fields: 'customerFields',
  layout: 'customerLayout',
} as const;
/** Spec 2 §2: the quick bulk-create dialog's hash. */
export const BULK_CREATE_HASH = '#bulk-create';

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
  const { menu, dialog } = useCustomerListMenu();
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
          fields: ({ canSeeDeleted }) => (
            <CustomerFilterFields
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
        search={CUSTOMER_SEARCH}
        menu={menu}
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
      {dialog}
    </>
  );
};
