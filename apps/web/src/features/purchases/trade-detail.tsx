import { formatRupees, type TradeDocumentDto, toPaise } from '@karya/domain';
import { SimpleGrid, Text } from '@mantine/core';
import { DetailSection } from '../../components/form/detail-section';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
import { RecordLink } from '../../components/record/record-link';

const rupees = (amount: number) => formatRupees(toPaise(amount) ?? 0);

/**
 * The body of a purchase or sale page: its details, the lines (quantity, price per unit, GST, total) read
 * from the ledger, and the totals with the GST split as the server levied it: CGST + SGST within the
 * company's state, IGST between states.
 */
export const TradeDetailBody = ({
  doc,
  noun,
  party,
}: {
  doc: TradeDocumentDto;
  noun: 'Purchase' | 'Sale';
  party: { label: string; name: string | null; href: string | null };
}) => {
  const sale = noun === 'Sale';
  const split = doc.gstSplit;
  return (
    <>
      <DetailSection title={`${noun} Details`} id="trade-details">
        <FieldList
          items={[
            {
              label: party.label,
              value:
                // A link only for whom may open it (the Store Manager without read on customers, the
                // accountant without read on vendors see the name: issue 23).
                party.name && party.href ? <RecordLink to={party.href}>{party.name}</RecordLink> : party.name,
            },
            { label: 'Invoice No', value: doc.invoiceNo },
            { label: 'Invoice Date', value: formatDate(doc.invoiceDate) },
            ...(sale ? [{ label: 'Place of Supply', value: doc.supplyState }] : []),
            { label: 'Notes', value: doc.notes, wide: true },
          ]}
        />
      </DetailSection>
      <DetailSection title="Items" id="trade-items">
        <LineTable
          labelledBy="trade-items"
          minWidth={640}
          rows={doc.items}
          getKey={(l, i) => l.item?._id ?? i}
          columns={[
            {
              key: 'item',
              label: 'Item',
              cell: (l) =>
                l.item ? (
                  <RecordLink to={`/crm/products/items/${l.item._id}`}>{l.item.name}</RecordLink>
                ) : (
                  'Unknown item'
                ),
            },
            { key: 'hsn', label: 'HSN', cell: (l) => l.item?.hsnCode },
            { key: 'quantity', label: 'Quantity', align: 'right', cell: (l) => l.quantity },
            sale && { key: 'tier', label: 'Tier', cell: (l) => l.marginTier?.toUpperCase() },
            { key: 'price', label: 'Price per unit', align: 'right', cell: (l) => rupees(l.pricePerUnit) },
            { key: 'gst', label: 'GST', align: 'right', cell: (l) => `${l.gst}%` },
            { key: 'gstAmount', label: 'GST Amount', align: 'right', cell: (l) => rupees(l.gstAmount) },
            { key: 'total', label: 'Total', align: 'right', cell: (l) => rupees(l.totalPrice) },
          ]}
        />
      </DetailSection>
      <DetailSection title="Totals" id="trade-totals">
        <SimpleGrid cols={{ base: 2, sm: 3 }} component="dl" m={0} spacing="sm">
          {[
            ['Subtotal', doc.taxableAmount],
            ...(doc.interState
              ? [['IGST', split.igst]]
              : [
                  ['CGST', split.cgst],
                  ['SGST', split.sgst],
                ]),
            ['Total GST', doc.totalGSTAmount],
            ['Total Amount', doc.totalAmount],
          ].map(([label, value]) => (
            <div key={label as string}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={label === 'Total Amount' ? 700 : 500}>
                {rupees(value as number)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </DetailSection>
    </>
  );
};
