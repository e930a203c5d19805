import { formatCustomerId, type QuotationListDto } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { formatDate } from '../../components/record/format';
import { QuotationStatusBadge, quotationNumber, ReviewStatusBadge, rupees } from './quotation-display';

/** A quotation in the grid: 'ARR/0012/R1', title, status (and a pending review), customer, total, valid until. */
export const QuotationCard = ({ quotation: q }: { quotation: QuotationListDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={q.activeVersion.title} h="100%">
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {quotationNumber(q)}
      </Text>
      <Text fw={600} lineClamp={3} style={{ overflowWrap: 'break-word' }}>
        {q.activeVersion.title}
      </Text>
      <Group gap={4} wrap="wrap">
        {q.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <QuotationStatusBadge status={q.activeVersion.status} size="sm" />
        {q.activeVersion.review && <ReviewStatusBadge status={q.activeVersion.review.status} size="sm" />}
      </Group>
      <CardLine label="Customer" labelWidth={80}>
        {q.customer ? `${formatCustomerId(q.customer.customerId)} · ${q.customer.name}` : '-'}
      </CardLine>
      <CardLine label="Total" labelWidth={80}>
        {rupees(q.activeVersion.totalPrice)}
      </CardLine>
      <CardLine label="Valid Until" labelWidth={80}>
        {formatDate(q.activeVersion.validUntil)}
      </CardLine>
    </Stack>
  </Card>
);
