// The claim form: its own chunk (with zod, the form kit, the date input and the pickers), loaded when New
// claim or Edit first opens.
import '@mantine/dates/styles.css';
import { EXPENSE_MESSAGES, type ExpenseClaimDetailDto, formatRupees, todayInAppZone } from '@karya/domain';
import { Alert, Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useWatch } from 'react-hook-form';
import { useAuth, useCan } from '../../app/auth';
import { useDialogFormGuard } from '../../components/form/dialog-guard';
import { TextField } from '../../components/form/fields';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { FormSection } from '../../components/form/section';
import type { RefNames } from '../../components/record/ref-pickers';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useIdempotencyKey } from '../../lib/idempotency';
import { messageOf, withLoadingToast } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import {
  AFTER_EXPENSE_CHANGE,
  createClaim,
  refreshAfterExpenseChange,
  submitClaim,
  updateClaim,
  useExpenseRules,
} from './api';
import {
  type ClaimValues,
  checkClaim,
  claimTotal,
  emptyDraft,
  hasUnsavedLine,
  type LineDraft,
  linesFrom,
  linesMissingReceipts,
  rulesPaise,
  toClaimBody,
} from './claim-lines';
import { expensesText } from './expense-format';
import { ExpenseLinesEditor } from './line-editor';

/** The draft of a new claim (one per user's session, as other forms of the kit); an edit's has the claim's id. */
export const NEW_CLAIM_DRAFT_KEY = 'expenses:new-claim';
const EMPTY: ClaimValues = { title: '', lines: [] };
const AFTER = [...AFTER_EXPENSE_CHANGE];
const UNSAVED_LINE = EXPENSE_MESSAGES.unsavedLine;

/** What a draft keeps beside the values: the expense being typed and the names of picked customers. */
type DraftExtra = { line: LineDraft; names: RefNames };

/** The domain's expenseClaimSchema: the purpose's message, and the lines' first ('Expense 2: …'). */
const resolver: Resolver<ClaimValues> = async (values) => {
  const found = checkClaim(values);
  if (!found.title && !found.lines) return { values, errors: {} };
  const errors: FieldErrors<ClaimValues> = {};
  if (found.title) errors.title = { type: 'schema', message: found.title };
  if (found.lines)
    errors.lines = { type: 'schema', message: found.lines } as FieldErrors<ClaimValues>['lines'];
  return { values: {}, errors };
};

/**
 * A claim (POST /hrm/expenses, or PUT for a draft or rejected one): its purpose and its expenses (the line
 * editor), the running total, a warning for each expense that needs a receipt, then Save as draft or Save
 * and submit (saved first, then PATCH …/submit). The server's refusal stays above the fields and nothing
 * typed is lost: a save that fails keeps the form as it was, an unsaved draft survives a reload, closing a
 * changed form asks first, and a retry after a lost answer keeps its key. A submit refused after the save
 * leaves the claim a draft, and the form goes on changing that draft.
 */
const ClaimForm = ({
  claim,
  onClose,
  registerClose,
}: {
  claim: ExpenseClaimDetailDto | null;
  onClose: () => void;
  registerClose: (close: () => void) => void;
}) => {
  const { can } = useCan();
  const client = useQueryClient();
  const today = todayInAppZone();
  const rulesQuery = useExpenseRules(!claim);
  const { ratePaise, receiptAbovePaise } = rulesPaise(claim?.rules ?? rulesQuery.data ?? null);
  const initial = useMemo(() => (claim ? { title: claim.title, lines: linesFrom(claim) } : EMPTY), [claim]);
  const form = useCheckedForm<ClaimValues>(initial, resolver);
  const { control, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [lineDraft, setLineDraft] = useState<LineDraft>(() => emptyDraft(today));
  const [names, setNames] = useState<RefNames>(() =>
    Object.fromEntries(
      claim?.lines.flatMap((l) => (l.customer ? [[l.customer._id, l.customer.name]] : [])) ?? [],
    ),
  );
  const draft = useFormDraft<ClaimValues, DraftExtra>(form, {
    key: claim ? `expenses:edit:${claim._id}` : NEW_CLAIM_DRAFT_KEY,
    base: initial,
    describe: () => (claim ? `changes to ${claim.claimId}` : 'expense claim'),
    extra: { line: lineDraft, names },
    onRestore: ({ extra }) => {
      if (extra?.names) setNames((n) => ({ ...extra.names, ...n }));
      if (extra?.line?.line) setLineDraft(extra.line);
    },
  });
  const { guard, close } = useDialogFormGuard({
    dirty: formState.isDirty || hasUnsavedLine(lineDraft),
    onDiscard: draft.clear,
    onClose,
    registerClose,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: AFTER });
  const submitKeeper = useIdempotencyKey();
  const [claimId, setClaimId] = useState(claim?._id ?? null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState<'draft' | 'submit' | null>(null);
  const intent = useRef<'draft' | 'submit'>('draft');
  const lines = useWatch({ control, name: 'lines' });
  const total = claimTotal(lines, ratePaise);
  const missing = linesMissingReceipts(lines, receiptAbovePaise);
  const canSubmit = can('expense', 'create');

  const submit = async (values: ClaimValues) => {
    const andSubmit = intent.current === 'submit';
    intent.current = 'draft';
    if (hasUnsavedLine(lineDraft)) {
      form.setError('lines', { type: 'unsaved', message: UNSAVED_LINE });
      queueMicrotask(() => focusFirstError(formRef.current, '[data-lines-error]'));
      return;
    }
    setServerError(null);
    setSending(andSubmit ? 'submit' : 'draft');
    try {
      const body = toClaimBody(values);
      const done: { claim?: ExpenseClaimDetailDto } = {};
      await save({
        loading: 'Saving expense claim',
        call: (key) => (claimId ? updateClaim(claimId, body, key) : createClaim(body, key)),
        onSaved: (answer) => {
          if (answer.data) done.claim = answer.data;
        },
        // The toast has shown it too; it stays here while the form is corrected.
        onError: (error) => setServerError(messageOf(error)),
      });
      const saved = done.claim;
      if (!saved) return;
      setClaimId(saved._id);
      if (!andSubmit) return onClose();
      try {
        await withLoadingToast('Submitting expense claim', () =>
          submitKeeper.run((key) => submitClaim(saved._id, key)),
        );
        onClose();
      } catch (error) {
        setServerError(`Saved as a draft, not submitted: ${messageOf(error)}`);
      } finally {
        refreshAfterExpenseChange(client);
      }
    } finally {
      setSending(null);
    }
  };

  return (
    <FormFrame
      form={form}
      label={claim ? `Edit claim ${claim.claimId}` : 'New expense claim'}
      onValid={submit}
      formRef={formRef}
      focusAlso="[data-lines-error]"
      draft={draft}
      serverError={serverError}
    >
      <TextField
        form={form}
        name="title"
        label="Purpose"
        description="What the expenses were for, e.g. School visits in Cuttack"
        withAsterisk
        autoComplete="off"
        maxLength={150}
        data-autofocus
      />
      <FormSection title="Expenses">
        <Controller
          control={control}
          name="lines"
          render={({ field }) => (
            <ExpenseLinesEditor
              lines={field.value}
              onChange={(next) => {
                field.onChange(next);
                form.clearErrors('lines');
              }}
              draft={lineDraft}
              onDraft={(next) => {
                setLineDraft(next);
                if (formState.errors.lines?.type === 'unsaved') form.clearErrors('lines');
              }}
              today={today}
              ratePaise={ratePaise}
              claimId={claimId}
              names={names}
              onNames={setNames}
              canPickCustomers={can('customer', 'suggestion')}
              canUpload={can('expense', 'upload-file')}
              error={formState.errors.lines?.message ?? formState.errors.lines?.root?.message}
            />
          )}
        />
      </FormSection>
      {missing.length > 0 && receiptAbovePaise !== null && (
        <Alert
          color="yellow"
          variant="light"
          role="note"
          icon={<IconReceipt size={18} aria-hidden />}
          title="Receipts needed to submit"
        >
          {missing.map((n) => (
            <Text key={n} size="sm">
              {EXPENSE_MESSAGES.receiptMissing(n, receiptAbovePaise)}
            </Text>
          ))}
        </Alert>
      )}
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Claim total">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Total of {expensesText(lines.length)}
          </Text>
          <Text fw={700} data-testid="claim-total">
            {formatRupees(total.paise)}
          </Text>
        </Group>
        {!total.complete && (
          <Text size="xs" c="dimmed">
            Travel by distance is priced when saved; the total leaves it out.
          </Text>
        )}
      </Paper>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" onClick={close} disabled={sending !== null}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={canSubmit ? 'light' : 'filled'}
          loading={sending === 'draft'}
          disabled={sending === 'submit'}
          onClick={() => {
            intent.current = 'draft';
          }}
        >
          Save as draft
        </Button>
        {canSubmit && (
          <Button
            type="submit"
            loading={sending === 'submit'}
            disabled={sending === 'draft'}
            onClick={() => {
              intent.current = 'submit';
            }}
          >
            Save and submit
          </Button>
        )}
      </Group>
    </FormFrame>
  );
};

/**
 * 'New expense claim' or 'Edit claim EC0001': a dialog, full screen on a phone. Closing it (Escape, the
 * close button, Cancel) asks first when something was typed.
 */
export const ClaimFormModal = ({
  opened,
  onClose,
  claim = null,
}: {
  opened: boolean;
  onClose: () => void;
  claim?: ExpenseClaimDetailDto | null;
}) => {
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
      title={claim ? `Edit claim ${claim.claimId}` : 'New expense claim'}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && user && <ClaimForm claim={claim} onClose={onClose} registerClose={registerClose} />}
    </Modal>
  );
};
