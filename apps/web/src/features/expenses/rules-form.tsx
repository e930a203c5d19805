// The expense rules form: its own chunk (with zod and the form kit), loaded when the Rules view opens.
import { type ExpenseRules, expenseRulesSchema, formatRupees, toPaise, travelPaise } from '@karya/domain';
import { SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { TextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { useRecordSave } from '../../lib/record-save';
import { expenseKeys, saveExpenseRules } from './api';

/** The rules as typed: rupees as text, read by the schema (numberFromText). */
type RulesValues = { ratePerKm: string; receiptAbove: string };

/** The domain's expenseRulesSchema, its first message per field. */
const resolver: Resolver<RulesValues> = async (values) => {
  const parsed = expenseRulesSchema.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<RulesValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof RulesValues | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

const NO_DRAFT = { clear: () => undefined };
const INVALIDATE = [expenseKeys.all];
const asValues = (r: ExpenseRules): RulesValues => ({
  ratePerKm: String(r.ratePerKm),
  receiptAbove: String(r.receiptAbove),
});

/**
 * The rupees per km of travel and the amount above which an expense needs its receipt, checked with the
 * domain's expenseRulesSchema, saved with PUT (update on company settings). Travel already claimed keeps
 * the rate it was priced at.
 */
export const ExpenseRulesForm = ({ rules }: { rules: ExpenseRules }) => {
  const base = useMemo(() => asValues(rules), [rules]);
  const form = useCheckedForm<RulesValues>(base, resolver);
  const guard = usePageFormGuard(form.formState.isDirty);
  const save = useRecordSave({ form, draft: NO_DRAFT, guard, invalidate: INVALIDATE });
  const rate = toPaise(form.watch('ratePerKm'));

  const submit = (values: RulesValues) => {
    const parsed = expenseRulesSchema.safeParse(values);
    if (!parsed.success) return;
    return save({
      loading: 'Saving expense rules',
      call: (key) => saveExpenseRules(parsed.data, key),
      onSaved: (answer) => {
        if (answer.data) form.reset(asValues(answer.data));
      },
    });
  };

  return (
    <FormFrame form={form} label="Expense rules" onValid={submit}>
      <Text size="sm" c="dimmed">
        Travel by distance is priced at the rate per km; any other expense over the receipt limit needs its
        receipt before the claim can be submitted. A new rate prices travel added from now on.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextField
          form={form}
          name="ratePerKm"
          label="Rate per km (₹)"
          description={
            rate !== null && rate > 0 ? `A 25 km trip: ${formatRupees(travelPaise(25, rate))}` : undefined
          }
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
        />
        <TextField
          form={form}
          name="receiptAbove"
          label="Receipt needed above (₹)"
          description="0: every expense not priced by distance needs a receipt"
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
        />
      </SimpleGrid>
      <FormActions form={form} submitLabel="Save" onCancel={() => form.reset(base)} />
    </FormFrame>
  );
};
