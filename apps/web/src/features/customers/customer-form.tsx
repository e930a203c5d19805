// Over 400 lines: this form moves onto the form kit, section by section, in issue 24; issue 22 only passed
// the save's Idempotency-Key through.
import {
  COLLEGE_TYPES,
  CUSTOMER_MARGIN_TIERS,
  CUSTOMER_TYPES,
  type CustomerDto,
  GOVERNMENT_TYPES,
  INSTITUTE_TYPES,
  OFFICE_TYPES,
  ORGANIZATION_TYPES,
  PRIVATE_TYPES,
  RATING_CATEGORIES,
  SCHOOL_BOARDS,
} from '@karya/domain';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { isApiError } from '../../lib/api';
import { openConfirmModal } from '../../lib/confirm-modal';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
import { useRecordSave } from '../../lib/record-save';
import type { UserNames } from '../users/user-pickers';
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
  type CustomerFormState,
  changedCustomerFields,
  clearedForIndividual,
  customerFormValuesFrom,
  customerValidation,
  defaultContactIndex,
  fieldOfCustomerError,
  phoneAsTyped,
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

const options = (values: readonly string[], none = 'Not chosen') => [
  { value: '', label: none },
  ...values.map((v) => ({ value: v, label: v })),
];

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

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
  const initial = useMemo(() => customerFormValuesFrom(customer), [customer]);
  customerValidation.use();
  const form = useForm<CustomerFormState>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, register, formState, setValue, getValues } = form;
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
    base: initial,
    extra: { names, contact: contactDraft },
    onRestore: ({ extra }) => {
      if (!extra) return;
      if (extra.names) setNames((n) => ({ ...extra.names, ...n }));
      if (extra.contact?.contact) setContactDraft(extra.contact);
    },
  });
  const guard = useLeaveGuard(formState.isDirty || hasUnsavedContact(contactDraft), {
    message: 'You have unsaved changes. Do you want to discard them and leave this page?',
    onDiscard: draft.clear,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: customerChangeKeys });

  const [type, organizationType, governmentType, privateType, instituteType, phone, email, contacts] =
    useWatch({
      control,
      name: [
        'type',
        'organizationType',
        'governmentType',
        'privateType',
        'instituteType',
        'phone',
        'email',
        'contacts',
      ],
    });
  const isOrganization = type === 'Organization';
  const institute =
    (organizationType === 'Government' && governmentType === 'Institute') ||
    (organizationType === 'Private' && privateType === 'Institute');
  const defaultIndex = defaultContactIndex(contacts, phone, email);

  const canMargin = can('product-margin', 'suggestion');

  const submit = async (values: CustomerFormState) => {
    const checks = customerValidation.current();
    if (!checks) return;
    if (hasUnsavedContact(contactDraft)) {
      form.setError('contacts', { type: 'unsaved', message: UNSAVED_CONTACT });
      focusFirstError(rootRef.current, '[data-contacts-error]');
      return;
    }
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

  const text = (
    name: Path<CustomerFormState>,
    label: string,
    more: { required?: boolean; description?: string } = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={more.required}
      description={more.description}
      autoComplete="off"
      {...register(name)}
      error={errors[name as keyof CustomerFormState]?.message as string | undefined}
    />
  );
  const select = (
    name: keyof CustomerFormState,
    label: string,
    values: readonly string[],
    required = false,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NativeSelect
          label={label}
          withAsterisk={required}
          data={options(values)}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors[name]?.message as string | undefined}
        />
      )}
    />
  );
  const phoneField = (name: 'phone', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={field.value}
          onChange={(e) => field.onChange(phoneAsTyped(e.currentTarget.value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={CUSTOMER_SUBMIT_LABEL[mode]}
      onSubmit={form.handleSubmit(submit, () => focusFirstError(rootRef.current, '[data-contacts-error]'))}
    >
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}

        <Section title="Customer">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <NativeSelect
                  label="Customer type"
                  withAsterisk
                  data={options(CUSTOMER_TYPES, 'Choose a type')}
                  value={field.value}
                  onChange={(e) => {
                    const next = e.currentTarget.value as CustomerFormState['type'];
                    field.onChange(next);
                    // Spec 2 §4: Individual clears the organisation and the contacts' designations.
                    const cleared = clearedForIndividual({ type: next, contacts: getValues('contacts') });
                    for (const [key, value] of Object.entries(cleared))
                      setValue(key as keyof CustomerFormState, value as never, { shouldDirty: true });
                    if (next === 'Individual')
                      setContactDraft((d) => ({ ...d, contact: { ...d.contact, designation: '' } }));
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.type?.message}
                />
              )}
            />
            {text('name', 'Name', { required: true })}
            {text('email', 'Email')}
            {phoneField('phone', 'Phone')}
            {text('website', 'Website')}
            <Controller
              control={control}
              name="gstin"
              render={({ field }) => (
                <TextInput
                  label="GSTIN"
                  description="Its state decides IGST or CGST + SGST on sales"
                  autoComplete="off"
                  maxLength={15}
                  value={field.value}
                  // Upper case as typed, as GSTINs are written.
                  onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase())}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.gstin?.message}
                />
              )}
            />
          </SimpleGrid>
        </Section>

        {isOrganization && (
          <Section title="Organization Information">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {select('organizationType', 'Organization type', ORGANIZATION_TYPES)}
              {organizationType === 'Government' &&
                select('governmentType', 'Government type', GOVERNMENT_TYPES, true)}
              {organizationType === 'Private' && select('privateType', 'Private type', PRIVATE_TYPES, true)}
              {organizationType === 'Government' &&
                governmentType === 'Office' &&
                select('officeType', 'Office type', OFFICE_TYPES, true)}
              {institute && select('instituteType', 'Institute type', INSTITUTE_TYPES, true)}
              {institute &&
                instituteType === 'School' &&
                select('schoolBoard', 'School board', SCHOOL_BOARDS, true)}
              {institute &&
                instituteType === 'College' &&
                select('collegeType', 'College type', COLLEGE_TYPES, true)}
            </SimpleGrid>
          </Section>
        )}

        <Section title="Address">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('street', 'Street')}
            {text('city', 'City')}
            {text('district', 'District')}
            {text('state', 'State')}
            {text('country', 'Country')}
            {text('zipCode', 'Zip Code')}
          </SimpleGrid>
        </Section>

        <Section title="Contacts">
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
        </Section>

        <Section title="Assignment">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Suspense fallback={<PickersLoading />}>
              <AssignmentFields control={control} errors={errors} names={names} onNames={setNames} />
            </Suspense>
          </SimpleGrid>
        </Section>

        <Section title="Additional Things">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Establishment Year"
              inputMode="numeric"
              autoComplete="off"
              {...register('establishmentYear')}
              error={errors.establishmentYear?.message}
            />
            <TextInput
              label="Number of Students"
              inputMode="numeric"
              autoComplete="off"
              {...register('numberOfStudents')}
              error={errors.numberOfStudents?.message}
            />
            <TextInput
              label="Rating"
              description="0 to 5"
              inputMode="decimal"
              autoComplete="off"
              {...register('rating')}
              error={errors.rating?.message}
            />
            {select('ratingCategory', 'Rating category', RATING_CATEGORIES)}
            {canMargin && select('marginTier', 'Margin tier', CUSTOMER_MARGIN_TIERS)}
            <Textarea
              label="Courses Offered"
              autosize
              minRows={2}
              maxRows={6}
              {...register('coursesOffered')}
              error={errors.coursesOffered?.message}
            />
            <Textarea
              label="Notes"
              description="One note per line"
              autosize
              minRows={3}
              maxRows={10}
              {...register('notes')}
              error={errors.notes?.message}
              style={{ gridColumn: '1 / -1' }}
            />
          </SimpleGrid>
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() =>
              guard.leave(() => navigate(customer ? customerPath(customer._id) : CUSTOMERS_PAGE))
            }
            disabled={formState.isSubmitting}
          >
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {CUSTOMER_SUBMIT_LABEL[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
