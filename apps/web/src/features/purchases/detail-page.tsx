import { PURCHASE_MESSAGES, type PurchaseDto } from '@karya/domain';
import { useParams } from 'react-router';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { PURCHASES_PAGE, purchaseKeys, purchases } from './api';
import { TradeDetailBody } from './trade-detail';

/** /admin/products/purchases/:id: the purchase, its lines and totals; 'Purchase not found' when missing. */
export const PurchaseDetailPage = () => {
  const { id = '' } = useParams();
  const query = purchases.useOne(id);
  const actions = useDetailActions({
    resource: 'product-purchase',
    id,
    lifecycle: purchases.useLifecycle(),
    listPath: PURCHASES_PAGE,
  });
  return (
    <>
      <AdminProductTabs />
      <DetailFrame<PurchaseDto>
        title="Purchase Details"
        recordName={(p) => `${p.vendor?.name ?? 'Purchase'} ${p.invoiceNo}`}
        noun="purchase"
        query={query}
        notFoundText={PURCHASE_MESSAGES.notFound}
        backTo={{ to: PURCHASES_PAGE, label: 'Back to purchases' }}
        {...actions}
        updateTo="update"
        history={{
          path: `/crm/products/purchases/${id}/history`,
          queryKey: [...purchaseKeys.detail(id), 'history'],
        }}
      >
        {(p) => (
          <TradeDetailBody
            doc={p}
            noun="Purchase"
            party={{
              label: 'Vendor',
              name: p.vendor?.name ?? null,
              href: p.vendor ? `/admin/products/vendors/${p.vendor._id}` : null,
            }}
          />
        )}
      </DetailFrame>
    </>
  );
};
