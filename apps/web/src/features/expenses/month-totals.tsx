import type { ExpenseMonthTotal } from '@karya/domain';
import { Paper, Skeleton, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { ErrorState } from '../../components/list/list-states';
import { messageOf } from '../../lib/notify';
import { useExpenseTotals } from './api';
import { money, monthName, monthShort } from './expense-format';

const sum = (months: readonly ExpenseMonthTotal[], pick: (m: ExpenseMonthTotal) => number) =>
  months.reduce((total, m) => total + Math.round(pick(m) * 100), 0) / 100;
const hasAny = (m: ExpenseMonthTotal) => m.claimed > 0 || m.approved > 0 || m.paid > 0;

const right = { textAlign: 'right' } as const;

/**
 * The signed-in user's year by month (GET /hrm/expenses/totals): what was claimed (submitted, approved or
 * paid), approved and paid, in rupees; only the months with any, then the year's total. Four narrow
 * columns: it fits a 360 px phone.
 */
export const MonthTotals = ({ year }: { year: number }) => {
  const headingId = useId();
  const query = useExpenseTotals(year);
  if (query.isPending)
    return <Skeleton height={96} radius="md" role="status" aria-busy="true" aria-label="Loading totals" />;
  if (query.isError && !query.data)
    return <ErrorState message={`Totals: ${messageOf(query.error)}`} onRetry={() => void query.refetch()} />;
  const months = (query.data?.months ?? []).filter(hasAny);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={headingId}
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
    >
      <Text id={headingId} size="sm" fw={600} mb={4}>
        Totals {year}
      </Text>
      {months.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing claimed in {year}.
        </Text>
      ) : (
        // Four narrow columns fit a 360 px phone; a year of lakhs scrolls sideways rather than squeezing.
        <Table.ScrollContainer minWidth={280} type="native">
          <Table
            fz={{ base: 'xs', xs: 'sm' }}
            verticalSpacing={4}
            horizontalSpacing={6}
            aria-labelledby={headingId}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th style={right}>Claimed</Table.Th>
                <Table.Th style={right}>Approved</Table.Th>
                <Table.Th style={right}>Paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row" fw={400}>
                    <abbr title={monthName(m.month)} style={{ textDecoration: 'none' }}>
                      {monthShort(m.month)}
                    </abbr>
                  </Table.Th>
                  <Table.Td style={right}>{money(m.claimed)}</Table.Td>
                  <Table.Td style={right}>{money(m.approved)}</Table.Td>
                  <Table.Td style={right}>{money(m.paid)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row">Total</Table.Th>
                <Table.Td style={right}>{money(sum(months, (m) => m.claimed))}</Table.Td>
                <Table.Td style={right}>{money(sum(months, (m) => m.approved))}</Table.Td>
                <Table.Td style={right}>{money(sum(months, (m) => m.paid))}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
};
