import type { MailDto } from '@karya/domain';
import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardLine } from '../../components/list/card-line';
import type { ColumnDef } from '../../components/list/columns';
import { formatDateTime } from '../../components/record/format';
import { kindLabel, MailStatusBadge, subjectOf } from './mail-widgets';

/** Dates and badges stay on one line; the table scrolls sideways instead. */
const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/** Below this width the mail table scrolls sideways (phones get the cards). */
export const MAIL_TABLE_MIN_WIDTH = 860;

/**
 * The columns of Mail: subject, to, kind, status and sent on shown; delivered on and the mail server's
 * words hidden until chosen. Empty → '-'.
 */
export const MAIL_COLUMNS: readonly ColumnDef<MailDto>[] = [
  { key: 'subject', label: 'Subject', value: (m) => subjectOf(m.subject), width: 260 },
  { key: 'to', label: 'To', value: (m) => m.to, width: 200 },
  { key: 'kind', label: 'Kind', value: (m) => kindLabel(m.kind), width: 200 },
  { key: 'status', label: 'Status', render: (m) => <MailStatusBadge status={m.status} />, width: 130 },
  { key: 'createdAt', label: 'Sent On', render: (m) => <NoWrap>{formatDateTime(m.createdAt)}</NoWrap> },
  {
    key: 'sentAt',
    label: 'Delivered On',
    render: (m) => (m.sentAt ? <NoWrap>{formatDateTime(m.sentAt)}</NoWrap> : null),
    defaultHidden: true,
  },
  { key: 'error', label: 'Error', value: (m) => m.explanation ?? m.error, defaultHidden: true, width: 240 },
];

/** The sort menu of Mail (the fields the list declares). */
export const MAIL_SORT_OPTIONS = [
  { value: 'createdAt', label: 'Sent Date' },
  { value: 'subject', label: 'Subject' },
  { value: 'to', label: 'To' },
  { value: 'status', label: 'Status' },
] as const;

/** One mail in the grid of Mail (phones); the grid opens it on a click or Enter. */
export const MailCard = ({ mail: m }: { mail: MailDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={subjectOf(m.subject)} h="100%">
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {subjectOf(m.subject)}
        </Text>
        <MailStatusBadge status={m.status} />
      </Group>
      <Stack gap={4}>
        <CardLine labelWidth={56} label="To">
          <span style={{ overflowWrap: 'anywhere' }}>{m.to}</span>
        </CardLine>
        <CardLine labelWidth={56} label="Kind">
          {kindLabel(m.kind)}
        </CardLine>
        <CardLine labelWidth={56} label="Sent">
          {formatDateTime(m.createdAt)}
        </CardLine>
      </Stack>
      {m.status === 'failed' && m.explanation && (
        <Text size="xs" c="red.8" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {m.explanation}
        </Text>
      )}
    </Stack>
  </Card>
);
