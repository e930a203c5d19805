import { daysFromToday, VALID_UNTIL_QUICK_DAYS } from '@karya/domain';
import { Chip, Group, SimpleGrid, Stack } from '@mantine/core';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { DateField } from '../../components/form/date-field';
import { LongTextField } from '../../components/form/fields';
import { FormSection } from '../../components/form/section';
import type { QuotationFormState } from './quotation-form-values';

/**
 * Validity and Notes (spec 3 §5, §9): Valid Until, after today, with the quick choices 7, 10, 15 and 30
 * days from today (the one the date matches shown chosen), and the notes.
 */
export const ValiditySection = ({ form }: { form: UseFormReturn<QuotationFormState> }) => {
  const validUntil = useWatch({ control: form.control, name: 'validUntil' });
  return (
    <FormSection title="Validity and Notes">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6}>
          <DateField
            form={form}
            name="validUntil"
            label="Valid Until"
            withAsterisk
            minDate={daysFromToday(1)}
          />
          <Chip.Group
            value={
              VALID_UNTIL_QUICK_DAYS.map(String).find((d) => daysFromToday(Number(d)) === validUntil) ?? null
            }
            onChange={(v) => {
              if (typeof v === 'string' && v)
                form.setValue('validUntil', daysFromToday(Number(v)), {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                });
            }}
          >
            <Group gap={6} role="group" aria-label="Valid for">
              {VALID_UNTIL_QUICK_DAYS.map((d) => (
                <Chip key={d} value={String(d)} size="xs" variant="outline">
                  {d} days
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <LongTextField form={form} name="notes" label="Notes" rows={[3, 10]} wide />
      </SimpleGrid>
    </FormSection>
  );
};
