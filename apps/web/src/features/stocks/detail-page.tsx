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
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { ErrorState } from '../../components/list/list-states';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { AdminProductTabs } from '../catalogue/product-tabs';
import { HISTORY_PAGE_SIZE, STOCKS_PAGE, useStock, useStockHistory } from './api';

const AdjustStockDialog = lazyPanel(() => import('./adjust-dialog').then((m) => m.AdjustStockDialog));
const StockPriceDialog = lazyPanel(() =>
  import('../items/stock-price-dialog').then((m) => m.StockPriceDialog),
);

const rupees = (amount: number) => formatRupees(toPaise(amount) ?? 0);

const Section = ({ title, id, children }: { title: string; id: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
    <Title order={3} size="h5" mb="sm" id={id}>
      {title}
    </Title>
    {children}
  </Card>
);

const HISTORY_TYPE: Record<string, string> = { purchase: 'Purchase', sale: 'Sale', other: 'Other' };

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
              <Table.ScrollContainer minWidth={640}>
                <Table striped aria-label="Stock History">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Invoice No</Table.Th>
                      <Table.Th ta="right">Quantity</Table.Th>
                      <Table.Th ta="right">Price per unit</Table.Th>
                      <Table.Th ta="right">GST</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {history.data.history.map((h) => {
                      const docPath =
                        h.documentId && h.type !== 'other'
                          ? `/admin/products/${h.type === 'purchase' ? 'purchases' : 'sales'}/${h.documentId}`
                          : null;
                      return (
                        <Table.Tr key={h._id}>
                          <Table.Td>{formatDate(h.date)}</Table.Td>
                          <Table.Td>
                            {HISTORY_TYPE[h.type] ?? h.type}
                            {h.adjustmentType ? ` (${h.adjustmentType})` : ''}
                          </Table.Td>
                          <Table.Td>
                            {docPath && h.invoiceNo ? (
                              <Anchor component={Link} to={docPath}>
                                {h.invoiceNo}
                              </Anchor>
                            ) : (
                              (h.invoiceNo ?? h.reason ?? '-')
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{h.quantity > 0 ? `+${h.quantity}` : h.quantity}</Table.Td>
                          <Table.Td ta="right">{rupees(h.pricePerUnit)}</Table.Td>
                          <Table.Td ta="right">{h.gst === null ? '-' : `${h.gst}%`}</Table.Td>
                          <Table.Td ta="right">{rupees(h.totalPrice)}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
  const { can } = useCan();
  const query = useStock(id);
  const [adjusting, setAdjusting] = useState(false);
  const [pricing, setPricing] = useState(false);
  // The sale and purchase forms open with this stock's item in their line editor.
  const withItem = query.data?.item ? `?item=${query.data.item._id}` : '';
  const dial = [
    can('product-sale', 'create') && { label: 'Create Sale', to: `/admin/products/sales/create${withItem}` },
    can('product-purchase', 'create') && {
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
            <Section title="Stock Details" id="stock-details">
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
            </Section>
            <Section title="Stock Adjustments" id="stock-adjustments">
              {s.stockAdjustments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {STOCK_LEDGER_MESSAGES.noAdjustments}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped aria-labelledby="stock-adjustments">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th ta="right">Quantity</Table.Th>
                        <Table.Th>Reason</Table.Th>
                        <Table.Th ta="right">Initial Price</Table.Th>
                        <Table.Th>By</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {s.stockAdjustments.map((a) => (
                        <Table.Tr key={a._id}>
                          <Table.Td>{formatDate(a.date)}</Table.Td>
                          <Table.Td>{a.type}</Table.Td>
                          <Table.Td ta="right">{a.quantity}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.reason ?? '-'}</Table.Td>
                          <Table.Td ta="right">
                            {a.initialPrice === null ? '-' : rupees(a.initialPrice)}
                          </Table.Td>
                          <Table.Td>{a.createdBy?.name ?? '-'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
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
        <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
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
