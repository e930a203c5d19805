import { ITEM_MESSAGES, ITEM_PRICE_KEYS, ITEM_PRICE_LABELS, type ItemDto, type UserRef } from '@karya/domain';
import { Accordion, Anchor, Button, Card, Group, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconInfoCircle, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { useHashPanel } from '../../components/list/hash-panel';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { lazyPanel } from '../../lib/lazy-panel';
import { ITEMS_PAGE, itemKeys, itemPath, useItem, useItemLifecycle } from './api';
import { formatItemPrice, gstLabel, ItemStateBadge, stockLabel, stockTextColor } from './item-display';

// The price dialog is downloaded when it first opens.
const StockPriceDialog = lazyPanel(() => import('./stock-price-dialog').then((m) => m.StockPriceDialog));

/** The hash that opens the price-to-show dialog on the detail page. */
export const PRICE_HASH = '#update-price';

const Section = ({
  title,
  id,
  action,
  children,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  children: ReactNode;
}) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
    <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {action}
    </Group>
    {children}
  </Card>
);

const unit = (value: number | null, suffix: string) => (value === null ? null : `${value} ${suffix}`);
const names = (refs: readonly { name: string }[]) => refs.map((r) => r.name).join(', ');
const UserName = ({ user }: { user: UserRef | null }) =>
  user ? (
    <RecordLink to={`/admin/users/${user._id}`} size="sm">
      {user.name}
    </RecordLink>
  ) : null;

/** Spec 3 §6: only the prices the server sent (the ones the user may read); null is 'N/A'. */
export const ItemPrices = ({ prices }: { prices: ItemDto['prices'] }) => {
  const shown = ITEM_PRICE_KEYS.filter((key) => key in prices);
  if (shown.length === 0) return null;
  return (
    <Section title="Prices" id="item-prices">
      <FieldList
        minColumnWidth={160}
        items={shown.map((key) => ({ label: ITEM_PRICE_LABELS[key], value: formatItemPrice(prices[key]) }))}
      />
    </Section>
  );
};

/** The fields of one item (spec 3 §2 "Item detail sections"). */
export const ItemDetails = ({ item, onEditPrice }: { item: ItemDto; onEditPrice?: () => void }) => {
  const stock = item.stock;
  const showsPrice = Boolean(stock && 'priceToShow' in stock);
  return (
    <>
      <Section title="Basic Information" id="item-basic">
        <Group gap="xs" mb="sm" wrap="wrap">
          <Text fw={600} size="lg" style={{ overflowWrap: 'break-word' }}>
            {item.name}
          </Text>
          {item.state !== 'Verified' && <ItemStateBadge state={item.state} />}
        </Group>
        <FieldList
          items={[
            { label: 'SKU', value: item.sku },
            { label: 'Model No', value: item.modalNo },
            { label: 'State', value: <ItemStateBadge state={item.state} /> },
            { label: 'Rating', value: item.rating === null ? null : `${item.rating} / 5` },
            ...(item.targetPrice !== null
              ? [{ label: 'Target Price', value: formatItemPrice(item.targetPrice) }]
              : []),
            ...(item.preferredBrand ? [{ label: 'Preferred Brand', value: item.preferredBrand }] : []),
            {
              label: 'Description',
              value: item.description ? (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {item.description}
                </Text>
              ) : (
                'No description available'
              ),
              wide: true,
            },
          ]}
        />
      </Section>

      <Section
        title="Stock Details"
        id="item-stock"
        action={
          onEditPrice && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEditPrice}
            >
              Edit Price
            </Button>
          )
        }
      >
        <FieldList
          items={[
            {
              label: 'Current Stock',
              value: (
                <Text span inherit c={stockTextColor(Boolean(stock && stock.currentStock > 0))} fw={500}>
                  {stockLabel(stock)}
                </Text>
              ),
            },
            ...(showsPrice ? [{ label: 'Price to Show', value: formatItemPrice(stock?.priceToShow) }] : []),
          ]}
        />
      </Section>

      <ItemPrices prices={item.prices} />

      <Section title="Classification" id="item-classification">
        <FieldList
          items={[
            { label: 'Brand', value: item.brand?.name },
            { label: 'Categories', value: names(item.categories), wide: item.categories.length > 3 },
            { label: 'Classes', value: names(item.classes), wide: item.classes.length > 3 },
            { label: 'Margin', value: item.margin?.name },
            { label: 'GST', value: gstLabel(item.gst, item.gstZeroKind) },
            { label: 'HSN/SAC Code', value: item.hsnCode },
          ]}
        />
      </Section>

      <Section title="Shipping" id="item-shipping">
        <FieldList
          minColumnWidth={140}
          items={[
            { label: 'Weight', value: unit(item.shipping.weight, 'kg') },
            { label: 'Length', value: unit(item.shipping.dimensions.length, 'm') },
            { label: 'Width', value: unit(item.shipping.dimensions.width, 'm') },
            { label: 'Height', value: unit(item.shipping.dimensions.height, 'm') },
          ]}
        />
      </Section>

      <Section title="Specifications" id="item-specifications">
        {item.specifications ? (
          <Button
            component={Link}
            to={`${itemPath(item._id)}/specifications`}
            variant="light"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            View Specifications
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {ITEM_MESSAGES.noSpecificationAttached}
          </Text>
        )}
      </Section>

      <Section title="Images" id="item-images">
        {item.images.length ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            {item.images.map((image, i) => (
              <Anchor key={image._id} href={image.url} target="_blank" rel="noopener noreferrer">
                <Image
                  src={image.url}
                  alt={`${item.name}, image ${i + 1}`}
                  h={140}
                  fit="contain"
                  radius="sm"
                  loading="lazy"
                />
              </Anchor>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {ITEM_MESSAGES.noImages}
          </Text>
        )}
      </Section>

      <Accordion variant="contained">
        <Accordion.Item value="additional">
          <Accordion.Control icon={<IconInfoCircle size={18} aria-hidden />}>
            Additional Information
          </Accordion.Control>
          <Accordion.Panel>
            <FieldList
              items={[
                { label: 'Created By', value: <UserName user={item.createdBy} /> },
                { label: 'Created On', value: formatDate(item.createdAt) },
                { label: 'Updated By', value: <UserName user={item.updatedBy} /> },
                { label: 'Updated On', value: formatDate(item.updatedAt) },
                ...(item.isDeleted
                  ? [
                      { label: 'Deleted By', value: <UserName user={item.deletedBy} /> },
                      { label: 'Deleted On', value: formatDate(item.deletedAt) },
                    ]
                  : []),
              ]}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </>
  );
};

/**
 * /crm/products/items/:id 'Item Details' (spec 3 §2): the sections, History, and Update / Delete, or for a
 * deleted item Restore / Delete Permanently, each by permission. 'Item not found' when it does not exist.
 */
export const ItemDetailPage = () => {
  const { id = '' } = useParams();
  const { can } = useCan();
  const item = useItem(id);
  const actions = useDetailActions({
    resource: 'product-item',
    id,
    lifecycle: useItemLifecycle(),
    listPath: ITEMS_PAGE,
  });
  const pricePanel = useHashPanel(PRICE_HASH);
  const stock = item.data?.stock ?? null;
  const canEditPrice = Boolean(stock && !item.data?.isDeleted && can('product-stock', 'update'));
  return (
    <>
      <DetailFrame<ItemDto>
        title="Item Details"
        recordName={(i) => i.name}
        noun="item"
        query={item}
        notFoundText={ITEM_MESSAGES.notFound}
        backTo={{ to: ITEMS_PAGE, label: 'Back to items' }}
        {...actions}
        updateTo="update"
        showStamps={false}
        history={{ path: `/crm/products/items/${id}/history`, queryKey: [...itemKeys.detail(id), 'history'] }}
      >
        {(i) => <ItemDetails item={i} onEditPrice={canEditPrice ? pricePanel.open : undefined} />}
      </DetailFrame>
      {stock && canEditPrice && (
        <StockPriceDialog
          opened={pricePanel.opened}
          onClose={pricePanel.close}
          stockId={stock._id}
          current={stock.priceToShow}
        />
      )}
    </>
  );
};
