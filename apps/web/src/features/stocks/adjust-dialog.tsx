import { INITIAL_STOCK, STOCK_ADJUSTMENT_TYPES, todayInAppZone } from '@karya/domain';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useIdempotencyKey } from '../../lib/idempotency';
import { DateInput } from '../../lib/lazy-date-input';
import { messageOf, withLoadingToast } from '../../lib/notify';
import {
  type AdjustErrors,
  type AdjustValues,
  checkAdjustment,
  newAdjustValues,
  toAdjustBody,
} from './adjust-rules';
import { adjustStock } from './api';

/**
 * Adjust Stock (spec 3 §5; adjust on product-stock): type, quantity, reason, date (today by default, not
 * after today) and, for Initial Stock only, the initial price; checked as typed, sent on Adjust with the
 * 'Adjusting stock' toast. A refusal ('Not enough stock of …') stays in the dialog.
 */
export const AdjustStockDialog = ({
  opened,
  onClose,
  stockId,
}: {
  opened: boolean;
  onClose: () => void;
  stockId: string;
}) => {
  const client = useQueryClient();
  const today = todayInAppZone();
  const [values, setValues] = useState<AdjustValues>(() => newAdjustValues(today));
  const [touched, setTouched] = useState<Partial<Record<keyof AdjustValues, boolean>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const running = useRef(false);
  const keeper = useIdempotencyKey();

  useEffect(() => {
    if (!opened) return;
    setValues(newAdjustValues(todayInAppZone()));
    setTouched({});
    setServerError(null);
  }, [opened]);

  const errors: AdjustErrors = checkAdjustment(values, today);
  const shown = (k: keyof AdjustValues) => (touched[k] ? errors[k] : undefined);
  const set = (patch: Partial<AdjustValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setTouched((t) => ({ ...t, ...Object.fromEntries(Object.keys(patch).map((k) => [k, true])) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    setTouched({ type: true, quantity: true, reason: true, date: true, initialPrice: true });
    if (Object.keys(errors).length) return;
    running.current = true;
    setSaving(true);
    setServerError(null);
    try {
      await withLoadingToast('Adjusting stock', () =>
        keeper.run((key) => adjustStock(stockId, toAdjustBody(values), key)),
      );
      for (const root of ['stocks', 'items']) void client.invalidateQueries({ queryKey: [root] });
      onClose();
    } catch (e) {
      setServerError(messageOf(e));
    } finally {
      running.current = false;
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Adjust Stock"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={submit} aria-label="Adjust Stock">
        <Stack gap="sm">
          {serverError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {serverError}
            </Alert>
          )}
          <NativeSelect
            label="Adjustment Type"
            withAsterisk
            data={[{ value: '', label: 'Select type' }, ...STOCK_ADJUSTMENT_TYPES]}
            value={values.type}
            error={shown('type')}
            onChange={(e) => set({ type: e.currentTarget.value as AdjustValues['type'] })}
            data-autofocus
          />
          <TextInput
            label="Quantity"
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            value={values.quantity}
            error={shown('quantity')}
            onChange={(e) => set({ quantity: e.currentTarget.value })}
          />
          {values.type === INITIAL_STOCK && (
            <TextInput
              label="Initial Price (₹)"
              inputMode="decimal"
              autoComplete="off"
              value={values.initialPrice}
              error={shown('initialPrice')}
              onChange={(e) => set({ initialPrice: e.currentTarget.value })}
            />
          )}
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            value={values.reason}
            error={shown('reason')}
            onChange={(e) => set({ reason: e.currentTarget.value })}
          />
          <DateInput
            label="Adjustment Date"
            withAsterisk
            placeholder="DD/MM/YYYY"
            valueFormat="DD/MM/YYYY"
            maxDate={today}
            value={values.date || null}
            error={shown('date')}
            onChange={(v) => set({ date: typeof v === 'string' ? v.slice(0, 10) : '' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Adjust
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
