import { type ItemDto, itemSearchLabel } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardLine } from '../../components/list/card-line';
import { gstLabel, ItemStateBadge, ItemThumb, stockLabel, stockTextColor } from './item-display';

/**
 * An item in the grid (spec 3 §2): first image (or a placeholder), '[SKU n] name', brand, GST, the state
 * when not Verified, and the stock ('12 In Stock' / 'Out of Stock'); a badge when deleted. `footer` holds
 * a card's own actions (the verification pages' Update).
 */
export const ItemCard = ({ item, footer }: { item: ItemDto; footer?: ReactNode }) => {
  const inStock = Boolean(item.stock && item.stock.currentStock > 0);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={item.name} h="100%">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ItemThumb item={item} size={56} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} lineClamp={3} style={{ overflowWrap: 'break-word' }}>
            {itemSearchLabel(item)}
          </Text>
          {/* Under the name, so a long name on a phone is not cut short by them. */}
          {(item.isDeleted || item.state !== 'Verified') && (
            <Group gap={4} wrap="wrap">
              {item.isDeleted && (
                <Badge color="red" variant="light" size="sm">
                  Deleted
                </Badge>
              )}
              {item.state !== 'Verified' && <ItemStateBadge state={item.state} size="sm" />}
            </Group>
          )}
          <CardLine label="Brand" labelWidth={48}>
            {item.brand?.name ?? '-'}
          </CardLine>
          <CardLine label="GST" labelWidth={48}>
            {gstLabel(item.gst, item.gstZeroKind) ?? '-'}
          </CardLine>
          <Text size="sm" c={stockTextColor(inStock)} fw={500}>
            {stockLabel(item.stock)}
          </Text>
        </Stack>
      </Group>
      {footer && (
        <Group justify="flex-end" mt="sm">
          {footer}
        </Group>
      )}
    </Card>
  );
};
