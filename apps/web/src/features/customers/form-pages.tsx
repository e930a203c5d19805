import { CUSTOMER_MESSAGES } from '@karya/domain';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { CUSTOMERS_PAGE, useCustomer } from './api';
import { CustomerForm } from './customer-form';

/** /crm/customers/create */
export const CustomerCreatePage = () => (
  <RecordFormPage title="Create Customer" maw={1080}>
    {() => <CustomerForm mode="create" />}
  </RecordFormPage>
);

/** /crm/customers/:id/update: the form once the customer has loaded; 'Customer not found' otherwise. */
export const CustomerUpdatePage = () => {
  const { id } = useParams();
  return (
    <RecordFormPage
      title="Update Customer"
      maw={1080}
      noun="customer"
      query={useCustomer(id)}
      notFoundText={CUSTOMER_MESSAGES.notFound}
      backTo={{ to: CUSTOMERS_PAGE, label: 'Back to customers' }}
    >
      {(customer) => <CustomerForm key={customer._id} mode="update" customer={customer} />}
    </RecordFormPage>
  );
};
