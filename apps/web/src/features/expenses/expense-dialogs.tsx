// The reject and pay dialogs: their own chunk (with zod and the schemas), loaded the first time one opens.
import {
  EXPENSE_MESSAGES,
  type ExpenseClaimDto,
  expenseDecisionSchema,
  expensePaymentSchema,
  todayInAppZone,
} from '@karya/domain';
import { Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { ReasonDialog } from '../../components/form/reason-dialog';
import { DateInput } from '../../lib/lazy-date-input';
import { withLoadingToast } from '../../lib/notify';
import { useKeepers } from '../attendance/corrections-api';
import { decideClaim, payClaim, refreshAfterExpenseChange } from './api';
import { claimDates, claimName, expensesText, money } from './expense-format';

type DialogProps = {
  /** The claim acted on; kept while the dialog closes so its texts stay put. */
  claim: ExpenseClaimDto | null;
  opened: boolean;
  onClose: () => void;
};

/** Whose claim, what for and how much: the line at the top of both dialogs. */
const Summary = ({ claim: c }: { claim: ExpenseClaimDto }) => (
  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
    <strong>{c.user.name}: </strong>
    {claimName(c)}, {money(c.total)} ({[expensesText(c.lineCount), claimDates(c)].filter(Boolean).join(', ')})
  </Text>
);

/**
 * Reject a claim: the reason is required (the domain's expenseDecisionSchema and its message), then PATCH
 * …/decision; every expense query and the dashboard refresh after.
 */
export const RejectClaimDialog = ({ claim: c, opened, onClose }: DialogProps) => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const check = (reason: string) => {
    const parsed = expenseDecisionSchema.safeParse({ decision: 'Rejected', reason });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? EXPENSE_MESSAGES.rejectReasonRequired);
  };
  const send = async (reason: string) => {
    if (!c) return;
    await withLoadingToast('Rejecting claim', () =>
      keeperFor(`${c._id}:reject`).run((key) =>
        decideClaim(c._id, expenseDecisionSchema.parse({ decision: 'Rejected', reason }), key),
      ),
    );
    refreshAfterExpenseChange(client);
  };
  return (
    <ReasonDialog
      opened={opened && c !== null}
      onClose={onClose}
      title="Reject claim"
      submitLabel="Reject"
      description="Shown to the person who claimed; they may correct the claim and submit it again"
      required
      check={check}
      send={send}
    >
      {c && <Summary claim={c} />}
    </ReasonDialog>
  );
};

type PayErrors = Partial<Record<'reference' | 'paidOn', string>>;

/**
 * Mark an approved claim paid (PATCH …/payment): the payment's reference (a UTR, a cheque number) and the day
 * it was paid (today unless changed; never after today), checked with the domain's expensePaymentSchema.
 */
export const PayClaimDialog = ({ claim: c, opened, onClose }: DialogProps) => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const save = useSaveOnce();
  const { setServerError } = save;
  const today = todayInAppZone();
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [errors, setErrors] = useState<PayErrors>({});
  useEffect(() => {
    if (!opened) return;
    setReference('');
    setPaidOn(todayInAppZone());
    setErrors({});
    setServerError(null);
  }, [opened, setServerError]);

  const submit = () => {
    if (!c) return;
    const parsed = expensePaymentSchema.safeParse({ reference, paidOn });
    const found: PayErrors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PayErrors;
        found[field] ??= issue.message;
      }
    if (!found.paidOn && paidOn > todayInAppZone()) found.paidOn = EXPENSE_MESSAGES.paidOnInFuture;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) return;
    void save.run(async () => {
      await withLoadingToast('Marking claim paid', () =>
        keeperFor(`${c._id}:pay`).run((key) => payClaim(c._id, parsed.data, key)),
      );
      refreshAfterExpenseChange(client);
      onClose();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened && c !== null}
      onClose={onClose}
      dirty={reference.trim() !== ''}
      title="Mark claim paid"
      save={save}
      submitLabel="Mark paid"
      onSubmit={submit}
    >
      {c && <Summary claim={c} />}
      <TextInput
        label="Payment reference"
        description="The bank transfer's UTR, a cheque number, or how it was paid"
        withAsterisk
        autoComplete="off"
        maxLength={100}
        data-autofocus
        value={reference}
        error={errors.reference}
        onChange={(e) => {
          setReference(e.currentTarget.value);
          setErrors((x) => ({ ...x, reference: undefined }));
        }}
      />
      <DateInput
        label="Paid on"
        withAsterisk
        placeholder="DD/MM/YYYY"
        valueFormat="DD/MM/YYYY"
        maxDate={today}
        popoverProps={{ withinPortal: true }}
        value={paidOn || null}
        error={errors.paidOn}
        onChange={(v) => {
          setPaidOn(typeof v === 'string' ? v.slice(0, 10) : '');
          setErrors((x) => ({ ...x, paidOn: undefined }));
        }}
      />
    </GuardedDialogForm>
  );
};
