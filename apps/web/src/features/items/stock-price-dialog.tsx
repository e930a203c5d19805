import { STOCK_MESSAGES } from '@karya/domain';
import { TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { withLoadingToast } from '../../lib/notify';
import { invalidateItemChanges, updateStockPrice } from './api';

const MAX_PRICE = 1_000_000_000;

/**
 * The price to show from what was typed (spec 3 §5: 'number parsed from input'): rupees, or the message
 * why not ('Invalid price provided' for anything but a number).
 */
export const parsePrice = (text: string): { price: number } | { error: string } => {
  const t = text.trim().replaceAll(',', '');
  const price = t === '' ? Number.NaN : Number(t);
  if (!Number.isFinite(price)) return { error: STOCK_MESSAGES.priceInvalid };
  if (price < 0) return { error: STOCK_MESSAGES.priceNegative };
  // Plain decimal text only ('1e3' and '0x10' read as numbers too).
  if (!/^\d*\.?\d+$|^\d+\.$/.test(t)) return { error: STOCK_MESSAGES.priceInvalid };
  if (!/^\d*(\.\d{0,2})?$/.test(t)) return { error: STOCK_MESSAGES.priceDecimals };
  if (price > MAX_PRICE) return { error: 'Price must not exceed 1,000,000,000' };
  return { price };
};

/**
 * Edit the price to show of an item's stock (PATCH /crm/products/stocks/{id}/update-price; needs update
 * on product-stock). Saved on Save; the item and the lists that show its prices are refreshed.
 */
export const StockPriceDialog = ({
  opened,
  onClose,
  stockId,
  current,
}: {
  opened: boolean;
  onClose: () => void;
  stockId: string;
  current: number | undefined;
}) => {
  const client = useQueryClient();
  const [text, setText] = useState(current === undefined ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOnce();
  const { setServerError } = save;

  // Each opening starts from the price on screen.
  useEffect(() => {
    if (!opened) return;
    setText(current === undefined ? '' : String(current));
    setError(null);
    setServerError(null);
  }, [opened, current, setServerError]);

  // A changed price makes closing ask first (Escape, the backdrop, the ✕, Cancel).
  const dirty = text.trim() !== (current === undefined ? '' : String(current));

  const submit = () => {
    const parsed = parsePrice(text);
    if ('error' in parsed) return setError(parsed.error);
    void save.run(async () => {
      await withLoadingToast('Updating stock', () => updateStockPrice(stockId, parsed.price));
      void invalidateItemChanges(client);
      onClose();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened}
      onClose={onClose}
      dirty={dirty}
      title="Update Price to Show"
      save={save}
      submitLabel="Save"
      onSubmit={submit}
    >
      <TextInput
        label="Price to Show (₹)"
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
      />
    </GuardedDialogForm>
  );
};
