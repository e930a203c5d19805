import { SALE_MESSAGES, type SaleDto } from '@karya/domain';
import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { TradeDetailBody } from '../purchases/trade-detail';
import { SALES_PAGE, saleKeys, sales } from './api';

/** /admin/products/sales/:id: the sale, its lines, totals and GST split; 'Sale not found' when missing. */
export const SaleDetailPage = () => {
  const { id = '' } = useParams();
  const query = sales.useOne(id);
  const actions = useDetailActions({
    resource: 'product-sale',
    id,
    lifecycle: sales.useLifecycle(),
    listPath: SALES_PAGE,
  });
  return (
    <>
      <AdminProductTabs />
      <DetailFrame<SaleDto>
        title="Sale Details"
        recordName={(s) => `${s.customer?.name ?? 'Sale'} ${s.invoiceNo}`}
        noun="sale"
        query={query}
        notFoundText={SALE_MESSAGES.notFound}
        backTo={{ to: SALES_PAGE, label: 'Back to sales' }}
        {...actions}
        updateTo="update"
        extraActions={(s) => (
          <Button
            component={Link}
            to={`/admin/products/sales/${s._id}/invoice`}
            variant="light"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
          >
            Tax Invoice
          </Button>
        )}
        history={{
          path: `/crm/products/sales/${id}/history`,
          queryKey: [...saleKeys.detail(id), 'history'],
        }}
      >
        {(s) => (
          <TradeDetailBody
            doc={s}
            noun="Sale"
            party={{
              label: 'Customer',
              name: s.customer?.name ?? null,
              href: s.customer ? `/crm/customers/${s.customer._id}` : null,
            }}
          />
        )}
      </DetailFrame>
    </>
  );
};
