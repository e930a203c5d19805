import { formatRupees, type TradeDocumentDto, toPaise } from '@karya/domain';
import { Anchor, Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';

const rupees = (amount: number) => formatRupees(toPaise(amount) ?? 0);

const Section = ({ title, id, children }: { title: string; id: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
    <Title order={3} size="h5" mb="sm" id={id}>
      {title}
    </Title>
    {children}
  </Card>
);

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
      <Section title={`${noun} Details`} id="trade-details">
        <FieldList
          items={[
            {
              label: party.label,
              value:
                party.name && party.href ? (
                  <Anchor component={Link} to={party.href}>
                    {party.name}
                  </Anchor>
                ) : (
                  party.name
                ),
            },
            { label: 'Invoice No', value: doc.invoiceNo },
            { label: 'Invoice Date', value: formatDate(doc.invoiceDate) },
            ...(sale ? [{ label: 'Place of Supply', value: doc.supplyState }] : []),
            { label: 'Notes', value: doc.notes, wide: true },
          ]}
        />
      </Section>
      <Section title="Items" id="trade-items">
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="trade-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>HSN</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                {sale && <Table.Th>Tier</Table.Th>}
                <Table.Th ta="right">Price per unit</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
                <Table.Th ta="right">GST Amount</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.items.map((l, i) => (
                <Table.Tr key={l.item?._id ?? i}>
                  <Table.Td>
                    {l.item ? (
                      <Anchor component={Link} to={`/crm/products/items/${l.item._id}`}>
                        {l.item.name}
                      </Anchor>
                    ) : (
                      'Unknown item'
                    )}
                  </Table.Td>
                  <Table.Td>{l.item?.hsnCode ?? '-'}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  {sale && <Table.Td>{l.marginTier?.toUpperCase() ?? '-'}</Table.Td>}
                  <Table.Td ta="right">{rupees(l.pricePerUnit)}</Table.Td>
                  <Table.Td ta="right">{l.gst}%</Table.Td>
                  <Table.Td ta="right">{rupees(l.gstAmount)}</Table.Td>
                  <Table.Td ta="right">{rupees(l.totalPrice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title="Totals" id="trade-totals">
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
      </Section>
    </>
  );
};
