import { zodResolver } from '@hookform/resolvers/zod';
import {
  MARGIN_MESSAGES,
  MARGIN_TIER_LABELS,
  MARGIN_TIERS,
  type MarginDto,
  type MarginInput,
  marginCreateSchema,
} from '@karya/domain';
import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useDialogFormGuard } from '../../components/form/dialog-guard';
import { NameAndDescription } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame } from '../../components/form/form-frame';
import { RecordDialog, type RegisterClose } from '../../components/record/record-dialog';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import { createMargin, marginKeys, updateMargin, useMargin, useMarginLifecycle } from './api';

type Values = {
  name: string;
  description: string;
  margins: Record<string, number | string>;
  isActive: boolean;
};
const resolver = zodResolver(marginCreateSchema) as unknown as Resolver<Values>;

const valuesFrom = (m?: MarginDto | null): Values => ({
  name: m?.name ?? '',
  description: m?.description ?? '',
  margins: Object.fromEntries(MARGIN_TIERS.map((t) => [t, m ? m.margins[t] : ''])),
  isActive: m?.isActive ?? true,
});

const MarginForm = ({
  margin,
  onClose,
  registerClose,
}: {
  margin?: MarginDto | null;
  onClose: () => void;
  registerClose: RegisterClose;
}) => {
  const base = valuesFrom(margin);
  const form = useForm<Values>({
    defaultValues: base,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const draft = useFormDraft(form, {
    key: margin ? `margin:update:${margin._id}` : 'margin:create',
    describe: ({ values }) =>
      describeDraft('margin', { updating: Boolean(margin), name: margin?.name ?? values.name }),
    base,
  });
  const { guard, close } = useDialogFormGuard({
    dirty: form.formState.isDirty,
    onDiscard: draft.clear,
    onClose,
    registerClose,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: [marginKeys.all] });
  const errors = form.formState.errors;

  const submit = (values: Values) => {
    setServerError(null);
    // The resolver has checked every tier: the values are numbers from 0 to 100.
    const input = values as unknown as MarginInput;
    return save({
      loading: margin ? 'Updating margin' : 'Creating margin',
      call: (key) => (margin ? updateMargin(margin._id, input, key) : createMargin(input, key)),
      onSaved: () => onClose(),
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  const label = margin ? 'Update Margin' : 'Create Margin';
  return (
    <FormFrame form={form} label={label} onValid={submit} draft={draft} serverError={serverError}>
      <NameAndDescription form={form} descriptionRows={5} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {MARGIN_TIERS.map((t) => (
          <Controller
            key={t}
            control={form.control}
            name={`margins.${t}`}
            render={({ field }) => (
              <NumberInput
                label={`${MARGIN_TIER_LABELS[t]} (%)`}
                withAsterisk
                decimalScale={2}
                value={field.value}
                onChange={(v) => field.onChange(v === '' ? '' : typeof v === 'number' ? v : Number(v))}
                onBlur={field.onBlur}
                ref={field.ref}
                error={
                  (errors.margins as Record<string, { message?: string }> | undefined)?.[t]?.message ??
                  (t === 't1' ? (errors.margins as { message?: string } | undefined)?.message : undefined)
                }
              />
            )}
          />
        ))}
      </SimpleGrid>
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Switch
            label="Active"
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            ref={field.ref}
            error={errors.isActive ? MARGIN_MESSAGES.isActiveRequired : undefined}
          />
        )}
      />
      <FormActions form={form} onCancel={close} submitLabel={margin ? 'Update' : 'Create'} />
    </FormFrame>
  );
};

/**
 * The margin dialog on /admin/products/margins (spec 3 §2): create, or with an id the margin's update form
 * and Delete, or for a deleted margin Restore / Delete Permanently (RecordDialog).
 */
export const MarginFormModal = ({
  opened,
  marginId,
  onClose,
}: {
  opened: boolean;
  marginId?: string | null;
  onClose: () => void;
}) => {
  const query = useMargin(opened && marginId ? marginId : null);
  const lifecycle = useMarginLifecycle();
  return (
    <RecordDialog<MarginDto>
      opened={opened}
      onClose={onClose}
      recordId={marginId}
      query={query}
      titles={{ create: 'Create Margin', update: 'Update Margin', deleted: 'Margin' }}
      noun="margin"
      notFoundText={MARGIN_MESSAGES.notFound}
      resource="product-margin"
      lifecycle={{ ...lifecycle, deleteLabel: 'Delete Margin' }}
      history={(id) => ({
        path: `/crm/products/margins/${id}/history`,
        queryKey: [...marginKeys.detail(id), 'history'],
      })}
    >
      {(margin, registerClose) => (
        <MarginForm
          key={margin?._id ?? 'new'}
          margin={margin}
          onClose={onClose}
          registerClose={registerClose}
        />
      )}
    </RecordDialog>
  );
};
