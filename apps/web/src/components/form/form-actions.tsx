import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';

type Actions = {
  submitLabel: string;
  /** Whether the save runs: given, or read from the form (react-hook-form's isSubmitting). */
  submitting?: boolean;
  form?: { formState: { isSubmitting: boolean } };
  submitDisabled?: boolean;
  /** Cancel stays enabled while the save runs (the role form). */
  cancelWhileSubmitting?: boolean;
};

/**
 * The end of a form: Cancel and the submit button, Cancel disabled while the save runs. In a dialog,
 * `onCancel` is the dialog's guarded close (useGuardedClose, or the form's own close); a page's form uses
 * GuardedFormActions.
 */
export const FormActions = ({
  submitLabel,
  submitting,
  submitDisabled,
  cancelWhileSubmitting,
  onCancel,
  form,
}: Actions & { onCancel: () => void }) => {
  const busy = submitting ?? form?.formState.isSubmitting ?? false;
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={!cancelWhileSubmitting && busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Group>
  );
};

/**
 * A page form's footer: Cancel asks 'Discard changes?' while the form holds unsaved input (`guard`, from
 * useLeaveGuard, which also drops the draft), then goes to `leaveTo` (-1: back).
 */
export const GuardedFormActions = ({
  guard,
  leaveTo,
  ...actions
}: Actions & { guard: { leave: (go: () => void) => void }; leaveTo: string | -1 }) => {
  const navigate = useNavigate();
  return (
    <FormActions
      {...actions}
      onCancel={() => guard.leave(() => (leaveTo === -1 ? navigate(-1) : navigate(leaveTo)))}
    />
  );
};
