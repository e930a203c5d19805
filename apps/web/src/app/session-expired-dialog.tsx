import { MESSAGES } from '@karya/domain';
import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './session-expired-dialog.module.css';

/**
 * The Session Expired dialog (spec 1 §8): the browser's own modal `<dialog>` (top layer, focus kept
 * inside, the page behind inert), not Mantine's Modal, whose code (focus trap, scroll lock, portal, scroll
 * area: some 16 KB gzip) every signed-in page loaded for a dialog most visits never show. It cannot be
 * dismissed: Escape does nothing and the only way on is Login.
 */
export const SessionExpiredDialog = ({ opened, onLogin }: { opened: boolean; onLogin: () => void }) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!opened && dialog.open) dialog.close?.();
  }, [opened]);
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby="session-expired-title"
      onCancel={(event) => event.preventDefault()}
    >
      {opened && (
        <>
          <h2 id="session-expired-title" className={classes.title}>
            Session Expired
          </h2>
          <p className={classes.text}>{MESSAGES.sessionExpired}</p>
          <div className={classes.actions}>
            <Button onClick={onLogin} autoFocus>
              Login
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
};
