import { ITEM_MESSAGES } from '@karya/domain';
import { Button, Center, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { ITEMS_PAGE, itemPath, useItem } from './api';

// pdf.js (some 150 KB gzip with its polyfills) is downloaded once this page has rendered, so the route's
// first JavaScript stays within the budget and no other page carries it; its worker is a file of its own.
const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));

const Loading = ({ label }: { label: string }) => (
  <Center py="xl">
    <Loader role="status" aria-label={label} />
  </Center>
);

/**
 * /crm/products/items/:id/specifications (spec 3 §2): the item's specification PDF in the viewer; 'No
 * specification found' when it has none, 'Item not found' when the item does not exist.
 */
export const ItemSpecificationsPage = () => {
  const { id = '' } = useParams();
  const item = useItem(id);
  const record = item.data;
  let body: React.ReactNode;
  if (item.isPending) body = <Loading label="Loading item" />;
  else if (item.isError && isApiError(item.error) && item.error.status === 404)
    body = (
      <EmptyState message={ITEM_MESSAGES.notFound}>
        <Button component={Link} to={ITEMS_PAGE} variant="light">
          Back to items
        </Button>
      </EmptyState>
    );
  else if (item.isError || !record)
    body = <ErrorState message={messageOf(item.error)} onRetry={() => item.refetch()} />;
  else if (!record.specifications)
    body = (
      <EmptyState message={ITEM_MESSAGES.noSpecification}>
        <Button component={Link} to={itemPath(record._id)} variant="light">
          Back to the item
        </Button>
      </EmptyState>
    );
  else
    body = (
      <Suspense fallback={<Loading label="Loading viewer" />}>
        <PdfViewer url={record.specifications.url} name={record.specifications.name} />
      </Suspense>
    );
  return (
    <Stack gap={0}>
      <PageHeader title={record ? `${record.name}: Specifications` : 'Specifications'} back />
      {body}
    </Stack>
  );
};
