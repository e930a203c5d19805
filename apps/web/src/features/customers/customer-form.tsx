import { type CustomerDto, gstinStateMismatch } from '@karya/domain';
import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { GuardedFormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import type { UserNames } from '../../components/pickers/user-pickers';
import { confirmAction } from '../../components/record/confirm';
import { isApiError } from '../../lib/api';
import { openConfirmModal } from '../../lib/confirm-modal';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { useRecordSave } from '../../lib/record-save';
import {
  CUSTOMERS_PAGE,
  createCustomer,
  customerChangeKeys,
  customerPath,
  findCustomerDuplicates,
  updateCustomer,
} from './api';
import { type ContactDraft, ContactsEditor, EMPTY_CONTACT_DRAFT, hasUnsavedContact } from './contacts-editor';
import {
  AdditionalSection,
  AddressSection,
  CustomerSection,
  OrganizationSection,
} from './customer-form-sections';
import {
  type CustomerFormState,
  changedCustomerFields,
  clearedForIndividual,
  customerFormValuesFrom,
  customerValidation,
  defaultContactIndex,
  fieldOfCustomerError,
} from './customer-form-values';
import { confirmDespiteDuplicates } from './duplicate-warning';

export type CustomerFormMode = 'create' | 'update';

const LOADING: Record<CustomerFormMode, string> = {
  create: 'Creating customer',
  update: 'Updating customer',
};
export const CUSTOMER_SUBMIT_LABEL: Record<CustomerFormMode, string> = {
  create: 'Create Customer',
  update: 'Update Customer',
};
/** Spec 2 §4: asked when an unverified customer is updated. */
export const VERIFIED_QUESTION = 'Is this school verified?';
/** Said when a contact is typed but not added at submit. */
export const UNSAVED_CONTACT = 'Add the contact being typed, or clear it, before saving.';

// The assignee pickers (combobox code): fetched as the form renders (assignment-fields.tsx).
const AssignmentFields = lazy(() =>
  import('./assignment-fields').then((m) => ({ default: m.AssignmentFields })),
);
const PickersLoading = () => (
  <>
    {['Assigned To', 'Re Assigned To'].map((label) => (
      <Skeleton key={label} height={58} radius="sm" aria-hidden />
    ))}
  </>
);

/** The domain schema (customer-validation.ts), loaded as the form renders; a submit waits for it. */
const resolver = customerValidation.resolver((m) => m.customerResolver);

/**
 * 'Verified' or 'Still Unverified' (spec 2 §4); null when the dialog was closed without an answer, and
 * the save does not happen.
 */
const askVerified = () =>
  new Promise<boolean | null>((resolve) => {
    openConfirmModal({
      title: 'Verify Customer',
      centered: true,
      children: <Text size="sm">{VERIFIED_QUESTION}</Text>,
      labels: { confirm: 'Verified', cancel: 'Still Unverified' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(null),
    });
  });

/**
 * The duplicate guard (issue 11): before a customer is created, the server names likely existing ones
 * (similar name in the same city or district, same phone or e-mail); the user saves anyway or goes back.
 * When the check cannot be made (no connection), the save goes on and says so itself.
 */
const noDuplicatesOrConfirmed = async (input: Record<string, unknown>) => {
  const address = (input.address ?? {}) as { city?: string; district?: string };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  let found: Awaited<ReturnType<typeof findCustomerDuplicates>>;
  try {
    found = await findCustomerDuplicates([
      {
        name: text(input.name),
        city: text(address.city),
        district: text(address.district),
        phone: text(input.phone),
        email: text(input.email),
      },
    ]);
  } catch {
    return true;
  }
  const matches = found[0]?.matches ?? [];
  return matches.length === 0 || confirmDespiteDuplicates(matches);
};

/** What a draft keeps beside the values: the names of picked users and the contact being typed. */
type DraftExtra = { names: UserNames; contact: ContactDraft };

/**
 * The customer form (spec 2 §2, §4, §5): the customer, Organization Information (organisations only),
 * Address, Contacts, Assignment and Additional Things, validated by the domain schema. Create sends the
 * customer (empty values left out); update sends only what changed and, for an unverified customer,
 * first asks whether it is verified.
 */
export const CustomerForm = ({
  mode,
  customer,
}: {
  mode: CustomerFormMode;
  customer?: CustomerDto | null;
}) => {
  const navigate = useNavigate();
  const location = useLocation();
  const { can } = useCan();
  const { user } = useAuth();
  const initial = useMemo(() => customerFormValuesFrom(customer), [customer]);
  customerValidation.use();
  const form = useCheckedForm<CustomerFormState>(initial, resolver);
  const { control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const rootRef = useRef<HTMLFormElement>(null);
  // The names of the assignees the customer has (a type-only import: the pickers are their own chunk).
  const [names, setNames] = useState<UserNames>(() =>
    Object.fromEntries(
      [...(customer?.assignedTo ?? []), ...(customer?.reAssignedTo ?? [])].map((u) => [u._id, u.name]),
    ),
  );
  const [contactDraft, setContactDraft] = useState<ContactDraft>(EMPTY_CONTACT_DRAFT);

  const draft = useFormDraft<CustomerFormState, DraftExtra>(form, {
    key: location.pathname,
    describe: ({ values }) =>
      describeDraft('customer', { updating: Boolean(customer), name: customer?.name ?? values.name }),
    base: initial,
    extra: { names, contact: contactDraft },
    onRestore: ({ extra }) => {
      if (!extra) return;
      if (extra.names) setNames((n) => ({ ...extra.names, ...n }));
      if (extra.contact?.contact) setContactDraft(extra.contact);
    },
  });
  const guard = usePageFormGuard(formState.isDirty || hasUnsavedContact(contactDraft), draft.clear);
  const save = useRecordSave({ form, draft, guard, invalidate: customerChangeKeys });

  const [type, phone, email, contacts] = useWatch({ control, name: ['type', 'phone', 'email', 'contacts'] });
  const isOrganization = type === 'Organization';
  const defaultIndex = defaultContactIndex(contacts, phone, email);

  const submit = async (values: CustomerFormState) => {
    const checks = customerValidation.current();
    if (!checks) return;
    if (hasUnsavedContact(contactDraft)) {
      form.setError('contacts', { type: 'unsaved', message: UNSAVED_CONTACT });
      focusFirstError(rootRef.current, '[data-contacts-error]');
      return;
    }
    // A GSTIN of another state than the address decides the tax (placeOfSupplyCode): asked once it is
    // typed or the state changed, not on every later save of a customer already saved that way.
    const mismatch = user ? gstinStateMismatch(values, user.companyState) : null;
    if (
      mismatch &&
      (mode === 'create' || values.gstin !== initial.gstin || values.state !== initial.state) &&
      !(await confirmAction({ title: 'GSTIN and Address Differ', message: mismatch, confirmLabel: 'Save' }))
    )
      return;
    let ready = values;
    if (mode === 'update' && customer && !customer.verified) {
      const verified = await askVerified();
      if (verified === null) return;
      ready = { ...values, verified };
      setValue('verified', verified, { shouldDirty: true });
    }
    const validated = checks.toCustomerInput(ready) as unknown as Record<string, unknown>;
    const body = mode === 'create' ? validated : changedCustomerFields(validated, ready, initial);
    if (mode === 'create' && !(await noDuplicatesOrConfirmed(validated))) return;
    await save({
      loading: LOADING[mode],
      call: (key) =>
        mode === 'create' || !customer ? createCustomer(body, key) : updateCustomer(customer._id, body, key),
      onSaved: (answer) => navigate(customerPath(answer.data?._id ?? customer?._id ?? '')),
      onError: (error) => {
        const hit = isApiError(error) ? fieldOfCustomerError(error.status, error.body) : null;
        if (hit) {
          form.setError(hit.field, { type: 'server', message: hit.message });
          focusFirstError(rootRef.current, '[data-contacts-error]');
        }
      },
    });
  };

  return (
    <FormFrame
      form={form}
      label={CUSTOMER_SUBMIT_LABEL[mode]}
      onValid={submit}
      formRef={rootRef}
      focusAlso={'[data-contacts-error]'}
      draft={draft}
    >
      <CustomerSection
        form={form}
        onType={(next) => {
          // Spec 2 §4: Individual clears the organisation and the contacts' designations.
          const cleared = clearedForIndividual({
            type: next as CustomerFormState['type'],
            contacts: getValues('contacts'),
          });
          for (const [key, value] of Object.entries(cleared))
            setValue(key as keyof CustomerFormState, value as never, { shouldDirty: true });
          if (next === 'Individual')
            setContactDraft((d) => ({ ...d, contact: { ...d.contact, designation: '' } }));
        }}
      />
      {isOrganization && <OrganizationSection form={form} />}
      <AddressSection form={form} />

      <FormSection title="Contacts">
        <Controller
          control={control}
          name="contacts"
          render={({ field }) => (
            <ContactsEditor
              contacts={field.value}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors('contacts');
              }}
              draft={contactDraft}
              onDraft={(next) => {
                setContactDraft(next);
                if (errors.contacts?.type === 'unsaved') form.clearErrors('contacts');
              }}
              organization={isOrganization}
              defaultIndex={defaultIndex}
              onMakeDefault={(c) => {
                setValue('phone', c.phone, { shouldDirty: true });
                setValue('email', c.email, { shouldDirty: true });
              }}
              error={errors.contacts?.message ?? errors.contacts?.root?.message}
            />
          )}
        />
      </FormSection>

      <FormSection title="Assignment">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Suspense fallback={<PickersLoading />}>
            <AssignmentFields control={control} errors={errors} names={names} onNames={setNames} />
          </Suspense>
        </SimpleGrid>
      </FormSection>

      <AdditionalSection form={form} canMargin={can('product-margin', 'suggestion')} />
      <GuardedFormActions
        guard={guard}
        leaveTo={customer ? customerPath(customer._id) : CUSTOMERS_PAGE}
        submitLabel={CUSTOMER_SUBMIT_LABEL[mode]}
        form={form}
      />
    </FormFrame>
  );
};
