import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type MeDto } from '@karya/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMapPin, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../app/auth';
import { clearSession } from '../../app/hooks/use-logout';
import { safeRedirect } from '../../app/redirect';
import { api, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { messageOf, notifySuccess } from '../../lib/notify';
import { securityContextOrReason } from '../../lib/security-context';
import { ResetPasswordDialog } from './reset-password-dialog';

const formSchema = loginSchema.pick({ email: true, password: true, rememberMe: true });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

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

/** Sign-in (spec 1 §2, §5, §8). */
export const LoginPage = () => {
  const { isAuthenticated, status, setUser } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'));
  const [locationError, setLocationError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const running = useRef(false);
  useDocumentTitle('Sign in');

  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;
  // A server message naming both fields ('Invalid email or password') marks the e-mail field as well.
  const emailAlsoNamed =
    errors.password?.type === 'server' && (errors.password.message ?? '').toLowerCase().includes('email');

  // A user who just signed out still has the old session cached for a moment; do not bounce them back.
  const justSignedOut = Boolean((location.state as { signedOut?: boolean } | null)?.signedOut);
  const client = useQueryClient();
  useEffect(() => {
    if (justSignedOut) void clearSession(client);
  }, [justSignedOut, client]);
  if (isAuthenticated && !justSignedOut && !isSubmitting) return <Navigate to={target} replace />;
  if (status === 'idle')
    return (
      <Center h="100dvh">
        <Loader aria-label="Loading" />
      </Center>
    );

  const onSubmit = async (values: FormValues) => {
    if (running.current) return;
    running.current = true;
    setLocationError(null);
    try {
      const security = await securityContextOrReason();
      if (typeof security === 'string') {
        setLocationError(security);
        return;
      }
      try {
        const res = await api.post<MeDto>('/auth/login', {
          email: values.email,
          password: values.password,
          rememberMe: values.rememberMe ?? false,
          ...security,
        });
        setUser(res.data);
        if (res.message) notifySuccess(res.message);
        await navigate(target, { replace: true });
      } catch (e) {
        const message = loginErrorMessage(e);
        const field = loginErrorField(message);
        if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        else setDialogError(message);
      }
    } finally {
      running.current = false;
    }
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

          <Alert variant="light" color="karya" icon={<IconShieldLock size={18} />} p="sm">
            <Text size="sm">
              For your security, we collect your device information and location when you sign in.
            </Text>
          </Alert>

          {locationError && (
            <Alert
              color="red"
              role="alert"
              icon={<IconMapPin size={18} />}
              title="Location needed"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setLocationError(null)}
            >
              {locationError}
            </Alert>
          )}

          <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Sign in">
            <Stack gap="md">
              <Controller
                control={form.control}
                name="email"
                render={({ field }) => (
                  <TextInput
                    label="Email"
                    type="email"
                    autoComplete="username"
                    inputMode="email"
                    required
                    autoFocus
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(e.currentTarget.value.toLowerCase())}
                    error={errors.email?.message ?? emailAlsoNamed}
                  />
                )}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...form.register('password')}
                // Mantine's PasswordInput marks only its wrapper; screen readers need it on the input.
                aria-invalid={Boolean(errors.password)}
                error={errors.password?.message}
              />
              <Group justify="space-between" wrap="nowrap">
                <Checkbox label="Remember me" {...form.register('rememberMe')} />
                <Anchor component="button" type="button" size="sm" onClick={() => setResetOpen(true)}>
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

      <ResetPasswordDialog
        opened={resetOpen}
        onClose={() => setResetOpen(false)}
        initialEmail={form.getValues('email')}
      />

      <Modal
        opened={Boolean(dialogError)}
        onClose={() => setDialogError(null)}
        title="Sign-in failed"
        centered
      >
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <IconAlertCircle color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
          <Text size="sm">{dialogError}</Text>
        </Group>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setDialogError(null)} data-autofocus>
            OK
          </Button>
        </Group>
      </Modal>
    </Box>
  );
};
