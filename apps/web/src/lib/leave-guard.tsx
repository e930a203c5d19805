import { Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Location, useBlocker } from 'react-router';
import { openConfirmModal } from './confirm-modal';

/** What the forms ask before unsaved changes are thrown away. */
export const DISCARD_MESSAGE = 'You have unsaved changes. Are you sure you want to discard them?';

/** Ask the browser to confirm leaving the page while the form holds unsaved changes. */
export const useWarnOnUnload = (dirty: boolean) => {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
};

/** The 'Discard changes?' confirmation; `onConfirm` runs when the user chooses Discard. */
export const confirmDiscard = ({
  message = DISCARD_MESSAGE,
  onConfirm,
  onClose,
}: {
  message?: string;
  onConfirm: () => void;
  onClose?: () => void;
}) =>
  openConfirmModal({
    title: 'Discard changes?',
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Discard', cancel: 'Keep editing' },
    confirmProps: { color: 'red' },
    onConfirm,
    onClose,
  });

/**
 * Signing out or an expired session leaves with this state (app/hooks/use-logout): that is not the user
 * walking away from the form, and the draft (if any) brings the values back after signing in again.
 */
const isSignOut = (location: Location) =>
  Boolean((location.state as { signedOut?: boolean } | null)?.signedOut);

export type LeaveGuardOptions = {
  /** The confirmation's text; the forms keep their own wording. */
  message?: string;
  /** Runs when the user confirms leaving a dirty form (by Cancel or any other way): e.g. drop the draft. */
  onDiscard?: () => void;
};

/**
 * While `dirty`, leaving the page asks first: inside the app (links, sidebar, breadcrumbs, Back) with the
 * 'Discard changes?' confirmation, a reload or tab close with the browser's own prompt. Needs a data router
 * (createBrowserRouter / createMemoryRouter).
 *
 * `release()` lets the next navigation go without asking: call it right before navigating away after a
 * successful save (the form may still count as dirty at that moment). `leave(go)` is the Cancel button:
 * asks when dirty, then releases, runs onDiscard and calls `go`.
 */
export const useLeaveGuard = (dirty: boolean, { message, onDiscard }: LeaveGuardOptions = {}) => {
  // Read when a navigation starts, which may be before React re-renders (a save navigates at once).
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const options = useRef({ message, onDiscard });
  options.current = { message, onDiscard };
  const releasedRef = useRef(false);
  const [released, setReleased] = useState(false);

  const release = useCallback(() => {
    releasedRef.current = true;
    setReleased(true);
  }, []);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        dirtyRef.current &&
        !releasedRef.current &&
        currentLocation.pathname !== nextLocation.pathname &&
        !isSignOut(nextLocation),
      [],
    ),
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let settled = false;
    confirmDiscard({
      message: options.current.message,
      onConfirm: () => {
        settled = true;
        release();
        options.current.onDiscard?.();
        blockerRef.current.proceed?.();
      },
      // Keep editing, Escape, the close button or a click outside: stay on the form.
      onClose: () => {
        if (settled) return;
        settled = true;
        blockerRef.current.reset?.();
      },
    });
  }, [blocker.state, release]);

  useWarnOnUnload(dirty && !released);

  const leave = useCallback(
    (go: () => void) => {
      const discard = () => {
        release();
        options.current.onDiscard?.();
        go();
      };
      if (!dirtyRef.current) discard();
      else confirmDiscard({ message: options.current.message, onConfirm: discard });
    },
    [release],
  );

  return { release, leave };
};
