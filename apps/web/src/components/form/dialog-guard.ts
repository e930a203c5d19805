import { useCallback, useEffect } from 'react';
import { useLeaveGuard } from '../../lib/leave-guard';

/**
 * The guard of a form inside a dialog (RecordDialog, the task modal): leaving the page or closing the
 * dialog (Escape, ✕, Cancel: `close`, handed to the dialog through `registerClose`) asks first while the
 * form is `dirty`, and a confirmed discard drops the draft.
 */
export const useDialogFormGuard = ({
  dirty,
  onDiscard,
  onClose,
  registerClose,
}: {
  dirty: boolean;
  onDiscard: () => void;
  onClose: () => void;
  registerClose: (close: () => void) => void;
}) => {
  const guard = useLeaveGuard(dirty, { onDiscard });
  const { leave } = guard;
  const close = useCallback(() => leave(onClose), [leave, onClose]);
  useEffect(() => registerClose(close), [registerClose, close]);
  return { guard, close };
};
