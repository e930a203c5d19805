import {
  daysFromToday,
  PURCHASE_DATE_QUICK_DAYS,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  REQUIREMENT_TYPES,
  type RequirementDto,
  todayInAppZone,
} from '@karya/domain';
import { Chip, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { LongTextField, TextField } from '../../components/form/fields';
import { GuardedFormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { ChoiceField } from '../../components/form/native-select-fields';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import type { RefNames } from '../../components/record/ref-pickers';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, nameOnly, useFormDraft } from '../../lib/form-draft';
import { useRecordSave } from '../../lib/record-save';
import {
  createRequirement,
  REQUIREMENTS_PAGE,
  requirementChangeKeys,
  requirementPath,
  updateRequirement,
} from './api';
import { EMPTY_LINE_DRAFT, hasUnsavedLine, type ItemLineDraft } from './item-lines';
import {
  changedRequirementFields,
  newRequirementValues,
  type RequirementFormState,
  requirementFormValuesFrom,
  requirementValidation,
} from './requirement-form-values';

export type RequirementFormMode = 'create' | 'update';

// The pickers (combobox code) and the items editor: fetched as the form renders (pickers.tsx).
const CustomerPicker = lazy(() => import('./pickers').then((m) => ({ default: m.CustomerPicker })));
const ItemsEditor = lazy(() => import('./items-editor').then((m) => ({ default: m.ItemsEditor })));
const PickerLoading = ({ height = 58 }: { height?: number }) => (
  <Skeleton height={height} radius="sm" aria-hidden />
);
export const REQUIREMENT_SUBMIT_LABEL: Record<RequirementFormMode, string> = {
  create: 'Create Requirement',
  update: 'Update Requirement',
};
const LOADING: Record<RequirementFormMode, string> = {
  create: 'Creating requirement',
  update: 'Updating requirement',
};

/** What a draft keeps beside the values: the names of picked records and the item line being typed. */
type DraftExtra = { names: RefNames; line: ItemLineDraft };

/** Navigation state a link may carry (the customer detail's Create Requirement: spec 2 §2). */
type CarriedState = { customerId?: unknown } | null;

/**
 * The requirement form (spec 2 §2, §4, §5): title, customer (only customers the user sees; locked on
 * update), type, priority, status (update only), the items editor (#items), budget (Rs.), purchase date
 * (15 days ahead by default; quick choices 7, 10, 15, 30 days) and notes, checked by the domain's rules.
 * Create sends the requirement; update only what changed.
 */
export const RequirementForm = ({
  mode,
  requirement,
}: {
  mode: RequirementFormMode;
  requirement?: RequirementDto | null;
}) => {
  const navigate = useNavigate();
  const location = useLocation();
  const { can } = useCan();
  const carried = (location.state as CarriedState)?.customerId;
  const initial = useMemo(
    () =>
      requirement
        ? requirementFormValuesFrom(requirement)
        : newRequirementValues(typeof carried === 'string' ? carried : null),
    [requirement, carried],
  );
  const stored = requirement?.purchaseDate ?? null;
  requirementValidation.use();
  const resolver = useMemo(
    () => requirementValidation.resolver((m) => m.requirementResolver(mode, stored)),
    [mode, stored],
  );
  const form = useCheckedForm<RequirementFormState>(initial, resolver);
  const { control, formState, setValue } = form;
  const errors = formState.errors;
  const rootRef = useRef<HTMLFormElement>(null);
  const [names, setNames] = useState<RefNames>(() =>
    Object.fromEntries(
      [
        ...(requirement?.customer ? [requirement.customer] : []),
        ...(requirement?.items.flatMap((l) => (l.item ? [l.item] : [])) ?? []),
      ].map((r) => [r._id, r.name]),
    ),
  );
  const [lineDraft, setLineDraft] = useState<ItemLineDraft>(EMPTY_LINE_DRAFT);

  const draft = useFormDraft<RequirementFormState, DraftExtra>(form, {
    key: location.pathname,
    // A new requirement's draft belongs to the customer it was opened for, if any.
    context: requirement || typeof carried !== 'string' ? undefined : { customerId: carried },
    describe: ({ values, extra }) => {
      if (requirement) return describeDraft('requirement', { updating: true, name: requirement.title });
      const name = nameOnly(extra?.names?.[values.customer ?? '']);
      return `requirement${name ? ` for ${name}` : ''}`;
    },
    base: initial,
    extra: { names, line: lineDraft },
    onRestore: ({ extra }) => {
      if (!extra) return;
      if (extra.names) setNames((n) => ({ ...extra.names, ...n }));
      if (extra.line?.line) setLineDraft(extra.line);
    },
  });
  const guard = usePageFormGuard(formState.isDirty || hasUnsavedLine(lineDraft), draft.clear);
  const save = useRecordSave({ form, draft, guard, invalidate: requirementChangeKeys });
  const purchaseDate = useWatch({ control, name: 'purchaseDate' });
  const today = todayInAppZone();

  const submit = async (values: RequirementFormState) => {
    if (hasUnsavedLine(lineDraft)) {
      form.setError('items', { type: 'unsaved', message: REQUIREMENT_MESSAGES.unsavedItem });
      focusFirstError(rootRef.current, '[data-items-error]');
      return;
    }
    const checks = await requirementValidation.get();
    const validated = checks.toRequirementInput(values, mode, stored);
    const body = mode === 'create' ? validated : changedRequirementFields(validated, values, initial);
    await save({
      loading: LOADING[mode],
      call: (key) =>
        mode === 'create' || !requirement
          ? createRequirement(body, key)
          : updateRequirement(requirement._id, body, key),
      onSaved: (answer) => navigate(requirementPath(answer.data?._id ?? requirement?._id ?? '')),
    });
  };

  const required = (name: 'type' | 'priority' | 'status', label: string, values: readonly string[]) => (
    <ChoiceField form={form} name={name} label={label} withAsterisk data={[...values]} />
  );

  return (
    <FormFrame
      form={form}
      label={REQUIREMENT_SUBMIT_LABEL[mode]}
      onValid={submit}
      formRef={rootRef}
      focusAlso={'[data-items-error]'}
      draft={draft}
    >
      <FormSection title="Requirement">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField form={form} name="title" label="Title" withAsterisk autoComplete="off" wide />
          {mode === 'update' ? (
            <TextInput
              label="Customer"
              value={requirement?.customer?.name ?? ''}
              readOnly
              description="The customer of a requirement cannot be changed."
            />
          ) : (
            <Suspense fallback={<PickerLoading />}>
              <Controller
                control={control}
                name="customer"
                render={({ field }) => (
                  <CustomerPicker
                    value={field.value || null}
                    onChange={(id) => field.onChange(id ?? '')}
                    onBlur={field.onBlur}
                    canSearch={can('customer', 'suggestion')}
                    names={names}
                    onNames={setNames}
                    error={errors.customer?.message}
                  />
                )}
              />
            </Suspense>
          )}
          {required('type', 'Type', REQUIREMENT_TYPES)}
          {required('priority', 'Priority', REQUIREMENT_PRIORITIES)}
          {mode === 'update' && required('status', 'Status', REQUIREMENT_STATUSES)}
        </SimpleGrid>
      </FormSection>

      <FormSection title="Items" id="items">
        <Suspense fallback={<PickerLoading height={180} />}>
          <Controller
            control={control}
            name="items"
            render={({ field }) => (
              <ItemsEditor
                lines={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  form.clearErrors('items');
                }}
                draft={lineDraft}
                onDraft={(next) => {
                  setLineDraft(next);
                  if (errors.items?.type === 'unsaved') form.clearErrors('items');
                }}
                names={names}
                onNames={setNames}
                canSearch={can('product-item', 'suggestion')}
                canSuggest={can('product-item', 'create')}
                error={errors.items?.message ?? errors.items?.root?.message}
              />
            )}
          />
        </Suspense>
      </FormSection>

      <FormSection title="Budget and Purchase">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField
            form={form}
            name="budget"
            label="Budget"
            withAsterisk
            leftSection={<Text size="xs">Rs.</Text>}
            leftSectionWidth={40}
            inputMode="decimal"
            autoComplete="off"
          />
          <Stack gap={6}>
            <TextField
              form={form}
              name="purchaseDate"
              label="Purchase Date"
              withAsterisk
              type="date"
              min={mode === 'create' ? today : undefined}
            />
            <Chip.Group
              value={
                PURCHASE_DATE_QUICK_DAYS.map(String).find((d) => daysFromToday(Number(d)) === purchaseDate) ??
                null
              }
              onChange={(v) => {
                if (typeof v === 'string' && v)
                  setValue('purchaseDate', daysFromToday(Number(v)), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  });
              }}
            >
              <Group gap={6} role="group" aria-label="Purchase in">
                {PURCHASE_DATE_QUICK_DAYS.map((d) => (
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
      <GuardedFormActions
        guard={guard}
        leaveTo={requirement ? requirementPath(requirement._id) : REQUIREMENTS_PAGE}
        submitLabel={REQUIREMENT_SUBMIT_LABEL[mode]}
        form={form}
      />
    </FormFrame>
  );
};
