import { FOLLOW_UP_LOADING, type FollowUpDto, formatCustomerId } from '@karya/domain';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { GuardedFormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { formatDate } from '../../components/record/format';
import type { RefNames } from '../../components/record/ref-pickers';
import { nameOnly, useFormDraft } from '../../lib/form-draft';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import { FOLLOW_UPS_PAGE, followUpKeys, followUpPath, saveFollowUp } from './api';
import {
  DetailsSection,
  type FollowUpSectionProps,
  NextSection,
  ResponseSection,
} from './follow-up-form-sections';
import {
  type FollowUpFormState,
  type FollowUpPrefill,
  followUpDraftContext,
  followUpFormValuesFrom,
  followUpValidation,
  newFollowUpValues,
  statusForWhen,
} from './follow-up-form-values';

const createResolver = followUpValidation.resolver((m) => m.createFollowUpResolver);
const updateResolver = followUpValidation.resolver((m) => m.updateFollowUpResolver);

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
  const updating = Boolean(followUp);
  const base = useMemo(
    () => (followUp ? followUpFormValuesFrom(followUp) : newFollowUpValues(prefill, user?._id)),
    [followUp, prefill, user?._id],
  );
  followUpValidation.use();
  const form = useCheckedForm<FollowUpFormState>(base, updating ? updateResolver : createResolver);
  const { control, formState, setValue, getValues } = form;
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
    // A new follow-up's draft belongs to what navigation opened it for (a customer, Create Next Follow Up…).
    context: followUp ? undefined : followUpDraftContext(prefill),
    describe: ({ values, extra }) => {
      const name = nameOnly(extra?.[values.customer ?? '']);
      return followUp ? `changes to this follow-up` : `follow-up${name ? ` for ${name}` : ''}`;
    },
    base,
    extra: names,
    onRestore: ({ extra }) => {
      if (extra) setNames((n) => ({ ...extra, ...n }));
    },
  });
  const guard = usePageFormGuard(formState.isDirty, draft.clear);
  const save = useRecordSave({
    form,
    draft,
    guard,
    invalidate: [followUpKeys.all, ['customers'], ['requirements'], ['dashboard']],
  });

  const type = useWatch({ control, name: 'type' });

  const setMany = (patch: Partial<FollowUpFormState>) => {
    for (const [k, v] of Object.entries(patch))
      setValue(k as keyof FollowUpFormState, v as never, { shouldDirty: true });
  };
  const revalidate = () => {
    if (formState.isSubmitted) void form.trigger();
  };
  const sectionProps: FollowUpSectionProps = {
    form,
    names,
    onNames: setNames,
    self: user ? { _id: user._id, name: user.name } : null,
    userId: user?._id,
    setMany,
    revalidate,
  };
  /** The status follows date and time as they change (spec 2 §4). */
  const followWhen = (date: string, time: string) => {
    const status = statusForWhen(date, time);
    if (status) setValue('status', status, { shouldDirty: true });
  };

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

  const label = followUp ? 'Update Follow Up' : 'Create Follow Up';
  return (
    <FormFrame form={form} label={label} onValid={submit} draft={draft} serverError={serverError}>
      <DetailsSection {...sectionProps} updating={updating} onWhen={followWhen} />
      {type && <ResponseSection form={form} visit={type === 'Visit'} />}
      <NextSection {...sectionProps} />

      {updating && (
        <Text size="xs" c="dimmed">
          The customer cannot be changed when updating.
        </Text>
      )}
      <GuardedFormActions guard={guard} leaveTo={-1} submitLabel={label} form={form} />
    </FormFrame>
  );
};
