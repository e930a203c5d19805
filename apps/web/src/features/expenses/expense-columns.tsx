import type { ExpenseClaimDto } from '@karya/domain';
import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardLine } from '../../components/list/card-line';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { claimDates, claimName, expensesText, money } from './expense-format';
import { ExpenseStatusBadge } from './expense-widgets';

/** Numbers, dates and badges stay on one line; the table scrolls sideways instead. */
const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/** Below this width the claims table scrolls sideways. */
export const EXPENSE_TABLE_MIN_WIDTH = 900;

/**
 * The columns of All claims: claim id, person, purpose, total, status, submitted on and updated on shown;
 * the dates of the expenses, their count, the decision and the payment hidden until chosen. Empty → '-'.
 */
export const EXPENSE_COLUMNS: readonly ColumnDef<ExpenseClaimDto>[] = [
  { key: 'claimId', label: 'Claim ID', render: (c) => <NoWrap>{c.claimId}</NoWrap>, width: 100 },
  { key: 'user', label: 'Person', value: (c) => c.user.name, width: 170 },
  { key: 'title', label: 'Purpose', value: (c) => c.title, width: 240 },
  { key: 'total', label: 'Total', render: (c) => <NoWrap>{money(c.total)}</NoWrap>, width: 120 },
  { key: 'status', label: 'Status', render: (c) => <ExpenseStatusBadge status={c.status} />, width: 110 },
  { key: 'submittedAt', label: 'Submitted On', render: (c) => <NoWrap>{formatDate(c.submittedAt)}</NoWrap> },
  { key: 'updatedAt', label: 'Updated On', render: (c) => <NoWrap>{formatDate(c.updatedAt)}</NoWrap> },
  { key: 'dates', label: 'Dates', render: (c) => <NoWrap>{claimDates(c)}</NoWrap>, defaultHidden: true },
  { key: 'lineCount', label: 'Expenses', value: (c) => c.lineCount, defaultHidden: true },
  { key: 'decidedBy', label: 'Decided By', value: (c) => c.decidedBy?.name, defaultHidden: true },
  {
    key: 'paymentReference',
    label: 'Payment Reference',
    value: (c) => c.paymentReference,
    defaultHidden: true,
  },
  {
    key: 'createdAt',
    label: 'Created On',
    render: (c) => <NoWrap>{formatDate(c.createdAt)}</NoWrap>,
    defaultHidden: true,
  },
];

/** The sort menu of All claims (the list's sort fields). */
export const EXPENSE_SORT_OPTIONS = [
  { value: 'claimNo', label: 'Claim ID' },
  { value: 'status', label: 'Status' },
  { value: 'total', label: 'Total' },
  { value: 'submittedAt', label: 'Submitted Date' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

/** One claim in the grid of All claims; the grid opens it on a click or Enter. */
export const ClaimCard = ({ claim: c }: { claim: ExpenseClaimDto }) => (
  <Card
    withBorder
    padding="md"
    radius="md"
    component="article"
    aria-label={`${c.user.name}, ${claimName(c)}`}
    h="100%"
  >
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {c.claimId} · {c.title}
        </Text>
        <ExpenseStatusBadge status={c.status} />
      </Group>
      <Stack gap={4}>
        <CardLine labelWidth={80} label="Person">
          {c.user.name}
        </CardLine>
        <CardLine labelWidth={80} label="Total">
          {money(c.total)} ({expensesText(c.lineCount)})
        </CardLine>
        <CardLine labelWidth={80} label="Dates">
          {claimDates(c) || '-'}
        </CardLine>
        <CardLine labelWidth={80} label="Submitted">
          {formatDate(c.submittedAt)}
        </CardLine>
      </Stack>
    </Stack>
  </Card>
);
