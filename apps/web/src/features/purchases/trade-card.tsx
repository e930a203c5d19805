import { formatRupees, TRADE_SORT_LABELS, type TradeDocumentDto, toPaise } from '@karya/domain';
import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/auth';
import { formatDate } from '../../components/record/format';

/** Rupees as the API answers them, shown '₹1,234.50' (spec 3 §2: two decimals). */
export const rupees = (amount: number) => formatRupees(toPaise(amount) ?? 0);

/** Spec 3 §9: purchases and sales sort by Created Date, Updated Date, Invoice Date. */
export const TRADE_SORT_OPTIONS = Object.entries(TRADE_SORT_LABELS).map(([value, label]) => ({
  value,
  label,
}));

type Lifecycle = {
  remove: (id: string) => Promise<boolean>;
  restore: (id: string) => Promise<boolean>;
  removePermanently: (id: string) => Promise<boolean>;
  running: boolean;
};

/**
 * A purchase or sale in the grid (spec 3 §2): the vendor or customer, invoice number, date dd/MM/yyyy, the
 * total in rupees, and a menu: Update and Delete, or for a deleted one Restore and Delete Permanently,
 * each by its permission on the resource.
 */
export const TradeCard = ({
  doc,
  party,
  href,
  resource,
  lifecycle,
}: {
  doc: TradeDocumentDto;
  party: string;
  href: string;
  resource: string;
  lifecycle: Lifecycle;
}) => {
  const { can } = useCan();
  const entries = doc.isDeleted
    ? [
        can(resource, 'restore') && { label: 'Restore', run: () => lifecycle.restore(doc._id) },
        can(resource, 'delete-permanently') && {
          label: 'Delete Permanently',
          run: () => lifecycle.removePermanently(doc._id),
          danger: true,
        },
      ]
    : [
        can(resource, 'update') && { label: 'Update', to: `${href}/update` },
        can(resource, 'delete') && { label: 'Delete', run: () => lifecycle.remove(doc._id), danger: true },
      ];
  const shown = entries.filter(Boolean) as {
    label: string;
    to?: string;
    run?: () => unknown;
    danger?: boolean;
  }[];
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={party} h="100%">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={href} fw={600} lineClamp={2}>
            {party}
          </Anchor>
          <Text size="sm">Invoice No: {doc.invoiceNo}</Text>
          <Text size="sm" c="dimmed">
            Date: {formatDate(doc.invoiceDate)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {doc.isDeleted && (
            <Badge color="red" variant="light" size="sm">
              Deleted
            </Badge>
          )}
          {shown.length > 0 && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`Actions for ${doc.invoiceNo}`}>
                  <IconDotsVertical size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {shown.map((e) =>
                  e.to ? (
                    <Menu.Item key={e.label} component={Link} to={e.to}>
                      {e.label}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      key={e.label}
                      color={e.danger ? 'red' : undefined}
                      disabled={lifecycle.running}
                      onClick={() => void e.run?.()}
                    >
                      {e.label}
                    </Menu.Item>
                  ),
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Text fw={700} mt="sm">
        {rupees(doc.totalAmount)}
      </Text>
    </Card>
  );
};
