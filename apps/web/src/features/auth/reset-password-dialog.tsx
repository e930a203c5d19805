// The sign-in page's first paint has only its own components' styles (main.tsx); the dialog brings its own.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, OTP_LENGTH, OTP_RESEND_SECONDS, otpSchema, passwordSchema } from '@karya/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  Modal,
  PasswordInput,
  PinInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCountdown } from '../../app/hooks/use-countdown';
import { FormActions } from '../../components/form/form-actions';
import { api, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { getSecurityContext, LocationError } from '../../lib/security-context';

const FALLBACK = 'Something went wrong';

// The domain's reset schemas include location and device info, which the dialog adds at send time; the
// form validates the fields the user types with the same field schemas and messages.
const sendSchema = z.object({ method: z.enum(['email', 'phone']), email: emailSchema });
const verifySchema = z
  .object({
    otp: otpSchema,
    newPassword: passwordSchema,
    confirmNewPassword: z
      .string({ error: 'Confirmation password is required' })
      .min(1, 'Confirmation password is required'),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: 'Confirmation password does not match',
    path: ['confirmNewPassword'],
  });

type SendValues = z.infer<typeof sendSchema>;
type VerifyInput = z.input<typeof verifySchema>;
type VerifyValues = z.output<typeof verifySchema>;

/** Reset errors show inline with the fallback 'Something went wrong' (spec 1 §8). */
const inlineMessage = (e: unknown) =>
  e instanceof LocationError || isApiError(e) ? e.message || FALLBACK : FALLBACK;

/**
 * Forgot password (spec 1 §2): step 1 choose the method and send a code; step 2 enter the code with the
 * new password. Only e-mail works; the phone option is shown disabled.
 */
export const ResetPasswordDialog = ({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail?: string;
}) => {
  const [step, setStep] = useState<'send' | 'verify'>('send');
  const [sentTo, setSentTo] = useState<SendValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const countdown = useCountdown();

  const sendForm = useForm<SendValues>({
    resolver: zodResolver(sendSchema),
    defaultValues: { method: 'email', email: '' },
  });
  const verifyForm = useForm<VerifyInput, unknown, VerifyValues>({
    resolver: zodResolver(verifySchema),
    defaultValues: { otp: '', newPassword: '', confirmNewPassword: '' },
  });

  const newPassword = (name: 'newPassword' | 'confirmNewPassword', label: string) => (
    <PasswordInput
      label={label}
      autoComplete="new-password"
      required
      {...verifyForm.register(name)}
      error={verifyForm.formState.errors[name]?.message}
    />
  );

  // Start from the e-mail already typed on the sign-in form.
  useEffect(() => {
    if (opened) sendForm.reset({ method: 'email', email: (initialEmail ?? '').toLowerCase() });
  }, [opened, initialEmail, sendForm]);

  /** One call at a time; repeat clicks while it runs are ignored (spec 1 §8). */
  const guarded = async (run: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(inlineMessage(e));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const sendCode = (values: SendValues) =>
    guarded(async () => {
      const security = await getSecurityContext();
      const res = await api.post('/auth/reset-password/send-otp', {
        method: values.method,
        email: values.email,
        ...security,
      });
      notifySuccess(res.message || `A code was sent to ${values.email}.`);
      setSentTo(values);
      setStep('verify');
      countdown.start(OTP_RESEND_SECONDS);
    });

  const resetPassword = (values: VerifyValues) =>
    guarded(async () => {
      if (!sentTo) return;
      const security = await getSecurityContext();
      const res = await api.post('/auth/reset-password/verify-otp', {
        method: sentTo.method,
        email: sentTo.email,
        otp: values.otp,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
        ...security,
      });
      notifySuccess(res.message || 'Password reset successfully. You can sign in now.');
      close();
    });

  const close = () => {
    setStep('send');
    setSentTo(null);
    setError(null);
    sendForm.reset({ method: 'email', email: '' });
    verifyForm.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Reset password" centered closeOnClickOutside={!busy}>
      {step === 'send' ? (
        <form noValidate onSubmit={sendForm.handleSubmit(sendCode)} aria-label="Send reset code">
          <Stack>
            <Text size="sm" c="dimmed">
              We will send a 6-digit code to reset your password.
            </Text>
            <Controller
              control={sendForm.control}
              name="method"
              render={({ field }) => (
                <Radio.Group label="Send the code by" value={field.value} onChange={field.onChange}>
                  <Group mt="xs">
                    <Radio value="email" label="Email" />
                    <Radio value="phone" label="Phone" disabled description="Not available" />
                  </Group>
                </Radio.Group>
              )}
            />
            <Controller
              control={sendForm.control}
              name="email"
              render={({ field, fieldState }) => (
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  data-autofocus
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value.toLowerCase())}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <FormActions onCancel={close} submitLabel="Send code" submitting={busy} cancelWhileSubmitting />
          </Stack>
        </form>
      ) : (
        <form noValidate onSubmit={verifyForm.handleSubmit(resetPassword)} aria-label="Set a new password">
          <Stack>
            <Text size="sm">
              Enter the code sent to <b>{sentTo?.email}</b> and choose a new password.
            </Text>
            <Controller
              control={verifyForm.control}
              name="otp"
              render={({ field, fieldState }) => (
                <Input.Wrapper
                  label="Code"
                  required
                  error={fieldState.error?.message}
                  labelProps={{ htmlFor: 'reset-code-1' }}
                >
                  <PinInput
                    id="reset-code"
                    getInputProps={(i) => ({ 'aria-label': `Code digit ${i + 1}` })}
                    mt={4}
                    length={OTP_LENGTH}
                    type="number"
                    oneTimeCode
                    value={field.value}
                    onChange={field.onChange}
                    error={Boolean(fieldState.error)}
                  />
                </Input.Wrapper>
              )}
            />
            {newPassword('newPassword', 'New password')}
            {newPassword('confirmNewPassword', 'Confirm new password')}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="space-between" wrap="wrap">
              <Anchor
                component="button"
                type="button"
                size="sm"
                disabled={countdown.running || busy}
                c={countdown.running ? 'dimmed' : undefined}
                style={{ cursor: countdown.running ? 'not-allowed' : 'pointer' }}
                onClick={() => sentTo && sendCode(sentTo)}
              >
                {countdown.running ? `Resend code in ${countdown.left}s` : 'Resend code'}
              </Anchor>
              <Group gap="xs">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Reset password
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
