// The correction dialogs, their own chunk (with zod and the schemas), loaded the first time one opens.
import {
  type AttendanceDay,
  appInstant,
  CORRECTION_MESSAGES,
  type CorrectionDto,
  type CorrectionInput,
  correctionDecisionSchema,
  correctionSchema,
} from '@karya/domain';
import { Group, Radio, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { ReasonDialog } from '../../components/form/reason-dialog';
import { withLoadingToast } from '../../lib/notify';
import { attendanceKeys } from './api';
import { longDate, shortDate, timeOf } from './attendance-format';
import {
  correctionKeys,
  decideCorrection,
  kindLabel,
  requestCorrection,
  useKeepers,
} from './corrections-api';

type Kind = 'in' | 'out';
type AskValues = { kind: Kind; time: string; reason: string };
type AskErrors = Partial<Record<keyof AskValues, string>>;

/** A check-out is what is usually forgotten: the default when the day's check-out is missing. */
export const defaultKind = (day: AttendanceDay): Kind => (day.missingCheckOut ? 'out' : 'in');

/** The schema's first message per field; a time today that has not come yet, the server's message. */
const checkAsk = (
  date: string,
  values: AskValues,
  now: Date,
): { body: CorrectionInput } | { errors: AskErrors } => {
  const parsed = correctionSchema.safeParse({ date, ...values });
  const errors: AskErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof AskValues | 'date';
      if (field === 'date') continue;
      errors[field] ??= issue.message;
    }
  if (!errors.time && appInstant(date, values.time).getTime() > now.getTime())
    errors.time = CORRECTION_MESSAGES.timeFuture;
  return parsed.success && !Object.keys(errors).length ? { body: parsed.data } : { errors };
};

/**
 * Ask for a correction of a day of the user's own month: check-in or check-out, the time (India time) and
 * why; checked with the domain's correctionSchema (its messages under the fields, again on every change
 * after the first Save), sent with POST. A refusal (one already waiting) stays above the fields.
 */
export const AskCorrectionDialog = ({
  day,
  opened,
  onClose,
}: {
  /** The day asked about; kept while the dialog closes so its texts stay put. */
  day: AttendanceDay | null;
  opened: boolean;
  onClose: () => void;
}) => {
  const client = useQueryClient();
  const save = useSaveOnce();
  const { setServerError } = save;
  const keeperFor = useKeepers();
  const start = day ? defaultKind(day) : 'out';
  const [values, setValues] = useState<AskValues>({ kind: start, time: '', reason: '' });
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setValues({ kind: start, time: '', reason: '' });
    setChecked(false);
    setServerError(null);
  }, [opened, start, setServerError]);

  const date = day?.date ?? '';
  const result = checkAsk(date, values, new Date());
  const errors: AskErrors = checked && 'errors' in result ? result.errors : {};
  const set = (patch: Partial<AskValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    setChecked(true);
    if (!day || !('body' in result)) return;
    const body = result.body;
    void save.run(async () => {
      await withLoadingToast('Asking for a correction', () =>
        keeperFor(`${body.date}:${body.kind}`).run((key) => requestCorrection(body, key)),
      );
      void client.invalidateQueries({ queryKey: correctionKeys.all });
      onClose();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened && day !== null}
      onClose={onClose}
      dirty={values.time !== '' || values.reason.trim() !== ''}
      title="Ask for a correction"
      gap="sm"
      save={save}
      submitLabel="Save"
      onSubmit={submit}
    >
      <Text size="sm">
        {date && longDate(date)}. Your manager approves it; the{' '}
        {values.kind === 'in' ? 'check-in' : 'check-out'} then counts.
      </Text>
      <Radio.Group
        label="Kind"
        withAsterisk
        value={values.kind}
        onChange={(v) => set({ kind: v === 'in' ? 'in' : 'out' })}
        error={errors.kind}
      >
        <Group gap="md" mt={4}>
          <Radio value="in" label="Check-in" />
          <Radio value="out" label="Check-out" />
        </Group>
      </Radio.Group>
      <TextInput
        type="time"
        label="Time"
        description="India time"
        withAsterisk
        value={values.time}
        error={errors.time}
        onChange={(e) => set({ time: e.currentTarget.value })}
        data-autofocus
      />
      <Textarea
        label="Reason"
        description="Say what happened, e.g. forgot to check out when leaving"
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={values.reason}
        error={errors.reason}
        onChange={(e) => set({ reason: e.currentTarget.value })}
      />
    </GuardedDialogForm>
  );
};

/**
 * Reject a correction: the reason is required (the domain's correctionDecisionSchema and its message),
 * then PATCH; every attendance query refreshes after.
 */
export const RejectCorrectionDialog = ({
  correction: c,
  opened,
  onClose,
}: {
  /** The request being rejected; kept while the dialog closes. */
  correction: CorrectionDto | null;
  opened: boolean;
  onClose: () => void;
}) => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const check = (reason: string) => {
    const parsed = correctionDecisionSchema.safeParse({ decision: 'Rejected', reason });
    return parsed.success
      ? null
      : (parsed.error.issues[0]?.message ?? CORRECTION_MESSAGES.rejectReasonRequired);
  };
  const send = async (reason: string) => {
    if (!c) return;
    const body = correctionDecisionSchema.parse({ decision: 'Rejected', reason });
    await withLoadingToast('Rejecting correction', () =>
      keeperFor(c._id).run((key) => decideCorrection(c._id, body, key)),
    );
    void client.invalidateQueries({ queryKey: attendanceKeys.all });
  };
  return (
    <ReasonDialog
      opened={opened && c !== null}
      onClose={onClose}
      title="Reject correction"
      submitLabel="Reject"
      description="Shown to the person who asked"
      required
      check={check}
      send={send}
    >
      {c && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <strong>{c.user.name}</strong>: {kindLabel(c.kind)} at {timeOf(c.at)} on {shortDate(c.date)}.{' '}
          {c.reason}
        </Text>
      )}
    </ReasonDialog>
  );
};
