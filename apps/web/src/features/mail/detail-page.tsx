import { explainMailError, MAIL_MESSAGES, MAIL_STATUS_LABELS, type MailDto } from '@karya/domain';
import { Alert, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDateTime } from '../../components/record/format';
import { useCanOpen } from '../../components/record/record-link';
import { withLoadingToast } from '../../lib/notify';
import { useKeepers } from '../attendance/corrections-api';
import { refreshAfterResend, resendMail, useMail } from './api';
import { internalPath, kindLabel, linkText, MailStatusBadge, subjectOf } from './mail-widgets';

/** Whether the mail did not reach its recipient (failed, or went to the log for want of a mail server). */
const undelivered = (m: MailDto) => m.status === 'failed' || m.status === 'logged';

/**
 * What went wrong, prominent: the explanation in words a person can act on (the server's, else read from
 * the error here), the mail server's own words small beneath; and why it is not sent again from here.
 */
const DeliveryNotes = ({ mail: m }: { mail: MailDto }) => {
  const explanation = m.explanation ?? explainMailError(m.error);
  const whyNot = !m.canResend && undelivered(m) ? MAIL_MESSAGES.notResendable(m.kind) : null;
  return (
    <>
      {m.status === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title="This mail was not delivered"
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          <Stack gap={6}>
            {explanation && <Text size="sm">{explanation}</Text>}
            {m.error && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                The mail server said: {m.error}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {m.status === 'logged' && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          No mail server is set up, so this message was written to the server’s log instead of being sent.
        </Alert>
      )}
      {whyNot && (
        <Text size="sm" c="dimmed">
          {whyNot}
        </Text>
      )}
    </>
  );
};

/** The fields of one mail, what went wrong with it, a way to what it is about, and its text. */
export const MailDetails = ({ mail: m }: { mail: MailDto }) => {
  const canOpen = useCanOpen();
  const path = internalPath(m.link);
  return (
    <Stack gap="md">
      <DeliveryNotes mail={m} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {subjectOf(m.subject)}
            </Title>
            <Group gap={6} mt={6}>
              <MailStatusBadge status={m.status} />
            </Group>
          </div>
          <FieldList
            items={[
              { label: 'To', value: <span style={{ overflowWrap: 'anywhere' }}>{m.to}</span> },
              { label: 'Kind', value: kindLabel(m.kind) },
              { label: 'Status', value: MAIL_STATUS_LABELS[m.status] },
              { label: 'Sent On', value: formatDateTime(m.createdAt) },
              ...(m.sentAt ? [{ label: 'Delivered On', value: formatDateTime(m.sentAt) }] : []),
            ]}
          />
          {path && canOpen(path) && (
            <div>
              <Button
                component={Link}
                to={path}
                variant="light"
                size="sm"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {linkText(path)}
              </Button>
            </div>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="mail-text-heading">
        <Title order={3} size="h5" mb="sm" id="mail-text-heading">
          Message
        </Title>
        <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
            {m.text || '(no text)'}
          </Text>
        </Paper>
      </Card>
    </Stack>
  );
};

/**
 * Send again (POST …/resend): once at a time, its Idempotency-Key kept for a retry after a lost answer;
 * on success the toast says 'Mail sent again', every mail query refreshes and the new mail's page opens.
 * A refusal (400) is toasted with the server's words.
 */
const useResend = () => {
  const client = useQueryClient();
  const navigate = useNavigate();
  const keeperFor = useKeepers();
  const [sending, setSending] = useState(false);
  const resend = async (m: MailDto) => {
    if (sending) return;
    setSending(true);
    try {
      const answer = await withLoadingToast('Sending the mail again', async () => {
        const sent = await keeperFor(m._id).run((key) => resendMail(m._id, key));
        return { ...sent, message: sent.message || MAIL_MESSAGES.resent };
      });
      void refreshAfterResend(client);
      if (answer.data?._id) navigate(`/hrm/mail/${answer.data._id}`);
    } catch {
      // The toast said why; the mail may have changed meanwhile.
      void refreshAfterResend(client);
    } finally {
      setSending(false);
    }
  };
  return { sending, resend };
};

/**
 * /hrm/mail/:id: 'Mail Details': the mail's fields, for a failure what went wrong, a link to what it is
 * about, its text, and Send again when the server says it may be (`canResend`) and the user may send mail.
 */
export const MailDetailPage = () => {
  const { id = '' } = useParams();
  const { can } = useCan();
  const query = useMail(id);
  const { sending, resend } = useResend();

  return (
    <DetailFrame<MailDto>
      title="Mail Details"
      recordName={(m) => subjectOf(m.subject)}
      noun="mail"
      query={query}
      notFoundText={MAIL_MESSAGES.notFound}
      backTo={{ to: '/hrm/mail', label: 'Back to mail' }}
      showStamps={false}
      extraActions={(m) =>
        m.canResend &&
        can('mail', 'create') && (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sending}
            onClick={() => void resend(m)}
          >
            Send again
          </Button>
        )
      }
    >
      {(m) => <MailDetails mail={m} />}
    </DetailFrame>
  );
};
