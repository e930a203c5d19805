import { SALE_MESSAGES, taxInvoiceFileName } from '@karya/domain';
import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { SendByEmailButton, ShareFileButton } from '../../components/record/send-document';
import { api, isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { fetchPdfFile } from '../../lib/share-file';
import { SALES_PAGE, sales } from './api';

// The bundled viewer (pdf.js), downloaded once this page has rendered, as the item specifications do.
const PdfViewer = lazy(() => import('../items/pdf-viewer').then((m) => ({ default: m.PdfViewer })));

const Loading = ({ label }: { label: string }) => (
  <Center py="xl">
    <Loader role="status" aria-label={label} />
  </Center>
);

/** The PDF the server makes of a sale's tax invoice (issue 27 §2). */
export const taxInvoiceUrl = (id: string) => `/api/crm/products/sales/${id}/invoice`;

/**
 * /admin/products/sales/:id/invoice: the sale's tax invoice (rule 46 of the CGST Rules) in the bundled
 * viewer, with Download; Send e-mails it to the customer or a contact (update on sales), Share hands it to a
 * phone's share sheet. The A4 PDF is the server's, so the printed page and the downloaded file agree.
 */
export const SaleInvoicePage = () => {
  const { id = '' } = useParams();
  const { can } = useCan();
  const sale = sales.useOne(id);
  const record = sale.data;
  let body: React.ReactNode;
  if (sale.isPending) body = <Loading label="Loading sale" />;
  else if (sale.isError && isApiError(sale.error) && sale.error.status === 404)
    body = (
      <EmptyState message={SALE_MESSAGES.notFound}>
        <Button component={Link} to={SALES_PAGE} variant="light">
          Back to sales
        </Button>
      </EmptyState>
    );
  else if (sale.isError || !record)
    body = <ErrorState message={messageOf(sale.error)} onRetry={() => sale.refetch()} />;
  else
    body = (
      <Suspense fallback={<Loading label="Loading viewer" />}>
        <PdfViewer
          url={taxInvoiceUrl(record._id)}
          name={taxInvoiceFileName(record.invoiceNo)}
          noun="tax invoice"
        />
      </Suspense>
    );
  const actions = record ? (
    <Group gap="xs">
      {record.customer && can('product-sale', 'update') && (
        <SendByEmailButton
          dialogTitle="Send Tax Invoice"
          summary={`Tax invoice ${record.invoiceNo} as a PDF to ${record.customer.name}`}
          defaultEmail=""
          loadingText="Sending the tax invoice"
          send={(email, idempotencyKey) =>
            api.post(
              `/crm/products/sales/${encodeURIComponent(record._id)}/send`,
              { email },
              { idempotencyKey },
            )
          }
        />
      )}
      <ShareFileButton
        title={`Tax invoice ${record.invoiceNo}`}
        file={() => fetchPdfFile(taxInvoiceUrl(record._id), taxInvoiceFileName(record.invoiceNo))}
      />
    </Group>
  ) : undefined;
  return (
    <Stack gap={0}>
      <PageHeader title={record ? `Tax Invoice ${record.invoiceNo}` : 'Tax Invoice'} back actions={actions} />
      {body}
    </Stack>
  );
};
