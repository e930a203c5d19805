import {
  formatCustomerId,
  formatRequirementId,
  QUOTATION_MESSAGES,
  type QuotationDto,
  type QuotationVersionDto,
} from '@karya/domain';
import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DetailSection } from '../../components/form/detail-section';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatDateTime } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
import { RecordLink } from '../../components/record/record-link';
import { QuotationStatusBadge, quotationNumber, ReviewStatusBadge, rupees } from './quotation-display';

/**
 * A version's frozen lines (issue 25: every version is a snapshot): the name as it was, linked to the item
 * while the item lives; HSN, quantity, unit price, GST and total.
 */
export const VersionLines = ({
  version,
  label,
  labelledBy,
}: {
  version: Pick<QuotationVersionDto, 'items'>;
  label?: string;
  labelledBy?: string;
}) =>
  version.items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {QUOTATION_MESSAGES.itemsRequired}
    </Text>
  ) : (
    <LineTable
      label={label}
      labelledBy={labelledBy}
      withTableBorder
      minWidth={640}
      rows={version.items}
      getKey={(l, i) => `${l.item?._id ?? l.name}:${i}`}
      columns={[
        { key: 'line', label: '#', cell: (_, i) => i + 1 },
        {
          key: 'item',
          label: 'Item',
          cell: (l) =>
            l.item && !l.item.isDeleted ? (
              <RecordLink to={`/crm/products/items/${l.item._id}`} size="sm">
                {l.name}
              </RecordLink>
            ) : (
              l.name
            ),
        },
        { key: 'hsn', label: 'HSN/SAC', cell: (l) => l.hsn },
        { key: 'quantity', label: 'Qty', align: 'right', cell: (l) => l.quantity },
        { key: 'unitPrice', label: 'Unit Price', align: 'right', cell: (l) => rupees(l.unitPrice) },
        { key: 'gst', label: 'GST', align: 'right', cell: (l) => `${l.gst}%` },
        { key: 'total', label: 'Total', align: 'right', cell: (l) => rupees(l.totalPrice) },
      ]}
    />
  );

/** A version's totals with the GST split by its frozen place of supply (CGST + SGST, or IGST). */
export const VersionTotals = ({ version: v }: { version: QuotationVersionDto }) => (
  <SimpleGrid cols={{ base: 2, sm: 3 }} component="dl" m={0} spacing="sm">
    {[
      ['Subtotal', v.taxableAmount],
      ...(v.placeOfSupply.interState
        ? [['IGST', v.gstSplit.igst]]
        : [
            ['CGST', v.gstSplit.cgst],
            ['SGST', v.gstSplit.sgst],
          ]),
      ['Total GST', v.totalGSTAmount],
      ['Total Price', v.totalPrice],
    ].map(([label, value]) => (
      <div key={label as string}>
        <Text component="dt" size="xs" c="dimmed">
          {label}
        </Text>
        <Text component="dd" m={0} fw={label === 'Total Price' ? 700 : 500}>
          {rupees(value as number)}
        </Text>
      </div>
    ))}
  </SimpleGrid>
);

const placeOfSupplyText = (v: QuotationVersionDto) =>
  [v.placeOfSupply.state, v.placeOfSupply.code && `(${v.placeOfSupply.code})`].filter(Boolean).join(' ') ||
  null;

/** The summary (spec 3 §2): number, title, customer and requirement links, badges, valid until, totals. */
export const QuotationSummary = ({ quotation: q }: { quotation: QuotationDto }) => {
  const v = q.activeVersion;
  return (
    <DetailSection title={quotationNumber(q)} id="quotation-summary">
      <Stack gap="xs">
        <Text fw={600} size="lg" style={{ overflowWrap: 'break-word' }}>
          {v.title}
        </Text>
        <Group gap={6} wrap="wrap">
          <QuotationStatusBadge status={v.status} />
          {v.review && <ReviewStatusBadge status={v.review.status} />}
          {v.isMain && (
            <Badge variant="outline" color="gray" tt="none">
              Original
            </Badge>
          )}
        </Group>
        {v.review?.status === 'Pending' && (
          <Alert color="yellow" variant="light" p="xs">
            {QUOTATION_MESSAGES.awaitingReview}
          </Alert>
        )}
        <FieldList
          items={[
            {
              label: 'Customer',
              value: q.customer ? (
                <RecordLink to={`/crm/customers/${q.customer._id}`} size="sm">
                  {`${formatCustomerId(q.customer.customerId)} · ${q.customer.name}`}
                </RecordLink>
              ) : null,
            },
            {
              label: 'Requirement',
              value: q.requirement ? (
                <RecordLink to={`/crm/requirements/${q.requirement._id}`} size="sm">
                  {`${formatRequirementId(q.requirement.requirementId)} · ${q.requirement.title}`}
                </RecordLink>
              ) : null,
            },
            ...(q.project
              ? [
                  {
                    label: 'Project',
                    value: (
                      <RecordLink to={`/crm/projects/${q.project._id}`} size="sm">
                        Open project
                      </RecordLink>
                    ),
                  },
                ]
              : []),
            { label: 'Valid Until', value: formatDate(v.validUntil) },
            { label: 'Place of Supply', value: placeOfSupplyText(v) },
            { label: 'Versions', value: q.versions.length },
          ]}
        />
        <VersionTotals version={v} />
      </Stack>
    </DetailSection>
  );
};

/** Additional Details: who created and updated the quotation and when, who deleted it, the notes. */
export const AdditionalDetails = ({ quotation: q }: { quotation: QuotationDto }) => (
  <DetailSection title="Additional Details" id="quotation-additional">
    <FieldList
      items={[
        {
          label: 'Created By',
          value: q.createdBy ? (
            <RecordLink to={`/admin/users/${q.createdBy._id}`} size="sm">
              {q.createdBy.name}
            </RecordLink>
          ) : null,
        },
        { label: 'Created On', value: formatDateTime(q.createdAt) },
        { label: 'Updated By', value: q.updatedBy?.name },
        { label: 'Updated On', value: formatDateTime(q.updatedAt) },
        ...(q.isDeleted
          ? [
              {
                label: 'Deleted By',
                value: q.deletedBy ? (
                  <RecordLink to={`/admin/users/${q.deletedBy._id}`} size="sm">
                    {q.deletedBy.name}
                  </RecordLink>
                ) : null,
              },
              { label: 'Deleted On', value: formatDateTime(q.deletedAt) },
            ]
          : []),
        { label: 'Notes', value: q.activeVersion.notes, wide: true },
      ]}
    />
  </DetailSection>
);
