import { zodResolver } from '@hookform/resolvers/zod';
import {
  MARGIN_MESSAGES,
  MARGIN_TIER_LABELS,
  MARGIN_TIERS,
  type MarginDto,
  type MarginInput,
  marginCreateSchema,
} from '@karya/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
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
  registerClose: (c: () => void) => void;
}) => {
  const base = valuesFrom(margin);
  const form = useForm<Values>({
    defaultValues: base,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const rootRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const draft = useFormDraft(form, { key: margin ? `margin:update:${margin._id}` : 'margin:create', base });
  const guard = useLeaveGuard(form.formState.isDirty, { onDiscard: draft.clear });
  const { leave } = guard;
  const close = useCallback(() => leave(onClose), [leave, onClose]);
  useEffect(() => registerClose(close), [registerClose, close]);
  const save = useRecordSave({ form, draft, guard, invalidate: [marginKeys.all] });
  const errors = form.formState.errors;

  const submit = (values: Values) => {
    setServerError(null);
    // The resolver has checked every tier: the values are numbers from 0 to 100.
    const input = values as unknown as MarginInput;
    return save({
      loading: margin ? 'Updating margin' : 'Creating margin',
      call: () => (margin ? updateMargin(margin._id, input) : createMargin(input)),
      onSaved: () => onClose(),
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={margin ? 'Update Margin' : 'Create Margin'}
      onSubmit={form.handleSubmit(submit, () => focusFirstError(rootRef.current))}
    >
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}
        {serverError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {serverError}
          </Alert>
        )}
        <TextInput
          label="Name"
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          {...form.register('description')}
          error={errors.description?.message}
        />
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {margin ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The margin dialog on /admin/products/margins (spec 3 §2): create, or with an id the margin's update form
 * (Delete by permission), or for a deleted margin Restore / Delete Permanently.
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
  const phone = useMediaQuery('(max-width: 48em)');
  const { can } = useCan();
  const query = useMargin(opened && marginId ? marginId : null);
  const lifecycle = useMarginLifecycle();
  const closeRef = useRef<() => void>(onClose);
  const registerClose = useCallback((close: () => void) => {
    closeRef.current = close;
  }, []);
  const margin = marginId ? query.data : null;
  const run = (action: (id: string) => Promise<boolean>) => async () => {
    if (margin && (await action(margin._id))) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => closeRef.current()}
      title={marginId ? (margin?.isDeleted ? 'Margin' : 'Update Margin') : 'Create Margin'}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!opened ? null : marginId && query.isPending ? (
        <Loader aria-label="Loading margin" mx="auto" display="block" />
      ) : marginId && !margin ? (
        <Alert color="red" role="alert">
          {query.isError ? messageOf(query.error) : MARGIN_MESSAGES.notFound}
        </Alert>
      ) : margin?.isDeleted ? (
        <Stack gap="md">
          <Alert color="red" variant="light" title="This margin is deleted">
            {margin.name}
          </Alert>
          <Group justify="flex-end" gap="sm">
            {can('product-margin', 'restore') && (
              <Button disabled={lifecycle.running} onClick={run(lifecycle.restore)}>
                Restore
              </Button>
            )}
            {can('product-margin', 'delete-permanently') && (
              <Button color="red" disabled={lifecycle.running} onClick={run(lifecycle.removePermanently)}>
                Delete Permanently
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <MarginForm
            key={margin?._id ?? 'new'}
            margin={margin}
            onClose={onClose}
            registerClose={registerClose}
          />
          {margin && can('product-margin', 'delete') && (
            <Group>
              <Button
                variant="subtle"
                color="red"
                disabled={lifecycle.running}
                onClick={run(lifecycle.remove)}
              >
                Delete Margin
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
};
