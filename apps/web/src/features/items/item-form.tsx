import {
  GST_ZERO_KINDS,
  gstRatesOn,
  ITEM_MESSAGES,
  ITEM_STATES,
  type ItemDto,
  type ItemState,
  UNITS_OF_QUANTITY,
} from '@karya/domain';
import { NativeSelect, SimpleGrid, Skeleton } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { LongTextField, TextField } from '../../components/form/fields';
import { GuardedFormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import type { RefNames } from '../../components/record/ref-pickers';
import { isApiError, toFormData } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
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

/**
 * The slabs in force today, highest first (gst-slabs.ts); an item stored with a retired rate shows it, marked,
 * so the form says what it holds, and the schema asks for a current one.
 */
const gstOptions = (stored: number | null | undefined) => {
  const today = gstRatesOn(new Date());
  const retired = stored !== null && stored !== undefined && !today.includes(stored);
  return [
    { value: '', label: ITEM_MESSAGES.gstPick },
    ...(retired ? [{ value: String(stored), label: `${stored}% (no longer in force)` }] : []),
    ...today.map((r) => ({ value: String(r), label: `${r}%` })),
  ];
};
const UQC_OPTIONS = Object.entries(UNITS_OF_QUANTITY).map(([code, name]) => ({
  value: code,
  label: `${code} (${name})`,
}));
const ZERO_KIND_OPTIONS = [
  { value: '', label: 'Select' },
  ...GST_ZERO_KINDS.map((k) => ({ value: k, label: k })),
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
  const form = useCheckedForm<ItemFormState>(defaults, resolver);
  const { control, formState } = form;
  const errors = formState.errors;
  const gstValue = useWatch({ control, name: 'gst' });
  const rootRef = useRef<HTMLFormElement>(null);
  const files = useItemFiles(item);
  const [names, setNames] = useState<RefNames>({});

  const draft = useFormDraft<ItemFormState, DraftExtra>(form, {
    key: location.pathname,
    // An update opened to verify an item (with its prefill) is another context than a plain update.
    context: prefill,
    describe: ({ values }) =>
      describeDraft('item', { updating: Boolean(item), name: item?.name ?? values.name }),
    base: defaults,
    extra: { names, deletedImages: files.deletedImages, deleteSpecification: files.deleteSpecification },
    onRestore: ({ extra }) => {
      if (!extra) return;
      setNames((n) => ({ ...extra.names, ...n }));
      files.restore(extra);
    },
  });
  const guard = usePageFormGuard(formState.isDirty || files.changed, draft.clear);
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
    <TextField
      form={form}
      name={name}
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
    />
  );

  return (
    <FormFrame form={form} label={ITEM_SUBMIT_LABEL[mode]} onValid={submit} formRef={rootRef} draft={draft}>
      <FormSection title="Basic Information">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField form={form} name="name" label="Name" withAsterisk autoComplete="off" />
          <TextField form={form} name="modalNo" label="Model No" autoComplete="off" />
          <LongTextField form={form} name="description" label="Description" rows={[3, 10]} wide />
          {numberField('rating', 'Rating', '0 to 5')}
        </SimpleGrid>
      </FormSection>

      <FormSection title="Classification">
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
                data={gstOptions(item?.gst)}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.currentTarget.value || null)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.gst?.message}
              />
            )}
          />
          {gstValue === '0' && (
            <Controller
              control={control}
              name="gstZeroKind"
              render={({ field }) => (
                <NativeSelect
                  label="0% is"
                  description="A tax invoice prints nil-rated and exempt goods apart"
                  data={ZERO_KIND_OPTIONS}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.currentTarget.value || null)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.gstZeroKind?.message}
                  required
                />
              )}
            />
          )}
          <TextField
            form={form}
            name="hsnCode"
            label="HSN/SAC Code"
            description="4, 6 or 8 digits"
            inputMode="numeric"
            autoComplete="off"
          />
          <Controller
            control={control}
            name="uqc"
            render={({ field }) => (
              <NativeSelect
                label="Unit"
                description="The unit of quantity a tax invoice prints"
                data={UQC_OPTIONS}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.uqc?.message}
              />
            )}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Shipping">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {numberField('weight', 'Weight (kg)')}
          {numberField('length', 'Length (m)')}
          {numberField('width', 'Width (m)')}
          {numberField('height', 'Height (m)')}
        </SimpleGrid>
      </FormSection>

      <FormSection title="Suggestion Information">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {numberField('targetPrice', 'Target Price (₹)')}
          <TextField form={form} name="preferredBrand" label="Preferred Brand" autoComplete="off" />
        </SimpleGrid>
      </FormSection>

      {canVerify && (
        <FormSection title="State">
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
                  mode === 'create' ? [{ value: '', label: 'Not chosen' }, ...ITEM_STATES] : [...ITEM_STATES]
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
        </FormSection>
      )}

      <FormSection title="Images">
        <ItemImagesField files={files} canDeleteFiles={canDeleteFiles} />
      </FormSection>

      <FormSection title="Specification">
        <ItemSpecificationField
          files={files}
          canDeleteFiles={canDeleteFiles}
          viewerPath={item ? `${itemPath(item._id)}/specifications` : undefined}
        />
      </FormSection>
      <GuardedFormActions guard={guard} leaveTo={leaveTo} submitLabel={ITEM_SUBMIT_LABEL[mode]} form={form} />
    </FormFrame>
  );
};
