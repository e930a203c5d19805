import {
  formatCustomerId,
  formatQuotationId,
  formatRequirementId,
  type MarginTier,
  type QuotationDto,
  quotationChanges,
  REQUIREMENT_MESSAGES,
} from '@karya/domain';
import { SimpleGrid, Skeleton, TextInput } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { type FieldPath, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { HeldField, TextField } from '../../components/form/fields';
import { GuardedFormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import type { RefNames } from '../../components/record/ref-pickers';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, nameOnly, useFormDraft } from '../../lib/form-draft';
import { useRecordSave } from '../../lib/record-save';
import { useCustomer } from '../customers/api';
import { customerDetails, customerSource } from '../purchases/trade-sources';
import {
  createQuotation,
  QUOTATIONS_PAGE,
  quotationChangeKeys,
  quotationPath,
  reQuote,
  updateQuotation,
} from './api';
import { isInterState, loadQuotationPrefill, type QuotationPrefill } from './form-prefill';
import { requirementSource } from './form-sources';
import { ChangesPreview, PrefillWarnings, QuotationTotalsView } from './form-totals';
import { ValiditySection } from './form-validity';
import {
  comparable,
  emptyLineDraft,
  formTotals,
  hasUnsavedLine,
  type LineDraft,
  linesFromVersion,
  quotableTiers,
  startingTier,
} from './line-pricing';
import {
  changedQuotationFields,
  fieldOfServerError,
  newQuotationValues,
  type QuotationFormMode,
  type QuotationFormState,
  quotationFormValuesFrom,
  quotationValidation,
} from './quotation-form-values';

// The pickers (Mantine's Select) and the line editor load beside the page, not before it: the form's first
// paint stays within the size budget, as the requirement form's does.
const RefSelect = lazy(() =>
  import('../../components/record/ref-pickers').then((m) => ({ default: m.RefSelect })),
);
const QuotationLineEditor = lazy(() =>
  import('./line-editor').then((m) => ({ default: m.QuotationLineEditor })),
);
const FIELD_LOADING = <Skeleton h={60} radius="sm" />;

export const QUOTATION_SUBMIT_LABEL: Record<QuotationFormMode, string> = {
  create: 'Create Quotation',
  update: 'Update Quotation',
  're-quotation': 'Create Re-Quotation',
};
const LOADING: Record<QuotationFormMode, string> = {
  create: 'Creating quotation',
  update: 'Updating quotation',
  're-quotation': 'Creating re-quotation',
};

/** What a draft keeps beside the values: the names of picked records and the line being typed. */
type DraftExtra = { names: RefNames; line: LineDraft };

/**
 * The quotation form (spec 3 §2, §5, §9; issue 25): Quotation Details (customer, then one of its
 * requirements: both fixed once the quotation exists; title), Items (the line editor), Validity and Notes
 * (Valid Until 7 days ahead by default, quick choices 7, 10, 15 and 30 days, never today or before), and the
 * totals with the GST split by the customer's place of supply. A re-quotation also shows the changes it
 * makes to the version it re-quotes. Create sends the quotation; update only what changed; re-quotation the
 * whole new version. A refused save puts the server's message on its field.
 */
export const QuotationForm = ({
  mode,
  quotation,
  prefill,
}: {
  mode: QuotationFormMode;
  quotation?: QuotationDto | null;
  prefill?: QuotationPrefill | null;
}) => {
  const navigate = useNavigate();
  const location = useLocation();
  const { can } = useCan();
  const { user } = useAuth();
  const initial = useMemo(
    () =>
      quotation && mode !== 'create'
        ? quotationFormValuesFrom(quotation, mode)
        : newQuotationValues(prefill ?? {}),
    [quotation, mode, prefill],
  );
  const storedValidUntil = mode === 'update' ? initial.validUntil : null;
  quotationValidation.use();
  const resolver = useMemo(
    () => quotationValidation.resolver((m) => m.quotationResolver(mode, storedValidUntil)),
    [mode, storedValidUntil],
  );
  const form = useCheckedForm<QuotationFormState>(initial, resolver);
  const { control, formState, setValue } = form;
  const rootRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<readonly string[]>(prefill?.warnings ?? []);
  const [names, setNames] = useState<RefNames>(() => ({
    ...prefill?.names,
    ...Object.fromEntries(initial.items.map((l) => [l.item, l.name])),
  }));

  const tiers = useMemo(() => quotableTiers((t) => can('product-item-price', `read-${t}`)), [can]);
  const customerId = useWatch({ control, name: 'customer' });
  const readCustomer = can('customer', 'read');
  const customerQuery = useCustomer(mode === 'create' && readCustomer ? customerId || null : null);
  const picked = customerId ? customerDetails.get(customerId) : undefined;
  const marginTier: MarginTier | null =
    quotation?.customer?.marginTier ??
    customerQuery.data?.marginTier ??
    picked?.marginTier ??
    (prefill?.customer === customerId ? prefill?.marginTier : null) ??
    null;
  const defaultTier = startingTier(tiers, marginTier);
  const [lineDraft, setLineDraft] = useState<LineDraft>(() => emptyLineDraft(defaultTier));
  const interState =
    quotation && mode !== 'create'
      ? quotation.activeVersion.placeOfSupply.interState
      : isInterState(
          customerQuery.data
            ? { gstin: customerQuery.data.gstin, state: customerQuery.data.address.state }
            : prefill?.customer === customerId && prefill?.party
              ? prefill.party
              : picked
                ? { state: picked.address.state }
                : null,
          user?.companyState,
        );

  const draft = useFormDraft<QuotationFormState, DraftExtra>(form, {
    key: location.pathname,
    // A new quotation's draft belongs to the requirement it was converted from, if any.
    context: mode === 'create' && prefill ? { requirement: prefill.requirement } : undefined,
    describe: ({ values, extra }) => {
      if (quotation && mode === 're-quotation')
        return `re-quotation of ${formatQuotationId(quotation.quotationId)}`;
      if (quotation)
        return describeDraft('quotation', { updating: true, name: quotation.activeVersion.title });
      const name = nameOnly(extra?.names?.[values.customer ?? '']);
      return `quotation${name ? ` for ${name}` : ''}`;
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
  const save = useRecordSave({ form, draft, guard, invalidate: quotationChangeKeys });
  const items = useWatch({ control, name: 'items' });
  const totals = formTotals(items, interState);
  const changes = useMemo(
    () =>
      mode === 're-quotation' && quotation
        ? quotationChanges(comparable(linesFromVersion(quotation.activeVersion.items)), comparable(items))
        : [],
    [mode, quotation, items],
  );

  const submit = async (values: QuotationFormState) => {
    setServerError(null);
    if (hasUnsavedLine(lineDraft)) {
      form.setError('items', { type: 'unsaved', message: REQUIREMENT_MESSAGES.unsavedItem });
      focusFirstError(rootRef.current, '[data-items-error]');
      return;
    }
    const checks = await quotationValidation.get();
    const validated = checks.toQuotationInput(values, mode, storedValidUntil);
    const body = mode === 'update' ? changedQuotationFields(validated, values, initial) : validated;
    const id = quotation?._id ?? '';
    await save({
      loading: LOADING[mode],
      call: (key) =>
        mode === 'create' || !quotation
          ? createQuotation(body, key)
          : mode === 'update'
            ? updateQuotation(id, body, key)
            : reQuote(id, body, key),
      onSaved: (answer) => navigate(quotationPath(answer.data?._id ?? id)),
      onError: (error) => {
        const hit = isApiError(error) ? fieldOfServerError(error.status, error.body, error.message) : null;
        if (hit) {
          form.setError(hit.field as FieldPath<QuotationFormState>, { type: 'server', message: hit.message });
          focusFirstError(rootRef.current, '[data-items-error]');
        } else setServerError(error instanceof Error ? error.message : String(error));
      },
    });
  };

  /** A requirement picked for a new quotation without items brings its title and items (as Convert does). */
  const pickRequirement = async (id: string) => {
    if (!id || form.getValues('items').length > 0) return;
    const may = { readItem: can('product-item', 'read'), readMargins: can('product-margin', 'read') };
    try {
      const from = { requirementId: id, customerId, requirementTitle: '' };
      const loaded = await loadQuotationPrefill(from, { ...may, readCustomer: false }, tiers);
      if (form.getValues('requirement') !== id || form.getValues('items').length > 0) return;
      if (!form.getValues('title').trim()) setValue('title', loaded.title, { shouldDirty: true });
      setValue('items', loaded.items, { shouldDirty: true });
      setNames((n) => ({ ...loaded.names, ...n }));
      setWarnings(loaded.warnings);
    } catch {
      // The user adds the items.
    }
  };

  const pickCustomer = (id: string) => {
    setWarnings([]);
    setValue('requirement', '', { shouldDirty: true });
    // Spec 3 §4: the customer's margin tier preselects the tier of the lines still to be added.
    const tier = startingTier(tiers, customerDetails.get(id)?.marginTier ?? null);
    if (!hasUnsavedLine(lineDraft) && lineDraft.editing === null) setLineDraft(emptyLineDraft(tier));
  };
  const creating = mode === 'create';
  const label = QUOTATION_SUBMIT_LABEL[mode];
  const errors = formState.errors;

  return (
    <FormFrame
      form={form}
      label={label}
      onValid={submit}
      formRef={rootRef}
      focusAlso="[data-items-error]"
      draft={draft}
      serverError={serverError}
    >
      <PrefillWarnings warnings={warnings} />
      <FormSection title="Quotation Details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {creating ? (
            <HeldField
              form={form}
              name="customer"
              onPick={pickCustomer}
              input={({ value, set, onBlur, error }) => (
                <Suspense fallback={FIELD_LOADING}>
                  <RefSelect
                    label="Customer"
                    withAsterisk
                    value={(value as string) || null}
                    onChange={(id) => set(id ?? '')}
                    onBlur={onBlur}
                    source={customerSource}
                    canSearch={can('customer', 'suggestion')}
                    plural="customers"
                    names={names}
                    onNames={setNames}
                    error={error}
                  />
                </Suspense>
              )}
            />
          ) : (
            <TextInput
              label="Customer"
              disabled
              value={
                quotation?.customer
                  ? `${formatCustomerId(quotation.customer.customerId)} · ${quotation.customer.name}`
                  : ''
              }
            />
          )}
          {creating ? (
            <HeldField
              form={form}
              name="requirement"
              onPick={(id) => void pickRequirement(id)}
              input={({ value, set, onBlur, error }) => (
                <Suspense fallback={FIELD_LOADING}>
                  <RefSelect
                    key={customerId}
                    label="Requirement"
                    withAsterisk
                    value={(value as string) || null}
                    onChange={(id) => set(id ?? '')}
                    onBlur={onBlur}
                    source={requirementSource(customerId)}
                    canSearch={Boolean(customerId) && can('requirement', 'suggestion')}
                    description={customerId ? undefined : 'Choose the customer first.'}
                    plural="requirements"
                    names={names}
                    onNames={setNames}
                    error={error}
                  />
                </Suspense>
              )}
            />
          ) : (
            <TextInput
              label="Requirement"
              disabled
              value={
                quotation?.requirement
                  ? `${formatRequirementId(quotation.requirement.requirementId)} · ${quotation.requirement.title}`
                  : ''
              }
            />
          )}
          <TextField form={form} name="title" label="Title" withAsterisk autoComplete="off" wide />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Items" id="items">
        <HeldField
          form={form}
          name="items"
          input={() => (
            <Suspense fallback={FIELD_LOADING}>
              <QuotationLineEditor
                lines={items}
                onChange={(next) => {
                  setValue('items', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                  form.clearErrors('items');
                }}
                draft={lineDraft}
                onDraft={(next) => {
                  setLineDraft(next);
                  if (errors.items?.type === 'unsaved') form.clearErrors('items');
                }}
                names={names}
                onNames={setNames}
                canSearchItems={can('product-item', 'suggestion')}
                may={{ readItem: can('product-item', 'read'), readMargins: can('product-margin', 'read') }}
                tiers={tiers}
                defaultTier={defaultTier}
                interState={interState}
                error={errors.items?.message ?? errors.items?.root?.message}
              />
            </Suspense>
          )}
        />
      </FormSection>

      <ValiditySection form={form} />

      <QuotationTotalsView totals={totals} interState={interState} />
      {mode === 're-quotation' && (
        <FormSection title="ReQuotation Changes">
          <ChangesPreview changes={changes} />
        </FormSection>
      )}
      <GuardedFormActions
        guard={guard}
        leaveTo={quotation ? quotationPath(quotation._id) : QUOTATIONS_PAGE}
        submitLabel={label}
        form={form}
      />
    </FormFrame>
  );
};
