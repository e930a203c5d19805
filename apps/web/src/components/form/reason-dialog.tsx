import { Textarea } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { GuardedDialogForm, useSaveOnce } from './guarded-dialog-form';

/**
 * A dialog that asks why (reject a correction or a leave, cancel a leave): what is acted on, then a Reason
 * checked by the domain's schema (`check` answers its message), then `send`; it closes when the server has
 * answered. The reason and its messages are cleared each time it opens; a typed reason guards the close.
 */
export const ReasonDialog = ({
  opened,
  onClose,
  title,
  submitLabel,
  description,
  required,
  check,
  send,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** Under the Reason label: who reads it, or when it is needed. */
  description: string;
  required: boolean;
  check: (reason: string) => string | null;
  send: (reason: string) => Promise<void>;
  /** What is acted on, above the field. */
  children?: ReactNode;
}) => {
  const save = useSaveOnce();
  const { setServerError } = save;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setReason('');
    setError(null);
    setServerError(null);
  }, [opened, setServerError]);

  const submit = () => {
    const problem = check(reason);
    if (problem) return setError(problem);
    void save.run(async () => {
      await send(reason);
      onClose();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened}
      onClose={onClose}
      dirty={reason.trim() !== ''}
      title={title}
      save={save}
      submitLabel={submitLabel}
      onSubmit={submit}
    >
      {children}
      <Textarea
        label="Reason"
        description={description}
        withAsterisk={required}
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(null);
        }}
      />
    </GuardedDialogForm>
  );
};
