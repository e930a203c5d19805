import {
  EMAIL_PATTERN,
  formatQuotationId,
  mayBeSent,
  QUOTATION_SEND_MESSAGES,
  type QuotationDto,
  type QuotationVersionDto,
} from '@karya/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { withLoadingToast } from '../../lib/notify';
import { sendQuotationEmail } from './document-files';

/**
 * Send (issue 25): the version's PDF by e-mail to the customer's own address or one of its contacts' (the
 * server checks which). Only for a version that may leave the company.
 */
export const SendQuotationButton = ({
  quotation,
  version,
}: {
  quotation: QuotationDto;
  version: QuotationVersionDto;
}) => {
  const [opened, setOpened] = useState(false);
  const [email, setEmail] = useState(quotation.customer?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!mayBeSent(version) || !quotation.customer) return null;
  const submit = async () => {
    const value = email.trim();
    if (!value) return setError(QUOTATION_SEND_MESSAGES.emailRequired);
    if (!EMAIL_PATTERN.test(value)) return setError(QUOTATION_SEND_MESSAGES.emailInvalid);
    setError(null);
    setBusy(true);
    try {
      await withLoadingToast('Sending the quotation', () =>
        sendQuotationEmail(quotation._id, { email: value, version: version._id }),
      );
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
      <Modal opened={opened} onClose={() => setOpened(false)} title="Send Quotation" centered>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">
              {formatQuotationId(quotation.quotationId, version.versionNumber)} as a PDF to{' '}
              {quotation.customer.name}
            </Text>
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
