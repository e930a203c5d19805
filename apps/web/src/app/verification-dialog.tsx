import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@karya/domain';
import { Alert, Button, Group, Input, Modal, PinInput, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../lib/api';
import { messageOf, notifySuccess } from '../lib/notify';
import { useAuth } from './auth';
import { useCountdown } from './hooks/use-countdown';

const FALLBACK = 'Something went wrong';

/**
 * Account verification (spec 1 §4): choose the method, send a code, enter it. Only e-mail works; the SMS
 * option stays visible but disabled because no SMS provider is configured (decided). The dialog cannot be
 * dismissed while the e-mail is unverified, because the server refuses every other call until then; a
 * Log out button keeps the user from being trapped.
 */
export const VerificationDialog = ({
  opened,
  onLogout,
  onVerified,
}: {
  opened: boolean;
  onLogout: () => void;
  onVerified: () => void;
}) => {
  const { user, refresh } = useAuth();
  const [step, setStep] = useState<'method' | 'code'>('method');
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();

  if (!user) return null;

  const send = async () => {
    if (busy || countdown.running) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<unknown>(`/auth/${user._id}/send-otp`, { method });
      notifySuccess(res.message || `A verification code was sent to ${user.email}.`);
      setStep('code');
      setOtp('');
      countdown.start(OTP_RESEND_SECONDS);
    } catch (e) {
      setError(messageOf(e) || FALLBACK);
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (busy || otp.length !== OTP_LENGTH) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<{ message?: string } | null>(`/auth/${user._id}/verify-otp`, {
        method,
        otp,
      });
      notifySuccess(res.data?.message || res.message || 'Email verified successfully');
      setStep('method');
      setOtp('');
      onVerified();
      await refresh();
    } catch (e) {
      setError(messageOf(e) || FALLBACK);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Verify your account"
      centered
    >
      {step === 'method' ? (
        <Stack>
          <Text size="sm">
            Your email address is not verified yet. Choose how to receive a 6-digit verification code.
          </Text>
          <Radio.Group
            label="Verification method"
            value={method}
            onChange={(v) => setMethod(v as 'email' | 'phone')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="email" label={`Email (${user.email})`} />
              <Radio
                value="phone"
                label="SMS"
                disabled
                description="SMS verification is not available yet. Please use email."
              />
            </Stack>
          </Radio.Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="subtle" color="gray" onClick={onLogout}>
              Log out
            </Button>
            <Button onClick={send} loading={busy}>
              Send code
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">Enter the 6-digit code we sent to {user.email}.</Text>
          <Input.Wrapper label="Verification code" labelProps={{ htmlFor: 'verification-code-1' }}>
            <PinInput
              id="verification-code"
              getInputProps={(i) => ({ 'aria-label': `Verification code digit ${i + 1}` })}
              mt={4}
              length={OTP_LENGTH}
              type="number"
              oneTimeCode
              value={otp}
              onChange={setOtp}
              size="md"
            />
          </Input.Wrapper>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Button variant="subtle" onClick={send} disabled={countdown.running || busy}>
              {countdown.running ? `Resend code in ${countdown.left}s` : 'Resend code'}
            </Button>
            <Button onClick={verify} loading={busy} disabled={otp.length !== OTP_LENGTH}>
              Verify
            </Button>
          </Group>
          <Button variant="subtle" color="gray" size="xs" onClick={onLogout}>
            Log out
          </Button>
        </Stack>
      )}
    </Modal>
  );
};
