import { INITIAL_STOCK, STOCK_ADJUSTMENT_TYPES, todayInAppZone } from '@karya/domain';
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { useIdempotencyKey } from '../../lib/idempotency';
import { DateInput } from '../../lib/lazy-date-input';
import { withLoadingToast } from '../../lib/notify';
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
  const save = useSaveOnce();
  const { setServerError } = save;
  const keeper = useIdempotencyKey();

  useEffect(() => {
    if (!opened) return;
    setValues(newAdjustValues(todayInAppZone()));
    setTouched({});
    setServerError(null);
  }, [opened, setServerError]);

  // Anything typed makes closing ask first (Escape, the backdrop, the ✕, Cancel).
  const start = useMemo(() => JSON.stringify(newAdjustValues(today)), [today]);
  const dirty = JSON.stringify(values) !== start;

  const errors: AdjustErrors = checkAdjustment(values, today);
  const shown = (k: keyof AdjustValues) => (touched[k] ? errors[k] : undefined);
  const set = (patch: Partial<AdjustValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setTouched((t) => ({ ...t, ...Object.fromEntries(Object.keys(patch).map((k) => [k, true])) }));
  };

  const submit = () => {
    setTouched({ type: true, quantity: true, reason: true, date: true, initialPrice: true });
    if (Object.keys(errors).length) return;
    void save.run(async () => {
      await withLoadingToast('Adjusting stock', () =>
        keeper.run((key) => adjustStock(stockId, toAdjustBody(values), key)),
      );
      for (const root of ['stocks', 'items']) void client.invalidateQueries({ queryKey: [root] });
      onClose();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened}
      onClose={onClose}
      dirty={dirty}
      title="Adjust Stock"
      gap="sm"
      save={save}
      submitLabel="Adjust"
      onSubmit={submit}
    >
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
    </GuardedDialogForm>
  );
};
