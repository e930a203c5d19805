// The leave application form: its own chunk (with zod and the date input), loaded when Apply first opens.
import {
  LEAVE_MESSAGES,
  LEAVE_TYPE_INFO,
  LEAVE_TYPES,
  type LeaveBalance,
  type LeaveHalf,
  leaveApplicationSchema,
  leaveHalves,
  leaveYear,
  todayInAppZone,
} from '@karya/domain';
// The date picker's styles come with the chunk that uses it, not with every page.
import '@mantine/dates/styles.css';
import { Alert, Group, Modal, Radio, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useAuth, useCan } from '../../app/auth';
import { DateField } from '../../components/form/date-field';
import { useDialogFormGuard } from '../../components/form/dialog-guard';
import { HeldField, LongTextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { SelectField } from '../../components/form/select-field';
import { useFormDraft } from '../../lib/form-draft';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import { AFTER_LEAVE_CHANGE, applyLeave, useHolidays, useLeaveBalances, useWeeklyOff } from './api';
import { daysText, typeOption, workingDaysText } from './leave-format';

type HalfChoice = 'full' | LeaveHalf;
/** The form's values: dates as YYYY-MM-DD ('' for none), the half as a choice ('full': the whole day). */
export type ApplyValues = { leaveType: string; from: string; to: string; half: HalfChoice; reason: string };
const EMPTY: ApplyValues = { leaveType: '', from: '', to: '', half: 'full', reason: '' };

/** The draft of the application form (one per user's session, as other forms of the kit). */
export const APPLY_DRAFT_KEY = 'leave:apply';
const AFTER = [...AFTER_LEAVE_CHANGE];

/** What the schema checks: the half only for a one-day leave (hidden otherwise, so not sent). */
const toInput = (v: ApplyValues) => ({
  leaveType: v.leaveType || undefined,
  from: v.from || undefined,
  to: v.to || undefined,
  half: v.from && v.from === v.to && v.half !== 'full' ? v.half : null,
  reason: v.reason,
});

/** The domain's leaveApplicationSchema, its first message per field. */
const resolver: Resolver<ApplyValues> = async (values) => {
  const parsed = leaveApplicationSchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<ApplyValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ApplyValues | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The live count of the working days the dates take, with the company's weekly offs and the year's
 * holidays (the domain's leaveHalves); without them (no read on attendance, or not loaded) it says the
 * server counts them. The server's count is the truth either way.
 */
const WorkingDaysPreview = ({
  values,
  balance,
}: {
  values: Pick<ApplyValues, 'from' | 'to' | 'half' | 'leaveType'>;
  balance: LeaveBalance | undefined;
}) => {
  const { can } = useCan();
  const { from, to } = values;
  const valid = DAY_RE.test(from) && DAY_RE.test(to) && from <= to && from.slice(0, 4) === to.slice(0, 4);
  const year = valid ? leaveYear(from) : 0;
  const weeklyOff = useWeeklyOff(can('attendance', 'read'));
  const holidays = useHolidays(year, valid);
  const holidayDays = useMemo(
    () => new Set((holidays.data ?? []).map((h) => h.date.slice(0, 10))),
    [holidays.data],
  );
  if (!valid) return null;
  if (!weeklyOff.data || !holidays.data)
    return (
      <Text size="sm" c="dimmed" role="status">
        Working days are counted when you apply.
      </Text>
    );
  const half = from === to && values.half !== 'full' ? values.half : null;
  const days = leaveHalves({ from, to, half }, weeklyOff.data, holidayDays).halves / 2;
  if (days === 0)
    return (
      <Alert color="yellow" variant="light" p="xs" role="status">
        {LEAVE_MESSAGES.noWorkingDays}
      </Alert>
    );
  const short = balance?.limited && balance.available !== null && days > balance.available;
  return (
    <div role="status">
      <Text size="sm" fw={600}>
        {workingDaysText(days)}
      </Text>
      <Text size="xs" c={short ? 'orange.8' : 'dimmed'}>
        {short
          ? `Only ${daysText(Math.max(0, balance?.available ?? 0))} of ${LEAVE_TYPE_INFO[balance.leaveType].label.toLowerCase()} left.`
          : 'Weekly offs and holidays in between are not counted.'}
      </Text>
    </div>
  );
};

/**
 * The application (POST /hrm/leaves): the type (each saying what is left of it this year), from and to,
 * the half of a one-day leave, and why; checked with the domain's leaveApplicationSchema, the working days
 * counted live. The server's refusal (overlap, balance, no working day) stays above the fields. An unsaved
 * draft survives a reload; closing a changed form asks first; a retry after a lost answer keeps its key.
 */
const ApplyForm = ({
  onClose,
  registerClose,
}: {
  onClose: () => void;
  registerClose: (close: () => void) => void;
}) => {
  const form = useCheckedForm<ApplyValues>(EMPTY, resolver);
  const { formState, watch } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const draft = useFormDraft(form, {
    key: APPLY_DRAFT_KEY,
    base: EMPTY,
    describe: () => 'leave application',
  });
  const { guard, close } = useDialogFormGuard({
    dirty: formState.isDirty,
    onDiscard: draft.clear,
    onClose,
    registerClose,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: AFTER });

  const [leaveType, from, to, half] = watch(['leaveType', 'from', 'to', 'half']);
  const oneDay = Boolean(from) && from === to;
  const year = DAY_RE.test(from) ? leaveYear(from) : Number(todayInAppZone().slice(0, 4));
  const balances = useLeaveBalances(year);
  const balanceOf = (type: string) => balances.data?.balances.find((b) => b.leaveType === type);
  const types = LEAVE_TYPES.map((t) => ({ value: t, label: typeOption(t, balanceOf(t)) }));

  const submit = (values: ApplyValues) => {
    setServerError(null);
    const parsed = leaveApplicationSchema.safeParse(toInput(values));
    if (!parsed.success) return;
    const body = parsed.data;
    return save({
      loading: 'Applying for leave',
      call: (key) => applyLeave(body, key),
      onSaved: () => onClose(),
      // The toast has shown it too; it stays here while the form is corrected.
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  return (
    <FormFrame form={form} label="Apply for leave" onValid={submit} draft={draft} serverError={serverError}>
      <SelectField
        form={form}
        name="leaveType"
        label="Leave type"
        withAsterisk
        data={types}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateField
          form={form}
          name="from"
          label="From"
          withAsterisk
          popoverProps={{ withinPortal: true }}
          onPick={(day) => {
            const until = form.getValues('to');
            if (day && (!until || until < day)) form.setValue('to', day, { shouldDirty: true });
            if (formState.isSubmitted) void form.trigger(['from', 'to']);
          }}
        />
        <DateField
          form={form}
          name="to"
          label="To"
          withAsterisk
          popoverProps={{ withinPortal: true }}
          onPick={() => formState.isSubmitted && void form.trigger(['to', 'half'])}
        />
      </SimpleGrid>
      {oneDay && (
        <HeldField
          form={form}
          name="half"
          input={({ value, set, ref, error }) => (
            <Radio.Group label="Day" value={String(value)} onChange={set} error={error}>
              <Group gap="md" mt={4}>
                <Radio value="full" label="Full day" ref={ref} />
                <Radio value="first" label="First half" description="Morning" />
                <Radio value="second" label="Second half" description="Afternoon" />
              </Group>
            </Radio.Group>
          )}
        />
      )}
      <WorkingDaysPreview values={{ leaveType, from, to, half }} balance={balanceOf(leaveType)} />
      <LongTextField
        form={form}
        name="reason"
        label="Reason"
        withAsterisk
        rows={[2, 6]}
        maxLength={500}
        description="Your manager reads it"
      />
      <FormActions onCancel={close} submitLabel="Apply" form={form} />
    </FormFrame>
  );
};

/**
 * 'Apply for leave': a dialog, full screen on a phone. Closing it (Escape, the close button, Cancel) asks
 * first when something was typed.
 */
export const ApplyLeaveModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const { user } = useAuth();
  const closeRef = useRef<() => void>(onClose);
  const registerClose = useCallback((close: () => void) => {
    closeRef.current = close;
  }, []);
  return (
    <Modal
      opened={opened}
      onClose={() => closeRef.current()}
      title="Apply for leave"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && user && <ApplyForm onClose={onClose} registerClose={registerClose} />}
    </Modal>
  );
};
