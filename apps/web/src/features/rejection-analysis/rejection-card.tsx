import type { RejectionAnalysisDto } from '@karya/domain';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { formatDate } from '../../components/record/format';
import { customerText, offerVersusOurs, reasonsSummary, rejectedQuotationNumber } from './rejection-display';

/** An analysis in the grid: the quotation, its title, lost to, customer, date, reasons and the offers. */
export const RejectionCard = ({ analysis: r }: { analysis: RejectionAnalysisDto }) => (
  <Card
    withBorder
    padding="md"
    radius="md"
    component="article"
    aria-label={`Rejection of ${rejectedQuotationNumber(r) ?? 'a quotation'}`}
    h="100%"
  >
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {rejectedQuotationNumber(r) ?? '-'}
      </Text>
      <Text fw={600} lineClamp={2} style={{ overflowWrap: 'break-word' }}>
        {r.quotation?.title ?? '-'}
      </Text>
      <Group gap={4} wrap="wrap">
        {r.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <Badge color={r.lostTo === 'Competitor' ? 'orange' : 'gray'} variant="light" size="sm" tt="none">
          {r.lostTo === 'Competitor' ? `Lost to ${r.competitor.name ?? 'a competitor'}` : 'No Decision'}
        </Badge>
      </Group>
      <CardLine label="Customer" labelWidth={80}>
        {customerText(r.customer) ?? '-'}
      </CardLine>
      <CardLine label="Rejected" labelWidth={80}>
        {formatDate(r.rejectionDate)}
      </CardLine>
      <CardLine label="Reasons" labelWidth={80}>
        {reasonsSummary(r.rejectionReasons) ?? '-'}
      </CardLine>
      <CardLine label="Offer" labelWidth={80}>
        {offerVersusOurs(r) ?? '-'}
      </CardLine>
    </Stack>
  </Card>
);
