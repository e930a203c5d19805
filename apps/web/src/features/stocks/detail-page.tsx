import {
  formatRupees,
  STOCK_LEDGER_MESSAGES,
  STOCK_MESSAGES,
  type StockDetailDto,
  stockLabel,
  toPaise,
} from '@karya/domain';
import {
  ActionIcon,
  Affix,
  Anchor,
  Badge,
  Box,
  Card,
  Collapse,
  Group,
  Loader,
  Menu,
  Pagination,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { DetailSection } from '../../components/form/detail-section';
import { FLOATING_BUTTON_Z_INDEX } from '../../components/list/floating-button';
import { ErrorState } from '../../components/list/list-states';
import { useCanFinish } from '../../components/permissions/use-can-finish';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { HISTORY_PAGE_SIZE, STOCKS_PAGE, useStock, useStockHistory } from './api';

const AdjustStockDialog = lazyPanel(() => import('./adjust-dialog').then((m) => m.AdjustStockDialog));
const StockPriceDialog = lazyPanel(() =>
  import('../items/stock-price-dialog').then((m) => m.StockPriceDialog),
);

const rupees = (amount: number) => formatRupees(toPaise(amount) ?? 0);

const HISTORY_TYPE: Record<string, string> = { purchase: 'Purchase', sale: 'Sale', other: 'Other' };

/**
 * A history entry's price: an adjustment without one (any but a priced Initial Stock) has none, shown '-'
 * rather than ₹0.00 (issue 23); a purchase or sale at ₹0 did have that price.
 */
const entryAmount = (type: string, amount: number) =>
  type === 'other' && amount === 0 ? '-' : rupees(amount);

/** The ledger of the stock: asked only when opened (spec 3 §2), a page at a time. */
const StockHistorySection = ({ id }: { id: string }) => {
  const [opened, setOpened] = useState(false);
  const [page, setPage] = useState(1);
  const history = useStockHistory(id, page, opened);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.historyCount / HISTORY_PAGE_SIZE)) : 1;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="stock-history">
      <Title order={3} size="h5" id="stock-history">
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls="stock-history-body"
        >
          <Group gap={6} wrap="nowrap">
            {opened ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            Stock History
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse in={opened} id="stock-history-body">
        <Box mt="sm">
          {history.isPending && opened ? (
            <Loader size="sm" role="status" aria-label="Loading stock history" />
          ) : history.isError ? (
            <ErrorState message={messageOf(history.error)} onRetry={() => history.refetch()} />
          ) : history.data && history.data.history.length === 0 ? (
            <Text size="sm" c="dimmed">
              No stock history yet.
            </Text>
          ) : history.data ? (
            <>
              <LineTable
                label="Stock History"
                minWidth={640}
                rows={history.data.history}
                getKey={(h) => h._id}
                columns={[
                  { key: 'date', label: 'Date', cell: (h) => formatDate(h.date) },
                  {
                    key: 'type',
                    label: 'Type',
                    cell: (h) =>
                      `${HISTORY_TYPE[h.type] ?? h.type}${h.adjustmentType ? ` (${h.adjustmentType})` : ''}`,
                  },
                  {
                    key: 'invoice',
                    label: 'Invoice No',
                    cell: (h) => {
                      const docPath =
                        h.documentId && h.type !== 'other'
                          ? `/admin/products/${h.type === 'purchase' ? 'purchases' : 'sales'}/${h.documentId}`
                          : null;
                      return docPath && h.invoiceNo ? (
                        <Anchor component={Link} to={docPath}>
                          {h.invoiceNo}
                        </Anchor>
                      ) : (
                        h.invoiceNo
                      );
                    },
                  },
                  // An adjustment's reason has its own column (issue 23: it sat under Invoice No).
                  { key: 'reason', label: 'Reason', cell: (h) => h.reason },
                  {
                    key: 'quantity',
                    label: 'Quantity',
                    align: 'right',
                    cell: (h) => (h.quantity > 0 ? `+${h.quantity}` : h.quantity),
                  },
                  {
                    key: 'price',
                    label: 'Price per unit',
                    align: 'right',
                    cell: (h) => entryAmount(h.type, h.pricePerUnit),
                  },
                  {
                    key: 'gst',
                    label: 'GST',
                    align: 'right',
                    cell: (h) => (h.gst === null ? null : `${h.gst}%`),
                  },
                  {
                    key: 'total',
                    label: 'Total',
                    align: 'right',
                    cell: (h) => entryAmount(h.type, h.totalPrice),
                  },
                ]}
              />
              {pages > 1 && (
                <Pagination
                  mt="sm"
                  total={pages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                  })}
                />
              )}
            </>
          ) : null}
        </Box>
      </Collapse>
    </Card>
  );
};

/**
 * /admin/products/stocks/:id (spec 3 §2): Stock Details, Stock Adjustments ('No stock adjustments
 * Happened.'), the collapsible Stock History, and the speed-dial: Create Sale, Create Purchase, Adjust
 * Stock (each by its permission). Price to show is edited here with update on product-stock.
 */
export const StockDetailPage = () => {
  const { id = '' } = useParams();
  const { can, canFinish } = useCanFinish();
  const query = useStock(id);
  const [adjusting, setAdjusting] = useState(false);
  const [pricing, setPricing] = useState(false);
  // The sale and purchase forms open with this stock's item in their line editor.
  const withItem = query.data?.item ? `?item=${query.data.item._id}` : '';
  const dial = [
    // Offered only when it can be finished (issue 23: the forms' customer, vendor and item pickers).
    canFinish('product-sale', 'create') && {
      label: 'Create Sale',
      to: `/admin/products/sales/create${withItem}`,
    },
    canFinish('product-purchase', 'create') && {
      label: 'Create Purchase',
      to: `/admin/products/purchases/create${withItem}`,
    },
    can('product-stock', 'adjust') && { label: 'Adjust Stock', run: () => setAdjusting(true) },
  ].filter(Boolean) as { label: string; to?: string; run?: () => void }[];
  return (
    <>
      <AdminProductTabs />
      <DetailFrame<StockDetailDto>
        title="Stock Details"
        recordName={(s) => s.item?.name ?? 'Stock'}
        noun="stock"
        query={query}
        notFoundText={STOCK_MESSAGES.notFound}
        backTo={{ to: STOCKS_PAGE, label: 'Back to stocks' }}
      >
        {(s) => (
          <>
            <DetailSection title="Stock Details" id="stock-details">
              <FieldList
                items={[
                  {
                    label: 'Item',
                    value: s.item ? (
                      <Anchor component={Link} to={`/crm/products/items/${s.item._id}`}>
                        {s.item.name}
                      </Anchor>
                    ) : null,
                  },
                  {
                    label: 'Current Stock',
                    value: (
                      <Badge color={s.currentStock > 0 ? 'green' : 'gray'} variant="light">
                        {stockLabel(s.currentStock)}
                      </Badge>
                    ),
                  },
                  { label: 'Total Purchased', value: String(s.totalPurchased) },
                  { label: 'Total Sold', value: String(s.totalSold) },
                  { label: 'Last Purchased Stock', value: String(s.lastPurchasedStock) },
                  { label: 'Last Sold Stock', value: String(s.lastSoldStock) },
                  { label: 'Last Purchase Price', value: rupees(s.lastPurchasePrice) },
                  { label: 'Average Purchase Price', value: rupees(s.averagePurchasePrice) },
                  { label: 'Total Purchase Price', value: rupees(s.totalPurchasePrice) },
                  { label: 'Last GST', value: s.lastGST === null ? null : `${s.lastGST}%` },
                  {
                    label: 'Price to Show',
                    value: (
                      <Group gap={4} wrap="nowrap">
                        <span>{rupees(s.priceToShow)}</span>
                        {can('product-stock', 'update') && (
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-label="Edit price to show"
                            onClick={() => setPricing(true)}
                          >
                            <IconPencil size={14} aria-hidden />
                          </ActionIcon>
                        )}
                      </Group>
                    ),
                  },
                ]}
              />
            </DetailSection>
            <DetailSection title="Stock Adjustments" id="stock-adjustments">
              {s.stockAdjustments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {STOCK_LEDGER_MESSAGES.noAdjustments}
                </Text>
              ) : (
                <LineTable
                  labelledBy="stock-adjustments"
                  rows={s.stockAdjustments}
                  getKey={(a) => a._id}
                  columns={[
                    { key: 'date', label: 'Date', cell: (a) => formatDate(a.date) },
                    { key: 'type', label: 'Type', cell: (a) => a.type },
                    { key: 'quantity', label: 'Quantity', align: 'right', cell: (a) => a.quantity },
                    { key: 'reason', label: 'Reason', cell: (a) => a.reason },
                    {
                      key: 'initialPrice',
                      label: 'Initial Price',
                      align: 'right',
                      cell: (a) => (a.initialPrice === null ? null : rupees(a.initialPrice)),
                    },
                    { key: 'by', label: 'By', cell: (a) => a.createdBy?.name },
                  ]}
                />
              )}
            </DetailSection>
            <StockHistorySection id={s._id} />
            <StockPriceDialog
              opened={pricing}
              onClose={() => setPricing(false)}
              stockId={s._id}
              current={s.priceToShow}
            />
          </>
        )}
      </DetailFrame>
      {/* Room below the last section, so the speed-dial never covers it. */}
      {query.data && dial.length > 0 && <Box h={96} aria-hidden />}
      {query.data && dial.length > 0 && (
        <Affix position={{ bottom: 24, right: 24 }} zIndex={FLOATING_BUTTON_Z_INDEX}>
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <Tooltip label="Stock actions" position="left">
                <ActionIcon size={56} radius="xl" aria-label="Stock actions">
                  <IconPlus size={26} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {dial.map((d) =>
                d.to ? (
                  <Menu.Item key={d.label} component={Link} to={d.to}>
                    {d.label}
                  </Menu.Item>
                ) : (
                  <Menu.Item key={d.label} onClick={d.run}>
                    {d.label}
                  </Menu.Item>
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        </Affix>
      )}
      <AdjustStockDialog opened={adjusting} onClose={() => setAdjusting(false)} stockId={id} />
    </>
  );
};
