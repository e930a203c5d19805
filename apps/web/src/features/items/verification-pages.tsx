import {
  DEFAULT_PAGE_SIZE,
  GST_RATE_QUEUE_TITLE,
  GST_SLAB_CHANGE_SHOWN,
  gstRatesOn,
  ITEM_MESSAGES,
  type ItemDto,
  type ItemState,
  type ListQuery,
  retiredGstRatesOn,
} from '@karya/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProductTabs, type Tab, VERIFICATION_TABS } from '../../components/catalogue/product-tabs';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list/list-states';
import { PaginationBar } from '../../components/list/pagination-bar';
import { RecordGrid } from '../../components/list/record-grid';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/notify';
import { LIST_STALE_MS } from '../../lib/query-keys';
import { fetchItems, itemKeys } from './api';
import { ItemCard } from './item-card';
import { type ItemUpdateSource, verifyItemPath } from './item-paths';

/** Spec 3 §2 "Suggestions": the Items tab needs verification on product-item. */
export const SUGGESTION_TABS: readonly Tab[] = [
  { label: 'Items', path: '/admin/suggestions/items', resource: 'product-item', action: 'verification' },
];

/**
 * A page of the items a queue holds: one state (filters[state]; needs verification on product-item), or the
 * GST rates no longer in force (filters[gst]).
 */
const useQueueItems = (filters: ListQuery['filters'], page: number, limit: number) => {
  const query: ListQuery = { page, limit, sortBy: 'createdAt', sortOrder: 'asc', filters };
  return useQuery({
    queryKey: itemKeys.list(query),
    queryFn: ({ signal }) => fetchItems(query, signal),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });
};

/**
 * The items waiting in one state, oldest first, as cards: a click on a card or its Update opens the
 * update form with state Verified asked for (spec 3 §2).
 */
const ItemQueue = ({
  filters,
  title,
  intro,
  tabs,
  tabsLabel,
  emptyText,
  from,
}: {
  filters: ListQuery['filters'];
  title: string;
  intro?: string;
  tabs: readonly Tab[];
  tabsLabel: string;
  emptyText: string;
  from: ItemUpdateSource;
}) => {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const list = useQueueItems(filters, page, limit);
  const rows = list.data?.productItems ?? [];
  const total = list.data?.productItemsCount ?? 0;
  const open = (item: ItemDto) => navigate(verifyItemPath(item._id, from));
  return (
    <>
      <ProductTabs tabs={tabs} label={tabsLabel} />
      <Stack gap="md">
        <PageHeader title={title} />
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && !list.data ? (
          <ErrorState message={messageOf(list.error)} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState message={emptyText} />
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <RecordGrid
              label={title}
              rows={rows}
              getId={(i) => i._id}
              getLabel={(i) => i.name}
              onOpen={open}
              renderCard={(item) => (
                <ItemCard
                  item={item}
                  footer={
                    <Button
                      component={Link}
                      to={verifyItemPath(item._id, from)}
                      size="xs"
                      variant="light"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={`Update ${item.name}`}
                    >
                      Update
                    </Button>
                  }
                />
              )}
            />
          </div>
        )}
        {total > 0 && (
          <PaginationBar
            page={page}
            limit={limit}
            total={total}
            exact={list.data?.countExact !== false}
            onPageChange={setPage}
            onLimitChange={(l) => {
              setLimit(l);
              setPage(1);
            }}
          />
        )}
      </Stack>
    </>
  );
};

/** /admin/verifications/items: unverified items ('No items available for verification'). */
export const ItemVerificationsPage = () => (
  <ItemQueue
    filters={{ state: ['Unverified' satisfies ItemState] }}
    title="Items Verification"
    tabs={VERIFICATION_TABS}
    tabsLabel="Verifications"
    emptyText={ITEM_MESSAGES.forVerificationEmpty}
    from="verification"
  />
);

/** /admin/suggestions/items: suggested items ('No suggested items available for verification'). */
export const ItemSuggestionsPage = () => (
  <ItemQueue
    filters={{ state: ['Suggested' satisfies ItemState] }}
    title="Items Suggestion"
    tabs={SUGGESTION_TABS}
    tabsLabel="Suggestions"
    emptyText={ITEM_MESSAGES.suggestedEmpty}
    from="suggestion"
  />
);

/**
 * /admin/verifications/gst-rates: items whose GST rate is no longer in force ("GST rate no longer in force",
 * issue 27 §1), until someone sets a current one; a sale or quotation dated today refuses them meanwhile.
 */
export const ItemGstRatesPage = () => {
  const retired = retiredGstRatesOn(new Date());
  return (
    <ItemQueue
      filters={{ gst: retired.map(String) }}
      title={GST_RATE_QUEUE_TITLE}
      intro={`Since ${GST_SLAB_CHANGE_SHOWN} the GST slabs are ${gstRatesOn(new Date()).join(', ')} per cent. These items still carry ${retired.join(' or ')} per cent: set a current rate on each. Until then a sale or quotation dated today refuses them.`}
      tabs={VERIFICATION_TABS}
      tabsLabel="Verifications"
      emptyText="No items with a GST rate no longer in force"
      from="gst-rate"
    />
  );
};
