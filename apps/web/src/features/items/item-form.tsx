import { GST_RATES, ITEM_MESSAGES, ITEM_STATES, type ItemDto, type ItemState } from '@karya/domain';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import type { RefNames } from '../../components/record/ref-pickers';
import { isApiError, toFormData } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
import { useRecordSave } from '../../lib/record-save';
import { createItem, ITEMS_PAGE, itemChangeKeys, itemPath, updateItem } from './api';
import { type ItemFiles, ItemImagesField, ItemSpecificationField, useItemFiles } from './item-file-fields';
import { imagesWithinLimit } from './item-files';
import {
  changedItemFields,
  fieldOfItemError,
  type ItemFormState,
  itemFormValuesFrom,
  itemValidation,
} from './item-form-values';

export type ItemFormMode = 'create' | 'update';

/** What the verification and suggestion pages ask the update form to start with (spec 3 §2). */
export type ItemFormPrefill = { state?: ItemState; description?: string };

const LOADING: Record<ItemFormMode, string> = { create: 'Creating item', update: 'Updating item' };
export const ITEM_SUBMIT_LABEL: Record<ItemFormMode, string> = {
  create: 'Create Item',
  update: 'Update Item',
};

/** The domain schema (item-validation.ts), loaded as the form renders; a submit waits for it. */
const resolver = itemValidation.resolver((m) => m.itemResolver);

/** 28 first (spec 3 §9); nothing chosen until the user picks. */
const GST_OPTIONS = [
  { value: '', label: ITEM_MESSAGES.gstPick },
  ...GST_RATES.map((r) => ({ value: String(r), label: `${r}%` })),
];

// The brand, margin, category and class pickers: fetched as the form renders (item-ref-fields.tsx).
const ItemRefFields = lazy(() => import('./item-ref-fields').then((m) => ({ default: m.ItemRefFields })));

const PickersLoading = () => (
  <>
    {['Brand', 'Margin', 'Categories', 'Classes'].map((label) => (
      <Skeleton key={label} height={58} radius="sm" aria-hidden />
    ))}
  </>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

/** Removals kept with a form draft, and the names of the picked records. */
type DraftExtra = { names: RefNames; deletedImages: string[]; deleteSpecification: boolean };

/** Fields as multipart: JSON text for lists and shipping, then the new files and the removals. */
const itemBody = (fields: Record<string, unknown>, files: ItemFiles, keepEmpty: boolean) => {
  const body = toFormData(fields, undefined, { keepEmpty });
  for (const image of files.newImages) body.append('images', image);
  if (files.specification) body.append('specifications', files.specification);
  else if (files.deleteSpecification) body.append('deleteSpecifications', 'true');
  if (files.deletedImages.length) body.append('deletedImages', JSON.stringify(files.deletedImages));
  return body;
};

/**
 * The one item form (spec 3 §3, §5): Basic Information, Classification, Shipping, Suggestion Information,
 * State (with verification on product-item), Images and Specification, validated by the domain schema.
 * Create sends the item (empty values left out); update sends only what changed, plus the files added
 * and removed. `prefill` starts an update with state Verified (and a suggestion's description).
 */
export const ItemForm = ({
  mode,
  item,
  prefill,
  returnTo,
}: {
  mode: ItemFormMode;
  item?: ItemDto | null;
  prefill?: ItemFormPrefill;
  /** Where a saved form goes (the verification list it was opened from); else the item's page. */
  returnTo?: string;
}) => {
  const navigate = useNavigate();
  const location = useLocation();
  const { can } = useCan();
  const canVerify = can('product-item', 'verification');
  const canDeleteFiles = can('product-item', 'delete-file');
  const initial = useMemo(() => itemFormValuesFrom(item), [item]);
  const defaults = useMemo<ItemFormState>(
    () => ({
      ...initial,
      ...(prefill?.state && canVerify ? { state: prefill.state } : {}),
      ...(prefill?.description !== undefined ? { description: prefill.description } : {}),
    }),
    [initial, prefill, canVerify],
  );
  itemValidation.use();
  const form = useForm<ItemFormState>({
    defaultValues: defaults,
    resolver,
    // First on submit, then on every change; not on blur (a message appearing moves the controls).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, register, formState } = form;
  const errors = formState.errors;
  const rootRef = useRef<HTMLFormElement>(null);
  const files = useItemFiles(item);
  const [names, setNames] = useState<RefNames>({});

  const draft = useFormDraft<ItemFormState, DraftExtra>(form, {
    key: location.pathname,
    base: defaults,
    extra: { names, deletedImages: files.deletedImages, deleteSpecification: files.deleteSpecification },
    onRestore: ({ extra }) => {
      if (!extra) return;
      setNames((n) => ({ ...extra.names, ...n }));
      files.restore(extra);
    },
  });
  const guard = useLeaveGuard(formState.isDirty || files.changed, {
    message: 'You have unsaved changes. Do you want to discard them and leave this page?',
    onDiscard: draft.clear,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: itemChangeKeys });
  const leaveTo = returnTo ?? (item ? itemPath(item._id) : ITEMS_PAGE);

  const submit = async (values: ItemFormState) => {
    // The resolver has awaited the validation module, so it is here.
    const checks = itemValidation.current();
    if (!checks) return;
    if (!imagesWithinLimit(files.kept, files.newImages.length)) {
      files.setImageError(ITEM_MESSAGES.imagesTooMany);
      return;
    }
    const validated = checks.toItemInput(values);
    const body =
      mode === 'create'
        ? itemBody(validated, files, false)
        : itemBody(changedItemFields(validated, values, initial), files, true);
    await save({
      loading: LOADING[mode],
      call: (key) => (mode === 'create' || !item ? createItem(body, key) : updateItem(item._id, body, key)),
      onSaved: (answer) => navigate(returnTo ?? itemPath(answer.data?._id ?? item?._id ?? '')),
      onError: (error) => {
        const hit = isApiError(error) ? fieldOfItemError(error.status, error.body) : null;
        if (hit) {
          form.setError(hit.field, { type: 'server', message: hit.message });
          focusFirstError(rootRef.current);
        }
      },
    });
  };

  // Numbers are typed as text (the schema reads them, 'Must be a number' otherwise): a plain input, no
  // number-format code on the form's first load.
  const numberField = (
    name: 'rating' | 'weight' | 'length' | 'width' | 'height' | 'targetPrice',
    label: string,
    description?: string,
  ) => (
    <TextInput
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      {...register(name)}
      error={errors[name]?.message}
    />
  );

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={ITEM_SUBMIT_LABEL[mode]}
      onSubmit={form.handleSubmit(submit, () => focusFirstError(rootRef.current))}
    >
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}

        <Section title="Basic Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              withAsterisk
              autoComplete="off"
              {...register('name')}
              error={errors.name?.message}
            />
            <TextInput
              label="Model No"
              autoComplete="off"
              {...register('modalNo')}
              error={errors.modalNo?.message}
            />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              {...register('description')}
              error={errors.description?.message}
              style={{ gridColumn: '1 / -1' }}
            />
            {numberField('rating', 'Rating', '0 to 5')}
          </SimpleGrid>
        </Section>

        <Section title="Classification">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Suspense fallback={<PickersLoading />}>
              <ItemRefFields control={control} errors={errors} item={item} names={names} onNames={setNames} />
            </Suspense>
            <Controller
              control={control}
              name="gst"
              render={({ field }) => (
                <NativeSelect
                  label="GST %"
                  data={GST_OPTIONS}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.currentTarget.value || null)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.gst?.message}
                />
              )}
            />
            <TextInput
              label="HSN/SAC Code"
              description="4, 6 or 8 digits"
              inputMode="numeric"
              autoComplete="off"
              {...register('hsnCode')}
              error={errors.hsnCode?.message}
            />
          </SimpleGrid>
        </Section>

        <Section title="Shipping">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {numberField('weight', 'Weight (kg)')}
            {numberField('length', 'Length (m)')}
            {numberField('width', 'Width (m)')}
            {numberField('height', 'Height (m)')}
          </SimpleGrid>
        </Section>

        <Section title="Suggestion Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {numberField('targetPrice', 'Target Price (₹)')}
            <TextInput
              label="Preferred Brand"
              autoComplete="off"
              {...register('preferredBrand')}
              error={errors.preferredBrand?.message}
            />
          </SimpleGrid>
        </Section>

        {canVerify && (
          <Section title="State">
            <Controller
              control={control}
              name="state"
              render={({ field }) => (
                <NativeSelect
                  label="State"
                  description={
                    mode === 'create'
                      ? 'Left unchosen, the new item waits for verification (Unverified).'
                      : undefined
                  }
                  data={
                    mode === 'create'
                      ? [{ value: '', label: 'Not chosen' }, ...ITEM_STATES]
                      : [...ITEM_STATES]
                  }
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange((e.currentTarget.value || null) as ItemState | null)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.state?.message}
                  maw={360}
                />
              )}
            />
          </Section>
        )}

        <Section title="Images">
          <ItemImagesField files={files} canDeleteFiles={canDeleteFiles} />
        </Section>

        <Section title="Specification">
          <ItemSpecificationField
            files={files}
            canDeleteFiles={canDeleteFiles}
            viewerPath={item ? `${itemPath(item._id)}/specifications` : undefined}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => guard.leave(() => navigate(leaveTo))}
            disabled={formState.isSubmitting}
          >
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {ITEM_SUBMIT_LABEL[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
