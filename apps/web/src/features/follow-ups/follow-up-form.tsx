import {
  FOLLOW_UP_LOADING,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_REASONS,
  FOLLOW_UP_REASONS_COMING_SOON,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_TYPES,
  type FollowUpDto,
  type FollowUpType,
  formatCustomerId,
} from '@karya/domain';
import {
  Alert,
  Button,
  Checkbox,
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
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { formatDate } from '../../components/record/format';
import type { RefNames } from '../../components/record/ref-pickers';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { DateInput } from '../../lib/lazy-date-input';
import { useLeaveGuard } from '../../lib/leave-guard';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import { FOLLOW_UPS_PAGE, followUpKeys, followUpPath, saveFollowUp } from './api';
import {
  changesForReason,
  changesForType,
  type FollowUpFormState,
  type FollowUpPrefill,
  followUpFormValuesFrom,
  followUpValidation,
  newFollowUpValues,
  nextForRequired,
  nextForType,
  statusForWhen,
} from './follow-up-form-values';

const createResolver = followUpValidation.resolver((m) => m.createFollowUpResolver);
const updateResolver = followUpValidation.resolver((m) => m.updateFollowUpResolver);

// The pickers (combobox code) come as a chunk of their own, fetched as the form renders.
const pickers = () => import('./follow-up-pickers');
const CustomerPicker = lazy(() => pickers().then((m) => ({ default: m.CustomerPicker })));
const UserPicker = lazy(() => pickers().then((m) => ({ default: m.UserPicker })));
const RequirementPicker = lazy(() => pickers().then((m) => ({ default: m.RequirementPicker })));
const VisitorsPicker = lazy(() => pickers().then((m) => ({ default: m.VisitorsPicker })));
const Picker = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Skeleton height={58} radius="sm" aria-hidden />}>{children}</Suspense>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const options = (values: readonly string[], none: string) => [
  { value: '', label: none },
  ...values.map((v) => ({ value: v, label: v })),
];

/**
 * The follow-up form (spec 2 §2, §4, §5): the customer (locked on update), type, reason and its record,
 * date and time with the status that follows them, the visitors of a visit or who calls or mails, the
 * response (remarks for visits) and the next follow-up. The field-clearing rules are those of
 * follow-up-form-values.ts; the domain schema checks the rest with the spec's messages.
 */
export const FollowUpForm = ({
  followUp,
  prefill,
}: {
  followUp?: FollowUpDto | null;
  prefill?: FollowUpPrefill;
}) => {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useAuth();
  const { can } = useCan();
  const updating = Boolean(followUp);
  const base = useMemo(
    () => (followUp ? followUpFormValuesFrom(followUp) : newFollowUpValues(prefill, user?._id)),
    [followUp, prefill, user?._id],
  );
  followUpValidation.use();
  const form = useForm<FollowUpFormState>({
    defaultValues: base,
    resolver: updating ? updateResolver : createResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, register, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const rootRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [names, setNames] = useState<RefNames>(() => ({
    ...(prefill?.names ?? {}),
    ...(user ? { [user._id]: user.name } : {}),
    ...(followUp?.customer
      ? {
          [followUp.customer._id]:
            `${formatCustomerId(followUp.customer.customerId)} · ${followUp.customer.name}`,
        }
      : {}),
    ...(followUp?.requirement ? { [followUp.requirement._id]: followUp.requirement.title } : {}),
    ...Object.fromEntries(
      [
        ...(followUp?.visitors ?? []),
        ...(followUp?.followUpBy ? [followUp.followUpBy] : []),
        ...(followUp?.nextFollowUp?.visitors ?? []),
        ...(followUp?.nextFollowUp?.followUpBy ? [followUp.nextFollowUp.followUpBy] : []),
      ].map((u) => [u._id, u.name]),
    ),
  }));

  const draft = useFormDraft<FollowUpFormState, RefNames>(form, {
    key: followUp ? `follow-up:update:${followUp._id}` : 'follow-up:create',
    base,
    extra: names,
    onRestore: ({ extra }) => {
      if (extra) setNames((n) => ({ ...extra, ...n }));
    },
  });
  const guard = useLeaveGuard(formState.isDirty, {
    message: 'You have unsaved changes. Do you want to discard them and leave this page?',
    onDiscard: draft.clear,
  });
  const save = useRecordSave({
    form,
    draft,
    guard,
    invalidate: [followUpKeys.all, ['customers'], ['requirements'], ['dashboard']],
  });

  const [customer, type, reason, nextRequired, nextType] = useWatch({
    control,
    name: ['customer', 'type', 'reason', 'nextFollowUp.nextRequired', 'nextFollowUp.type'],
  });
  const visit = type === 'Visit';
  const nextVisit = nextType === 'Visit';
  const canUsers = can('user', 'suggestion');
  const self = user ? { _id: user._id, name: user.name } : null;

  const setMany = (patch: Partial<FollowUpFormState>) => {
    for (const [k, v] of Object.entries(patch))
      setValue(k as keyof FollowUpFormState, v as never, { shouldDirty: true });
  };
  const revalidate = () => {
    if (formState.isSubmitted) void form.trigger();
  };
  /** The status follows date and time as they change (spec 2 §4). */
  const followWhen = (date: string, time: string) => {
    const status = statusForWhen(date, time);
    if (status) setValue('status', status, { shouldDirty: true });
  };

  /** Who is responsible, for the follow-up and its next one alike: the visitors of a visit, else one user. */
  const responsible = (at: {
    visit: boolean;
    type: string | undefined;
    visitors: 'visitors' | 'nextFollowUp.visitors';
    by: 'followUpBy' | 'nextFollowUp.followUpBy';
    labels: { visitors: string; by: string };
    errors: { visitors?: string; by?: string };
  }) =>
    at.visit ? (
      <Controller
        control={control}
        name={at.visitors}
        render={({ field }) => (
          <Picker>
            <VisitorsPicker
              label={at.labels.visitors}
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              names={names}
              onNames={setNames}
              canSearch={canUsers}
              self={self}
              error={at.errors.visitors}
            />
          </Picker>
        )}
      />
    ) : (
      at.type && (
        <Controller
          control={control}
          name={at.by}
          render={({ field }) => (
            <Picker>
              <UserPicker
                label={at.labels.by}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={at.errors.by}
                canSearch={canUsers}
                self={self}
                names={names}
                onNames={setNames}
              />
            </Picker>
          )}
        />
      )
    );

  const submit = async () => {
    setServerError(null);
    const input = (await followUpValidation.get()).toFollowUpInput(getValues());
    return save({
      loading: followUp ? FOLLOW_UP_LOADING.update : FOLLOW_UP_LOADING.create,
      call: () =>
        saveFollowUp(input, followUp, {
          userId: user?._id ?? '',
          label: `${input.type} follow-up, ${formatDate(input.date)} ${input.time}`,
        }),
      onSaved: (answer) => {
        // Kept on the device: back to the list, where the shell shows it waiting.
        if (answer.queued) return navigate(FOLLOW_UPS_PAGE);
        const id = answer.data?._id ?? followUp?._id;
        if (id) navigate(followUpPath(id));
      },
      onError: (error) => {
        setServerError(messageOf(error));
        // 409: someone changed it meanwhile; the detail shows their version once this form is left.
        if (followUp) void client.invalidateQueries({ queryKey: followUpKeys.detail(followUp._id) });
      },
    });
  };

  const reasonOptions = FOLLOW_UP_REASONS.map((r) => ({
    value: r,
    label: FOLLOW_UP_REASONS_COMING_SOON.includes(r) ? `${r} (coming soon)` : r,
    disabled:
      FOLLOW_UP_REASONS_COMING_SOON.includes(r) || (r === 'Requirement' && !can('requirement', 'suggestion')),
  }));

  return (
    <form
      ref={rootRef}
      onSubmit={form.handleSubmit(submit, () => focusFirstError(rootRef.current))}
      noValidate
      aria-label={followUp ? 'Update Follow Up' : 'Create Follow Up'}
    >
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}
        {serverError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {serverError}
          </Alert>
        )}
        <Section title="Follow Up Details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="customer"
              render={({ field }) => (
                <Picker>
                  <CustomerPicker
                    label="Customer"
                    withAsterisk
                    value={field.value}
                    onChange={(id) => {
                      field.onChange(id);
                      setMany({ requirement: '' });
                    }}
                    onBlur={field.onBlur}
                    error={errors.customer?.message}
                    canSearch={!updating && can('customer', 'suggestion')}
                    names={names}
                    onNames={setNames}
                  />
                </Picker>
              )}
            />
            <NativeSelect
              label="Type"
              withAsterisk
              data={options(FOLLOW_UP_TYPES, 'Choose a type')}
              {...register('type', {
                onChange: (e) => {
                  const to = e.target.value as FollowUpType | '';
                  // `type` is still the value of the last render: the one being changed from.
                  setMany(changesForType(type, to));
                  revalidate();
                },
              })}
              error={errors.type?.message}
            />
            <NativeSelect
              label="Reason"
              withAsterisk
              data={[{ value: '', label: 'Choose a reason' }, ...reasonOptions]}
              description={FOLLOW_UP_MESSAGES.comingSoon}
              {...register('reason', {
                onChange: () => {
                  setMany(changesForReason());
                  revalidate();
                },
              })}
              error={errors.reason?.message}
            />
            {reason === 'Requirement' && (
              <Controller
                control={control}
                name="requirement"
                render={({ field }) => (
                  <Picker>
                    <RequirementPicker
                      customer={customer}
                      label="Requirement"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={
                        errors.requirement?.message ??
                        (customer ? undefined : FOLLOW_UP_MESSAGES.selectCustomerFirst)
                      }
                      canSearch={Boolean(customer) && can('requirement', 'suggestion')}
                      names={names}
                      onNames={setNames}
                    />
                  </Picker>
                )}
              />
            )}
            {reason === 'Other' && (
              <TextInput
                label="Other reason"
                withAsterisk
                autoComplete="off"
                {...register('otherReason')}
                error={errors.otherReason?.message}
              />
            )}
            <Controller
              control={control}
              name="date"
              render={({ field }) => (
                <DateInput
                  label="Date"
                  withAsterisk
                  placeholder="DD/MM/YYYY"
                  valueFormat="DD/MM/YYYY"
                  value={field.value || null}
                  onChange={(v) => {
                    field.onChange(v ?? '');
                    followWhen(v ?? '', getValues('time'));
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.date?.message}
                  popoverProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput
              type="time"
              label="Time"
              withAsterisk
              {...register('time', { onChange: (e) => followWhen(getValues('date'), e.target.value) })}
              error={errors.time?.message}
            />
            <NativeSelect
              label="Status"
              description="Set from the date and time; change it if needed"
              data={options(FOLLOW_UP_STATUSES, 'From date and time')}
              {...register('status')}
              error={errors.status?.message}
            />
            {responsible({
              visit,
              type,
              visitors: 'visitors',
              by: 'followUpBy',
              labels: { visitors: 'Visitors', by: 'Follow Up By' },
              errors: { visitors: errors.visitors?.message, by: errors.followUpBy?.message },
            })}
          </SimpleGrid>
        </Section>

        {type && (
          <Section title={visit ? 'Remarks' : 'Response'}>
            {visit ? (
              <Textarea
                label="Remarks"
                autosize
                minRows={3}
                {...register('remarks')}
                error={errors.remarks?.message}
              />
            ) : (
              <Textarea
                label="Response"
                autosize
                minRows={3}
                {...register('response')}
                error={errors.response?.message}
              />
            )}
          </Section>
        )}

        <Section title="Next Follow Up">
          <Controller
            control={control}
            name="nextFollowUp.nextRequired"
            render={({ field }) => (
              <Checkbox
                label="Another Follow Up Required"
                checked={field.value}
                onChange={(e) => {
                  setValue(
                    'nextFollowUp',
                    nextForRequired(e.currentTarget.checked, getValues('nextFollowUp')),
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
              <NativeSelect
                label="Next follow-up type"
                withAsterisk
                data={options(FOLLOW_UP_TYPES, 'Choose a type')}
                {...register('nextFollowUp.type', {
                  onChange: (e) => {
                    setValue('nextFollowUp', nextForType(getValues(), e.target.value as FollowUpType | ''), {
                      shouldDirty: true,
                    });
                    revalidate();
                  },
                })}
                error={errors.nextFollowUp?.type?.message}
              />
              <Controller
                control={control}
                name="nextFollowUp.date"
                render={({ field }) => (
                  <DateInput
                    label="Next follow-up date"
                    withAsterisk
                    placeholder="DD/MM/YYYY"
                    valueFormat="DD/MM/YYYY"
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.nextFollowUp?.date?.message}
                    popoverProps={{ withinPortal: true }}
                  />
                )}
              />
              <TextInput
                type="time"
                label="Next follow-up time"
                withAsterisk
                {...register('nextFollowUp.time')}
                error={errors.nextFollowUp?.time?.message}
              />
              {responsible({
                visit: nextVisit,
                type: nextType,
                visitors: 'nextFollowUp.visitors',
                by: 'nextFollowUp.followUpBy',
                labels: { visitors: 'Next visitors', by: 'Next follow-up by' },
                errors: {
                  visitors: errors.nextFollowUp?.visitors?.message,
                  by: errors.nextFollowUp?.followUpBy?.message,
                },
              })}
            </SimpleGrid>
          )}
        </Section>

        {updating && (
          <Text size="xs" c="dimmed">
            The customer cannot be changed when updating.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => guard.leave(() => navigate(-1))}
            disabled={formState.isSubmitting}
          >
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {followUp ? 'Update Follow Up' : 'Create Follow Up'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
