import { formatRupees, type StockDto, stockLabel, toPaise } from '@karya/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';

const rupees = (amount: number) => formatRupees(toPaise(amount) ?? 0);

/** A stock in the grid: the item, 'N In Stock' or 'Out of Stock', the price to show and the totals. */
export const StockCard = ({ stock }: { stock: StockDto }) => {
  const name = stock.item?.name ?? 'Unknown item';
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={name} h="100%">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {name}
          </Text>
          {stock.item && (
            <Text size="xs" c="dimmed">
              SKU {stock.item.sku}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {stock.isDeleted && (
            <Badge color="red" variant="light" size="sm">
              Deleted
            </Badge>
          )}
          <Badge color={stock.currentStock > 0 ? 'green' : 'gray'} variant="light" size="sm">
            {stockLabel(stock.currentStock)}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing={6} component="dl" m={0}>
        {[
          ['Price', rupees(stock.priceToShow)],
          ['Purchased', String(stock.totalPurchased)],
          ['Sold', String(stock.totalSold)],
        ].map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
};
