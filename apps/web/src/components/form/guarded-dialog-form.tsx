import { Stack } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { GuardedModal, useGuardedClose } from '../../lib/guarded-modal';
import { messageOf } from '../../lib/notify';
import { FormActions } from './form-actions';
import { FormError } from './form-frame';

/**
 * One save at a time for a form outside react-hook-form: `run(work)` is ignored while a save runs, clears
 * the last message, and keeps the server's message when `work` fails (the toast says it too).
 */
export const useSaveOnce = () => {
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const running = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    setServerError(null);
    try {
      await work();
    } catch (e) {
      setServerError(messageOf(e));
    } finally {
      running.current = false;
      setSaving(false);
    }
  };
  return { saving, serverError, setServerError, running, run };
};

/**
 * A small dialog holding a form (Update Price to Show, Adjust Stock): named by its title; while `dirty`,
 * Escape, the backdrop, the ✕ and Cancel ask before closing. The save's message above the fields, Cancel
 * and the submit button below them.
 */
export const GuardedDialogForm = ({
  opened,
  onClose,
  dirty,
  title,
  gap = 'md',
  save,
  submitLabel,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  dirty: boolean;
  title: string;
  gap?: 'sm' | 'md';
  save: { saving: boolean; serverError: string | null; running: { current: boolean } };
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) => {
  const close = useGuardedClose(dirty, onClose);
  return (
    <GuardedModal opened={opened} onClose={onClose} dirty={dirty} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Repeat submits while the save runs are ignored.
          if (!save.running.current) onSubmit();
        }}
        aria-label={title}
      >
        <Stack gap={gap}>
          <FormError>{save.serverError}</FormError>
          {children}
          <FormActions onCancel={close} submitLabel={submitLabel} submitting={save.saving} />
        </Stack>
      </form>
    </GuardedModal>
  );
};
