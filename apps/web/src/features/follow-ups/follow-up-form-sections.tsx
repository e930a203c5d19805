import {
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_REASONS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_TYPES,
  type FollowUpType,
} from '@karya/domain';
import { Checkbox, SimpleGrid, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useCan } from '../../app/auth';
import { DateField } from '../../components/form/date-field';
import { LongTextField, TextField } from '../../components/form/fields';
import { NativeSelectField } from '../../components/form/native-select-fields';
import { FormSection } from '../../components/form/section';
import { useCanFinish } from '../../components/permissions/use-can-finish';
import type { RefNames } from '../../components/record/ref-pickers';
import {
  changesForReason,
  changesForType,
  type FollowUpFormState,
  nextForRequired,
  nextForType,
} from './follow-up-form-values';

type Form = UseFormReturn<FollowUpFormState>;

// The pickers (combobox code) come as a chunk of their own, fetched as the form renders.
const pickers = () => import('./follow-up-pickers');
const CustomerPicker = lazy(() => pickers().then((m) => ({ default: m.CustomerPicker })));
const UserPicker = lazy(() => pickers().then((m) => ({ default: m.UserPicker })));
const RequirementPicker = lazy(() => pickers().then((m) => ({ default: m.RequirementPicker })));
const QuotationPicker = lazy(() => pickers().then((m) => ({ default: m.QuotationPicker })));
const ProjectPicker = lazy(() => pickers().then((m) => ({ default: m.ProjectPicker })));
const VisitorsPicker = lazy(() => pickers().then((m) => ({ default: m.VisitorsPicker })));
/** The reasons that name a record of the customer's, its field and its picker. */
const RECORD_REASONS = [
  { reason: 'Requirement', field: 'requirement', RecordPicker: RequirementPicker },
  { reason: 'Quotation', field: 'quotation', RecordPicker: QuotationPicker },
  { reason: 'Project', field: 'project', RecordPicker: ProjectPicker },
] as const;
const Picker = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Skeleton height={58} radius="sm" aria-hidden />}>{children}</Suspense>
);

const options = (values: readonly string[], none: string) => [
  { value: '', label: none },
  ...values.map((v) => ({ value: v, label: v })),
];

/** What every section needs: the form, the picked records' names, and who the user is. */
export type FollowUpSectionProps = {
  form: Form;
  names: RefNames;
  onNames: (names: RefNames) => void;
  self: { _id: string; name: string } | null;
  userId: string | undefined;
  /** Set values as the user's own change (dirty). */
  setMany: (patch: Partial<FollowUpFormState>) => void;
  /** Checks again after a change that clears fields, once the form was submitted. */
  revalidate: () => void;
};

/** Who is responsible, for the follow-up and its next one alike: the visitors of a visit, else one user. */
const Responsible = ({
  form,
  names,
  onNames,
  self,
  visit,
  type,
  at,
  labels,
}: FollowUpSectionProps & {
  visit: boolean;
  type: string | undefined;
  at: { visitors: 'visitors' | 'nextFollowUp.visitors'; by: 'followUpBy' | 'nextFollowUp.followUpBy' };
  labels: { visitors: string; by: string };
}) => {
  const { can } = useCan();
  const errors = form.formState.errors;
  const next = at.by !== 'followUpBy';
  const canSearch = can('user', 'suggestion');
  // Keyed by field: the two branches are different fields, so switching mounts the other one afresh
  // (an unkeyed Controller kept its instance under the new name, and the old picker stayed in the page,
  // hidden, while the new one's chunk loaded).
  return visit ? (
    <Controller
      key={at.visitors}
      control={form.control}
      name={at.visitors}
      render={({ field }) => (
        <Picker>
          <VisitorsPicker
            label={labels.visitors}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            names={names}
            onNames={onNames}
            canSearch={canSearch}
            self={self}
            error={(next ? errors.nextFollowUp?.visitors : errors.visitors)?.message}
          />
        </Picker>
      )}
    />
  ) : (
    type && (
      <Controller
        key={at.by}
        control={form.control}
        name={at.by}
        render={({ field }) => (
          <Picker>
            <UserPicker
              label={labels.by}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={(next ? errors.nextFollowUp?.followUpBy : errors.followUpBy)?.message}
              canSearch={canSearch}
              self={self}
              names={names}
              onNames={onNames}
            />
          </Picker>
        )}
      />
    )
  );
};

/**
 * The customer (searchable only on create), type, reason and its record, date and time (the status follows
 * them: `onWhen`), status and who is responsible.
 */
export const DetailsSection = (
  props: FollowUpSectionProps & { updating: boolean; onWhen: (date: string, time: string) => void },
) => {
  const { form, names, onNames, userId, setMany, revalidate, updating, onWhen } = props;
  const { can, canUseField } = useCanFinish();
  const errors = form.formState.errors;
  const [customer, type, reason] = useWatch({ control: form.control, name: ['customer', 'type', 'reason'] });
  // Spec 2 §6: suggestion on requirement, quotation and project gates their pickers and reasons: field
  // dependencies of the follow-up form (decision 0014), the same on its update page.
  const offered = (field: string) => canUseField('follow-up', 'create', field);
  const reasonOptions = FOLLOW_UP_REASONS.map((r) => ({
    value: r,
    label: r,
    disabled: !offered(r.toLowerCase()),
  }));
  return (
    <FormSection title="Follow Up Details">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={form.control}
          name="customer"
          render={({ field }) => (
            <Picker>
              <CustomerPicker
                label="Customer"
                withAsterisk
                value={field.value}
                onChange={(id) => {
                  field.onChange(id);
                  setMany({ requirement: '', quotation: '', project: '' });
                }}
                onBlur={field.onBlur}
                error={errors.customer?.message}
                canSearch={!updating && can('customer', 'suggestion')}
                names={names}
                onNames={onNames}
              />
            </Picker>
          )}
        />
        <NativeSelectField
          form={form}
          name="type"
          label="Type"
          withAsterisk
          data={options(FOLLOW_UP_TYPES, 'Choose a type')}
          rules={{
            onChange: (e) => {
              const to = e.target.value as FollowUpType | '';
              // `type` is still the value of the last render: the one being changed from.
              setMany(changesForType(type, to, form.getValues(), userId));
              revalidate();
            },
          }}
        />
        <NativeSelectField
          form={form}
          name="reason"
          label="Reason"
          withAsterisk
          data={[{ value: '', label: 'Choose a reason' }, ...reasonOptions]}
          rules={{
            onChange: () => {
              setMany(changesForReason());
              revalidate();
            },
          }}
        />
        {RECORD_REASONS.map(
          ({ reason: r, field: name, RecordPicker }) =>
            r === reason && (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Picker>
                    <RecordPicker
                      customer={customer}
                      label={r}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={
                        errors[name]?.message ??
                        (customer ? undefined : FOLLOW_UP_MESSAGES.selectCustomerFirst)
                      }
                      canSearch={Boolean(customer) && offered(name)}
                      names={names}
                      onNames={onNames}
                    />
                  </Picker>
                )}
              />
            ),
        )}
        {reason === 'Other' && (
          <TextField form={form} name="otherReason" label="Other reason" withAsterisk autoComplete="off" />
        )}
        <DateField
          form={form}
          name="date"
          label="Date"
          withAsterisk
          onPick={(v) => onWhen(v, form.getValues('time'))}
          popoverProps={{ withinPortal: true }}
        />
        <TextField
          form={form}
          name="time"
          type="time"
          label="Time"
          withAsterisk
          rules={{ onChange: (e) => onWhen(form.getValues('date'), e.target.value) }}
        />
        <NativeSelectField
          form={form}
          name="status"
          label="Status"
          description="Set from the date and time; change it if needed"
          data={options(FOLLOW_UP_STATUSES, 'From date and time')}
        />
        <Responsible
          {...props}
          visit={type === 'Visit'}
          type={type}
          at={{ visitors: 'visitors', by: 'followUpBy' }}
          labels={{ visitors: 'Visitors', by: 'Follow Up By' }}
        />
      </SimpleGrid>
    </FormSection>
  );
};

/** A visit's remarks, or the response of a call or mail; shown once the type is chosen. */
export const ResponseSection = ({ form, visit }: { form: Form; visit: boolean }) => (
  <FormSection title={visit ? 'Remarks' : 'Response'}>
    {visit ? (
      <LongTextField form={form} name="remarks" label="Remarks" rows={[3]} />
    ) : (
      <LongTextField form={form} name="response" label="Response" rows={[3]} />
    )}
  </FormSection>
);

/** Another follow-up required, and then its type, date, time and who is responsible. */
export const NextSection = (props: FollowUpSectionProps) => {
  const { form, userId, revalidate } = props;
  const [nextRequired, nextType] = useWatch({
    control: form.control,
    name: ['nextFollowUp.nextRequired', 'nextFollowUp.type'],
  });
  return (
    <FormSection title="Next Follow Up">
      <Controller
        control={form.control}
        name="nextFollowUp.nextRequired"
        render={({ field }) => (
          <Checkbox
            label="Another Follow Up Required"
            checked={field.value}
            onChange={(e) => {
              form.setValue(
                'nextFollowUp',
                nextForRequired(e.currentTarget.checked, form.getValues('nextFollowUp')),
                {
                  shouldDirty: true,
                },
              );
              revalidate();
            }}
          />
        )}
      />
      {nextRequired && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
          <NativeSelectField
            form={form}
            name="nextFollowUp.type"
            label="Next follow-up type"
            withAsterisk
            data={options(FOLLOW_UP_TYPES, 'Choose a type')}
            rules={{
              onChange: (e) => {
                form.setValue(
                  'nextFollowUp',
                  nextForType(form.getValues(), e.target.value as FollowUpType | '', userId),
                  {
                    shouldDirty: true,
                  },
                );
                revalidate();
              },
            }}
          />
          <DateField
            form={form}
            name="nextFollowUp.date"
            label="Next follow-up date"
            withAsterisk
            popoverProps={{ withinPortal: true }}
          />
          <TextField
            form={form}
            name="nextFollowUp.time"
            type="time"
            label="Next follow-up time"
            withAsterisk
          />
          <Responsible
            {...props}
            visit={nextType === 'Visit'}
            type={nextType}
            at={{ visitors: 'nextFollowUp.visitors', by: 'nextFollowUp.followUpBy' }}
            labels={{ visitors: 'Next visitors', by: 'Next follow-up by' }}
          />
        </SimpleGrid>
      )}
    </FormSection>
  );
};
