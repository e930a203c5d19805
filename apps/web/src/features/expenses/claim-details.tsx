import { EXPENSE_MESSAGES, type ExpenseClaimDetailDto, type ExpenseLineDto, toPaise } from '@karya/domain';
import { Alert, Anchor, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { FieldList } from '../../components/record/field-list';
import { formatDateTime } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
import { RecordLink } from '../../components/record/record-link';
import { receiptUrl } from './api';
import { claimDates, dmy, expensesText, money } from './expense-format';
import { ExpenseStatusBadge } from './expense-widgets';

type Ref = { _id: string; name: string } | null;
const Person = ({ user }: { user: Ref }) =>
  user ? (
    <RecordLink to={`/admin/users/${user._id}`} size="sm">
      {user.name}
    </RecordLink>
  ) : null;

/** '42 km × ₹4.50' of a line priced by distance. */
const kmText = (l: ExpenseLineDto) =>
  l.distanceKm === null ? null : `${l.distanceKm.toLocaleString('en-IN')} km × ${money(l.ratePerKm ?? 0)}`;

/** What a line says beyond its description: the visit it was travel for. */
const LineDescription = ({ line: l }: { line: ExpenseLineDto }) => (
  <Stack gap={0}>
    {l.description && <span style={{ overflowWrap: 'anywhere' }}>{l.description}</span>}
    {l.followUp && (
      <RecordLink to={`/crm/follow-ups/${l.followUp._id}`} size="xs">
        Visit of {dmy(l.followUp.date)}
      </RecordLink>
    )}
  </Stack>
);

/** The lines of a claim: a table on a wide screen, a card per line on a phone; the total under them. */
const ClaimLines = ({ claim: c }: { claim: ExpenseClaimDetailDto }) => {
  const missing = new Set(c.missingReceipts);
  return (
    <Stack gap="xs">
      <LineTable
        label="Expenses"
        rows={c.lines}
        getKey={(l) => l._id}
        minWidth={760}
        columns={[
          { key: 'date', label: 'Date', cell: (l) => dmy(l.date) },
          { key: 'category', label: 'Category', cell: (l) => l.category },
          { key: 'description', label: 'Description', cell: (l) => <LineDescription line={l} /> },
          { key: 'km', label: 'Distance', cell: kmText },
          {
            key: 'customer',
            label: 'Customer',
            cell: (l) =>
              l.customer ? (
                <RecordLink to={`/crm/customers/${l.customer._id}`} size="sm">
                  {l.customer.name}
                </RecordLink>
              ) : null,
          },
          {
            key: 'receipt',
            label: 'Receipt',
            cell: (l, i) =>
              l.receipt ? (
                <Anchor href={receiptUrl(c._id, l.receipt._id)} target="_blank" rel="noopener" size="sm">
                  View receipt
                  <VisuallyHidden>
                    {' '}
                    of expense {i + 1}, {l.receipt.originalName} (opens in a new tab)
                  </VisuallyHidden>
                </Anchor>
              ) : missing.has(i + 1) ? (
                <Text size="sm" c="red.8">
                  Missing
                </Text>
              ) : null,
          },
          { key: 'amount', label: 'Amount', align: 'right', cell: (l) => money(l.amount) },
        ]}
      />
      <Group justify="flex-end" gap="sm">
        <Text size="sm" c="dimmed">
          Total of {expensesText(c.lines.length)}
        </Text>
        <Text fw={700} aria-label={`Total ${money(c.total)}`}>
          {money(c.total)}
        </Text>
      </Group>
    </Stack>
  );
};

/**
 * A claim: who, what for, how much and its status; the decision (who, when, why) and the payment (who, the
 * reference, when); a warning per expense still missing its receipt while the claim can be changed; the
 * expenses with their receipts.
 */
export const ClaimDetails = ({ claim: c }: { claim: ExpenseClaimDetailDto }) => {
  const editable = c.status === 'Draft' || c.status === 'Rejected';
  const abovePaise = toPaise(c.rules.receiptAbove) ?? 0;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4" style={{ overflowWrap: 'break-word' }}>
              {c.claimId}: {c.title}
            </Title>
            <Group gap={6} mt={6}>
              <ExpenseStatusBadge status={c.status} />
              <Text size="sm" fw={700}>
                {money(c.total)}
              </Text>
            </Group>
          </div>
          <FieldList
            items={[
              { label: 'Person', value: <Person user={c.user} /> },
              { label: 'Total', value: money(c.total) },
              { label: 'Expenses', value: expensesText(c.lineCount) },
              { label: 'Dates', value: claimDates(c) },
              { label: 'Status', value: c.status },
              { label: 'Submitted On', value: formatDateTime(c.submittedAt) },
              ...(c.decidedBy || c.decidedAt
                ? [
                    {
                      label: c.status === 'Rejected' ? 'Rejected By' : 'Approved By',
                      value: <Person user={c.decidedBy} />,
                    },
                    {
                      label: c.status === 'Rejected' ? 'Rejected On' : 'Approved On',
                      value: formatDateTime(c.decidedAt),
                    },
                    ...(c.decisionReason ? [{ label: 'Reason', value: c.decisionReason, wide: true }] : []),
                  ]
                : []),
              ...(c.status === 'Paid'
                ? [
                    { label: 'Paid By', value: <Person user={c.paidBy} /> },
                    { label: 'Paid On', value: dmy(c.paidOn) },
                    { label: 'Payment Reference', value: c.paymentReference },
                  ]
                : []),
              { label: 'Created On', value: formatDateTime(c.createdAt) },
              { label: 'Updated On', value: formatDateTime(c.updatedAt) },
            ]}
          />
        </Stack>
      </Card>
      {editable && c.missingReceipts.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          role="note"
          icon={<IconReceipt size={18} aria-hidden />}
          title="Receipts needed to submit"
        >
          {c.missingReceipts.map((n) => (
            <Text key={n} size="sm">
              {EXPENSE_MESSAGES.receiptMissing(n, abovePaise)}
            </Text>
          ))}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="claim-lines">
        <Title order={3} size="h5" id="claim-lines" mb="sm">
          Expenses
        </Title>
        <ClaimLines claim={c} />
      </Card>
    </Stack>
  );
};
