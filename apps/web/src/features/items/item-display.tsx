import {
  formatRupees,
  ITEM_MESSAGES,
  type ItemDto,
  type ItemState,
  isGstRateOn,
  STOCK_MESSAGES,
  toPaise,
} from '@karya/domain';
import { Avatar, Badge, type BadgeProps } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** Spec 3 §4: Verified in a success colour, Unverified and Suggested in a warning colour. */
export const ItemStateBadge = ({ state, ...props }: { state: ItemState } & BadgeProps) => (
  <Badge color={state === 'Verified' ? 'green' : 'orange'} variant="light" {...props}>
    {state}
  </Badge>
);

/** Spec 3 §4: In Stock when the current stock is above 0, else Out of Stock ('12 In Stock'). */
export const stockLabel = (stock: ItemDto['stock']) =>
  stock && stock.currentStock > 0 ? `${stock.currentStock} In Stock` : 'Out of Stock';

/** '28%' (or nothing when the item has no GST yet). */
/** '18%'; a 0% item says which kind ('0% (Exempt)'); a rate no longer in force says so. */
export const gstLabel = (gst: number | null, zeroKind: string | null = null) => {
  if (gst === null) return null;
  if (gst === 0 && zeroKind) return `0% (${zeroKind})`;
  return isGstRateOn(gst, new Date()) ? `${gst}%` : `${gst}% (no longer in force)`;
};

/**
 * A price in rupees as shown (spec 3 §1: '₹1,23,456.50'): null is 'N/A' (no price to show yet, or no
 * margin); a value that is not a number is 'Invalid price provided' (spec 3 §8).
 */
export const formatItemPrice = (value: number | null | undefined) => {
  if (value === null || value === undefined) return ITEM_MESSAGES.priceNotAvailable;
  const paise = toPaise(value);
  return paise === null ? STOCK_MESSAGES.priceInvalid : formatRupees(paise);
};

/** The item's first image, or a placeholder. */
export const ItemThumb = ({ item, size }: { item: Pick<ItemDto, 'images'>; size: number }) => (
  <Avatar src={item.images[0]?.url} alt="" size={size} radius="md" color="gray">
    <IconPhoto size={Math.round(size / 2)} aria-hidden />
  </Avatar>
);

/**
 * 'N In Stock' and 'Out of Stock' as text: a green dark enough for normal-size text on white (5.3:1; Mantine's
 * green.9 is 4.4:1, under WCAG AA's 4.5) and Mantine's red.8.
 */
export const stockTextColor = (inStock: boolean) => (inStock ? '#1e7b34' : 'red.8');
