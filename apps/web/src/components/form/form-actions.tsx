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
    <Group justify="flex-end" gap="sm" wrap="nowrap">
      <Button
        variant="default"
        onClick={onCancel}
        disabled={!cancelWhileSubmitting && busy}
        style={{ flexShrink: 0 }}
      >
        Cancel
      </Button>
      {/* A long label ('Back to Delivered to Customer Site') wraps on a phone instead of being cut off. */}
      <Button
        type="submit"
        loading={busy}
        disabled={submitDisabled}
        h="auto"
        mih={36}
        py={6}
        miw={0}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
      >
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
