import { EMAIL_PATTERN, QUOTATION_SEND_MESSAGES as M } from '@karya/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconShare } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useIdempotencyKey } from '../../lib/idempotency';
import { notifyError, withLoadingToast } from '../../lib/notify';
import { shareOrDownload } from '../../lib/share-file';

/**
 * Send: a document the server makes (a quotation, a tax invoice) by e-mail to the customer's own address or
 * one of its contacts' (the server checks which); the dialog checks the address's shape first.
 */
export const SendByEmailButton = ({
  dialogTitle,
  summary,
  defaultEmail,
  loadingText,
  send,
}: {
  dialogTitle: string;
  summary: ReactNode;
  defaultEmail: string;
  loadingText: string;
  /** The call, with the dialog's Idempotency-Key: Send pressed again after a lost answer mails once. */
  send: (email: string, idempotencyKey: string) => Promise<{ message?: string }>;
}) => {
  const keeper = useIdempotencyKey();
  const [opened, setOpened] = useState(false);
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const value = email.trim();
    if (!value) return setError(M.emailRequired);
    if (!EMAIL_PATTERN.test(value)) return setError(M.emailInvalid);
    setError(null);
    setBusy(true);
    try {
      await withLoadingToast(loadingText, () => keeper.run((key) => send(value, key)));
      setOpened(false);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setOpened(true)}>
        Send
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={dialogTitle} centered>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{summary}</Text>
            <TextInput
              label="Email"
              description="The customer’s or one of its contacts’"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
};

/** Share: the server's PDF to the phone's share sheet, or downloaded where sharing files is not supported. */
export const ShareFileButton = ({ file, title }: { file: () => Promise<File>; title: string }) => {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      await shareOrDownload(await file(), title);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconShare size={16} />} loading={busy} onClick={share}>
      Share
    </Button>
  );
};
