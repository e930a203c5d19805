import { formatRupees, type QuotationChange } from '@karya/domain';
import { Alert, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { LineTable } from '../../components/record/line-table';
import type { FormTotals } from './line-pricing';

/**
 * The quotation's totals as the form stands (spec 3 §7, decision 0015): taxable amount, GST split into CGST
 * and SGST within the company's state or IGST between states, and the total with GST. The server computes
 * the ones it stores.
 */
export const QuotationTotalsView = ({ totals, interState }: { totals: FormTotals; interState: boolean }) => {
  const rows: [string, number][] = [
    ['Taxable Amount', totals.totals.taxable],
    ...(interState
      ? ([['IGST', totals.split.igst]] as [string, number][])
      : ([
          ['CGST', totals.split.cgst],
          ['SGST', totals.split.sgst],
        ] as [string, number][])),
    ['Total GST', totals.totals.gst],
    ['Total', totals.totals.total],
  ];
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Totals" component="section">
      <SimpleGrid cols={{ base: 2, sm: rows.length }} spacing="xs" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={label === 'Total' ? 700 : 500} data-testid={`total-${label}`}>
              {formatRupees(value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {interState ? 'Supply to another state: IGST.' : 'Supply within the state: CGST and SGST.'}
        {totals.complete ? '' : ' Some prices are computed on save; the totals above leave them out.'}
      </Text>
    </Paper>
  );
};

/** A re-quotation's changes against the version it re-quotes, as they will be recorded (Type, Item, Description). */
export const ChangesPreview = ({ changes }: { changes: readonly QuotationChange[] }) =>
  changes.length === 0 ? (
    <Text size="sm" c="dimmed">
      No changes to the items yet.
    </Text>
  ) : (
    <LineTable
      label="ReQuotation Changes"
      rows={changes}
      getKey={(c, i) => `${c.type}-${c.item}-${i}`}
      minWidth={480}
      columns={[
        { key: 'type', label: 'Type', cell: (c) => c.type },
        { key: 'item', label: 'Item', cell: (c) => c.item },
        { key: 'description', label: 'Description', cell: (c) => c.description },
      ]}
    />
  );

/** What stops items of a requirement from being quoted (spec 2 §4, spec 3 §5), one warning per line. */
export const PrefillWarnings = ({ warnings }: { warnings: readonly string[] }) =>
  warnings.length ? (
    <Alert
      color="yellow"
      title="Warning"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      style={{ whiteSpace: 'pre-line' }}
      data-testid="prefill-warnings"
    >
      {warnings.join('\n')}
    </Alert>
  ) : null;
