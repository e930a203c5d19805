import { SALE_MESSAGES } from '@karya/domain';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { TradeForm } from '../purchases/trade-form';
import { SALES_PAGE, sales } from './api';

const pathOf = (id: string) => `${SALES_PAGE}/${id}`;

/** /admin/products/sales/create (create on product-sale). */
export const SaleCreatePage = () => (
  <RecordFormPage title="Create Sale" maw={1100}>
    {() => <TradeForm kind="sale" mode="create" save={sales.create} pathOf={pathOf} />}
  </RecordFormPage>
);

/** /admin/products/sales/:id/update; 'Sale not found' when missing. */
export const SaleUpdatePage = () => {
  const { id = '' } = useParams();
  return (
    <RecordFormPage
      title="Update Sale"
      maw={1100}
      noun="sale"
      query={sales.useOne(id)}
      notFoundText={SALE_MESSAGES.notFound}
      backTo={{ to: SALES_PAGE, label: 'Back to sales' }}
    >
      {(s) => (
        <TradeForm
          key={s._id}
          kind="sale"
          mode="update"
          doc={s}
          save={(body, key) => sales.update(s._id, body, key)}
          pathOf={pathOf}
        />
      )}
    </RecordFormPage>
  );
};
