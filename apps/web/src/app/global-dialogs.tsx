import { ERROR_CODES, MESSAGES } from '@karya/domain';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onApiError } from '../lib/api';
import { lazyPanel } from '../lib/lazy-panel';
import { useAuth } from './auth';
import { useLeaveSession, useLogout } from './hooks/use-logout';
import { useNetworkToasts } from './hooks/use-network-toasts';
import { SessionExpiredDialog } from './session-expired-dialog';

// Most sessions never see it: its code (pin input, radios) is downloaded when it first opens.
const VerificationDialog = lazyPanel(() => import('./verification-dialog').then((m) => m.VerificationDialog));

export const CHANGE_PASSWORD_PATH = '/hrm/profile/change-password';
const ROLE_EXPIRY_FLAG = 'karya:role-expiry-shown';

/** Paths where a 401 is expected and must not open the Session Expired dialog (spec 1 §8). */
const isPublicPath = (pathname: string) => pathname === '/login' || pathname === '/';

/**
 * Everything the signed-in app reacts to globally (spec 1 §8): the Session Expired dialog on 401, the
 * two 403 codes of the access guard, the account verification dialog, the expired-role message once per
 * session and the network toasts. Mounted once, inside the shell.
 */
export const GlobalHandlers = () => {
  const { user, isEmailVerified } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const leave = useLeaveSession();
  const { logoutNow } = useLogout();
  const [sessionExpired, setSessionExpired] = useState(false);
  const [verifyRequested, setVerifyRequested] = useState(false);
  const pathRef = useRef(location.pathname + location.search);
  pathRef.current = location.pathname + location.search;

  useNetworkToasts();

  useEffect(() => {
    const stop = onApiError((error, path) => {
      const pathname = pathRef.current.split('?')[0] ?? '/';
      if (error.status === 401) {
        if (!isPublicPath(pathname) && !path.startsWith('/auth/logout')) setSessionExpired(true);
        return;
      }
      if (error.status !== 403) return;
      if (error.code === ERROR_CODES.EMAIL_NOT_VERIFIED) {
        // A fixed id keeps several refused calls from stacking the same toast.
        notifications.show({
          id: 'email-not-verified',
          color: 'yellow',
          message: MESSAGES.emailNotVerified,
        });
        setVerifyRequested(true);
      } else if (error.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED) {
        notifications.show({
          id: 'password-change-required',
          color: 'yellow',
          message: MESSAGES.passwordChangeRequired,
        });
        if (pathname !== CHANGE_PASSWORD_PATH) navigate(CHANGE_PASSWORD_PATH);
      }
    });
    return () => {
      stop();
    };
  }, [navigate]);

  const expired = user?.expiredRoles ?? [];
  const expiredText = expired.length > 0 ? MESSAGES.roleExpired(expired) : '';
  useEffect(() => {
    if (!expiredText) return;
    try {
      if (sessionStorage.getItem(ROLE_EXPIRY_FLAG)) return;
      sessionStorage.setItem(ROLE_EXPIRY_FLAG, '1');
    } catch {
      // Without storage the message may repeat; that is acceptable.
    }
    notifications.show({
      id: 'role-expired',
      color: 'red',
      title: 'Role expired',
      message: expiredText,
      autoClose: 10_000,
    });
  }, [expiredText]);

  const goToLogin = () => {
    setSessionExpired(false);
    void leave(`/login?redirect=${encodeURIComponent(pathRef.current)}`);
  };

  return (
    <>
      <SessionExpiredDialog opened={sessionExpired} onLogin={goToLogin} />
      <VerificationDialog
        opened={Boolean(user) && !sessionExpired && (!isEmailVerified || verifyRequested)}
        onLogout={() => void logoutNow()}
        onVerified={() => setVerifyRequested(false)}
      />
    </>
  );
};
