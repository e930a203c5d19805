import { type MeDto, normalizeEmail, type SignInProblems, signInProblems } from '@karya/domain';
import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMapPin, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { clearSession, useAuth } from '../../app/auth';
import { safeRedirect } from '../../app/redirect';
import { api, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { messageOf, notifySuccess } from '../../lib/notify';
import { securityContextOrReason } from '../../lib/security-context';
import classes from './login-page.module.css';

// The two dialogs load when first opened: the form itself needs neither their code nor a modal's.
const ResetPasswordDialog = lazy(async () => ({
  default: (await import('./reset-password-dialog')).ResetPasswordDialog,
}));
const SignInFailedDialog = lazy(async () => ({
  default: (await import('./sign-in-failed-dialog')).SignInFailedDialog,
}));

/** A field's problem, and whether the server named it (a server message may name both fields). */
type Errors = { [K in keyof SignInProblems]?: { message: string; server?: boolean } };

const clientErrors = (problems: SignInProblems): Errors => ({
  ...(problems.email && { email: { message: problems.email } }),
  ...(problems.password && { password: { message: problems.password } }),
});

/**
 * The sign-in answer's own words: a refused sign-in is a 401 whose message ('Invalid email or password')
 * must reach the field it names, not the generic 401 text the client maps other calls to.
 */
const loginErrorMessage = (e: unknown) => {
  if (isApiError(e) && e.status === 401) {
    const server = (e.body as { message?: unknown } | undefined)?.message;
    if (typeof server === 'string' && server.trim()) return server;
  }
  return messageOf(e);
};

/**
 * Which field a refused sign-in's message belongs to (spec 1 §8: one naming the e-mail on the e-mail field,
 * one naming the password on the password field, anything else in a dialog). 'Invalid email or password'
 * names both: it goes under the password, the field a person retypes, and the e-mail field is only marked.
 */
export const loginErrorField = (message: string): 'email' | 'password' | null => {
  const lower = message.toLowerCase();
  if (lower.includes('password')) return 'password';
  if (lower.includes('email')) return 'email';
  return null;
};

/**
 * Sign-in (spec 1 §2, §5, §8). A plain controlled form checked with the domain's zod-free sign-in rules:
 * this page is most visitors' first, so it loads neither a form library nor a schema library. The card is
 * memoised: the session check's answer re-renders this page, and need not re-render the whole form.
 */
export const LoginPage = () => {
  const { isAuthenticated, setUser } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const target = safeRedirect(params.get('redirect'));
  const [isSubmitting, setSubmitting] = useState(false);
  useDocumentTitle('Sign in');

  // A user who just signed out still has the old session cached for a moment; do not bounce them back.
  const justSignedOut = Boolean((location.state as { signedOut?: boolean } | null)?.signedOut);
  const client = useQueryClient();
  useEffect(() => {
    if (justSignedOut) void clearSession(client);
  }, [justSignedOut, client]);
  // The form shows at once, while the session check is still out: most visitors here are signed out, and
  // waiting for the answer cost a slow phone a second render before anything useful appeared. A visitor
  // who turns out to be signed in is sent on as soon as it arrives.
  if (isAuthenticated && !justSignedOut && !isSubmitting) return <Navigate to={target} replace />;
  return (
    <SignInCard target={target} setUser={setUser} isSubmitting={isSubmitting} setSubmitting={setSubmitting} />
  );
};

/** The sign-in card: the form, its dialogs and what it says while signing in. */
const SignInCard = memo(function SignInCard({
  target,
  setUser,
  isSubmitting,
  setSubmitting,
}: {
  target: string;
  setUser: (user: MeDto) => void;
  isSubmitting: boolean;
  setSubmitting: (submitting: boolean) => void;
}) {
  const navigate = useNavigate();
  const [locationError, setLocationError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [resetLoaded, setResetLoaded] = useState(false);
  const [values, setValues] = useState({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<Errors>({});
  // After a first submit, each change checks its field again (as the other forms do).
  const [submitted, setSubmitted] = useState(false);
  const running = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // A server message naming both fields ('Invalid email or password') marks the e-mail field as well.
  const emailAlsoNamed =
    Boolean(errors.password?.server) && (errors.password?.message ?? '').toLowerCase().includes('email');

  // The e-mail field takes the focus once the form has been painted rather than with `autoFocus`, which
  // focuses while React inserts the form and so forces the page's first layout inside that long task.
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      // Unless the visitor has already put the focus somewhere (a click, a tab, a refused sign-in).
      timer = window.setTimeout(() => {
        if (document.activeElement === document.body) emailRef.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const change = (field: 'email' | 'password', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors((e) => ({ ...e, [field]: clientErrors(signInProblems(next))[field] }));
  };

  const focus = (field: 'email' | 'password') =>
    (field === 'email' ? emailRef : passwordRef).current?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    setSubmitted(true);
    const problems = clientErrors(signInProblems(values));
    setErrors(problems);
    if (problems.email || problems.password) {
      focus(problems.email ? 'email' : 'password');
      return;
    }
    running.current = true;
    setSubmitting(true);
    setLocationError(null);
    try {
      const security = await securityContextOrReason();
      if (typeof security === 'string') {
        setLocationError(security);
        return;
      }
      try {
        const res = await api.post<MeDto>('/auth/login', {
          email: normalizeEmail(values.email),
          password: values.password,
          rememberMe: values.rememberMe,
          ...security,
        });
        setUser(res.data);
        if (res.message) notifySuccess(res.message);
        await navigate(target, { replace: true });
      } catch (e) {
        const message = loginErrorMessage(e);
        const field = loginErrorField(message);
        if (field) {
          setErrors({ [field]: { message, server: true } });
          focus(field);
        } else setDialogError(message);
      }
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  };

  const openReset = () => {
    setResetLoaded(true);
    setResetOpen(true);
  };
  return (
    <Box
      component="main"
      mih="100dvh"
      py="xl"
      px="md"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background:
          'linear-gradient(160deg, var(--mantine-color-karya-0) 0%, var(--mantine-color-gray-0) 60%)',
      }}
    >
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <div>
            <Text fw={800} size="xl" c="karya.7">
              Karya
            </Text>
            <Title order={1} size="h3" mt={4}>
              Sign in
            </Title>
            <Text size="sm" c="dimmed">
              Use your work email and password.
            </Text>
          </div>

          {/* Notices as plain elements styled like Mantine's light Alert, which (with its close button)
              was a kilobyte of the sign-in route's budget for two boxes of text. */}
          <div className={classes.notice}>
            <IconShieldLock size={18} className={classes.noticeIcon} aria-hidden />
            <Text size="sm">
              For your security, we collect your device information and location when you sign in.
            </Text>
          </div>

          {locationError && (
            <div className={classes.notice} data-danger role="alert">
              <IconMapPin size={18} className={classes.noticeIcon} aria-hidden />
              <div className={classes.noticeBody}>
                <Text size="sm" fw={700}>
                  Location needed
                </Text>
                <Text size="sm">{locationError}</Text>
              </div>
              <button
                type="button"
                className={classes.dismiss}
                aria-label="Dismiss"
                onClick={() => setLocationError(null)}
              >
                ×
              </button>
            </div>
          )}

          <form noValidate onSubmit={onSubmit} aria-label="Sign in">
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                required
                ref={emailRef}
                value={values.email}
                onChange={(e) => change('email', e.currentTarget.value.toLowerCase())}
                error={errors.email?.message ?? emailAlsoNamed}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                ref={passwordRef}
                value={values.password}
                onChange={(e) => change('password', e.currentTarget.value)}
                // Mantine's PasswordInput marks only its wrapper; screen readers need it on the input.
                aria-invalid={Boolean(errors.password)}
                error={errors.password?.message}
              />
              <Group justify="space-between" wrap="nowrap">
                {/* A native checkbox: Mantine's Checkbox (with its indicator, card and group) was the largest
                    component of the sign-in route's JavaScript for one box (ARCHITECTURE, "Delivery"). */}
                <label className={classes.remember}>
                  <input
                    type="checkbox"
                    name="rememberMe"
                    checked={values.rememberMe}
                    onChange={(e) => {
                      const rememberMe = e.currentTarget.checked;
                      setValues((v) => ({ ...v, rememberMe }));
                    }}
                  />
                  Remember me
                </label>
                <Anchor component="button" type="button" size="sm" onClick={openReset}>
                  Forgot Password?
                </Anchor>
              </Group>
              <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
                Sign in
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>

      <Suspense fallback={null}>
        {resetLoaded && (
          <ResetPasswordDialog
            opened={resetOpen}
            onClose={() => setResetOpen(false)}
            initialEmail={values.email}
          />
        )}
        {dialogError && <SignInFailedDialog message={dialogError} onClose={() => setDialogError(null)} />}
      </Suspense>
    </Box>
  );
});
