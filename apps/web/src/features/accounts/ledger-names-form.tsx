import { LEDGER_NAME_KEYS, LEDGER_NAME_LABELS, type LedgerNames, PER_RATE_LEDGERS } from '@karya/domain';
import { SimpleGrid, Text } from '@mantine/core';
import { TextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { lazyValidation } from '../../lib/lazy-validation';
import { useRecordSave } from '../../lib/record-save';
import { ledgerNamesKey, updateLedgerNames } from './api';

const validation = lazyValidation(() => import('./accounts-validation'));
const resolver = validation.resolver<LedgerNames>((m) => m.ledgerNamesResolver);
const NO_DRAFT = { clear: () => undefined };

/**
 * The ledgers a Tally export names: Tally's usual names until the accountant sets the company's own (the
 * four per-rate ledgers may hold {rate}). Read-only without update on accounts.
 */
export const LedgerNamesForm = ({ names, canEdit }: { names: LedgerNames; canEdit: boolean }) => {
  validation.use();
  const form = useCheckedForm<LedgerNames>(names, resolver);
  const guard = usePageFormGuard(form.formState.isDirty);
  const save = useRecordSave({ form, draft: NO_DRAFT, guard, invalidate: [ledgerNamesKey] });
  const submit = (values: LedgerNames) =>
    save({
      loading: 'Saving ledger names',
      call: (key) => updateLedgerNames(values, key),
      onSaved: (answer) => {
        if (answer.data) form.reset(answer.data);
      },
    });
  return (
    <FormFrame form={form} label="Tally ledger names" onValid={submit}>
      <Text size="sm" c="dimmed" mb="sm">
        The names must match the ledgers in your Tally company. In a sales or purchase ledger, {'{rate}'}{' '}
        stands for the GST rate: “Sales @ {'{rate}'}%” posts an 18% line to “Sales @ 18%”.
      </Text>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {LEDGER_NAME_KEYS.map((key) => (
            <TextField
              key={key}
              form={form}
              name={key}
              label={LEDGER_NAME_LABELS[key]}
              description={PER_RATE_LEDGERS.includes(key) ? 'May hold {rate}' : undefined}
              withAsterisk
              autoComplete="off"
              maxLength={100}
            />
          ))}
        </SimpleGrid>
      </fieldset>
      {canEdit ? <FormActions form={form} submitLabel="Save" onCancel={() => form.reset(names)} /> : null}
    </FormFrame>
  );
};
