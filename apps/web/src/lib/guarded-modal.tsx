import { Modal, type ModalProps } from '@mantine/core';
import { useCallback, useRef } from 'react';
import { confirmDiscard } from './leave-guard';

/**
 * The close of a dialog that holds typed data: while `dirty`, it asks 'Discard changes?' first and closes
 * only on Discard; Keep editing (or Escape, or a click outside the question) leaves the dialog and what was
 * typed as they are. One question at a time: a second request while it is open (the dialog's own Escape
 * listener hears the Escape that answers the question) is ignored.
 */
export const useGuardedClose = (dirty: boolean, onClose: () => void) => {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const asking = useRef(false);
  return useCallback(() => {
    if (asking.current) return;
    if (!dirtyRef.current) return onClose();
    asking.current = true;
    confirmDiscard({
      onConfirm: () => {
        asking.current = false;
        onClose();
      },
      onClose: () => {
        asking.current = false;
      },
    });
  }, [onClose]);
};

/**
 * Mantine's Modal for a dialog with typed data (docs: ARCHITECTURE.md, Forms): Escape, the backdrop and
 * the ✕ all go through useGuardedClose, so nothing typed is thrown away without asking. Give the dialog's
 * Cancel the same guarded close (`useGuardedClose(dirty, onClose)`) so it asks too.
 */
export const GuardedModal = ({
  dirty,
  onClose,
  closeButtonProps,
  ...props
}: ModalProps & { dirty: boolean }) => {
  const close = useGuardedClose(dirty, onClose);
  return (
    <Modal {...props} onClose={close} closeButtonProps={{ 'aria-label': 'Close', ...closeButtonProps }} />
  );
};
