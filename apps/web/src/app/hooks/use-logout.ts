import { MESSAGES } from '@karya/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { openConfirmModal } from '../../lib/confirm-modal';

/** Location state telling the sign-in page that the user just left (see clearSession in app/auth.tsx). */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/**
 * Leave the signed-in app for the sign-in page. The sign-in page clears the session once it is on
 * screen: clearing here, while the shell is still mounted, would let the shell's guard redirect first
 * (to /login?redirect=...) and win the race.
 */
export const useLeaveSession = () => {
  const navigate = useNavigate();
  return useCallback(
    async (to: string) => {
      await navigate(to, { replace: true, state: SIGNED_OUT_STATE });
    },
    [navigate],
  );
};

/** Log out after confirming (spec 1 §2 Shell): POST /auth/logout, clear the cache, go to /login. */
export const useLogout = () => {
  const leave = useLeaveSession();
  const logoutNow = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      // The session may already be gone; leaving is still right.
    }
    await leave('/login');
  }, [leave]);
  const confirmLogout = useCallback(
    () =>
      openConfirmModal({
        title: 'Log out',
        centered: true,
        children: MESSAGES.logoutConfirm,
        labels: { confirm: 'Log out', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => void logoutNow(),
      }),
    [logoutNow],
  );
  return { confirmLogout, logoutNow };
};
