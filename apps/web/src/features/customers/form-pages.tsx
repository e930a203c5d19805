import { CUSTOMER_MESSAGES } from '@karya/domain';
import { recordFormPages } from '../../components/form/update-page';
import { CUSTOMERS_PAGE, useCustomer } from './api';
import { CustomerForm } from './customer-form';

/** /crm/customers/create, and /crm/customers/:id/update once the customer has loaded. */
export const [CustomerCreatePage, CustomerUpdatePage] = recordFormPages(
  { noun: 'customer', maw: 1080, listPath: CUSTOMERS_PAGE },
  { useRecord: useCustomer, notFoundText: CUSTOMER_MESSAGES.notFound },
  (c) => <CustomerForm key={c?._id} mode={c ? 'update' : 'create'} customer={c} />,
);
