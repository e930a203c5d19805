import { PURCHASE_MESSAGES } from '@karya/domain';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { PURCHASES_PAGE, purchases } from './api';
import { TradeForm } from './trade-form';

const pathOf = (id: string) => `${PURCHASES_PAGE}/${id}`;

/** /admin/products/purchases/create (create on product-purchase). */
export const PurchaseCreatePage = () => (
  <RecordFormPage title="Create Purchase" maw={1100}>
    {() => <TradeForm kind="purchase" mode="create" save={purchases.create} pathOf={pathOf} />}
  </RecordFormPage>
);

/** /admin/products/purchases/:id/update; 'Purchase not found' when missing. */
export const PurchaseUpdatePage = () => {
  const { id = '' } = useParams();
  return (
    <RecordFormPage
      title="Update Purchase"
      maw={1100}
      noun="purchase"
      query={purchases.useOne(id)}
      notFoundText={PURCHASE_MESSAGES.notFound}
      backTo={{ to: PURCHASES_PAGE, label: 'Back to purchases' }}
    >
      {(p) => (
        <TradeForm
          key={p._id}
          kind="purchase"
          mode="update"
          doc={p}
          save={(body, key) => purchases.update(p._id, body, key)}
          pathOf={pathOf}
        />
      )}
    </RecordFormPage>
  );
};
