import {
  DEFAULT_PAGE_SIZE,
  formatCustomerId,
  type ListQuery,
  QUOTATION_MESSAGES,
  QUOTATION_REASON_MAX,
  type QuotationDto,
  type QuotationListDto,
} from '@karya/domain';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ProductTabs, VERIFICATION_TABS } from '../../components/catalogue/product-tabs';
import { DetailSection } from '../../components/form/detail-section';
import { CardLine } from '../../components/list/card-line';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list/list-states';
import { PaginationBar } from '../../components/list/pagination-bar';
import { RecordGrid } from '../../components/list/record-grid';
import { PageHeader } from '../../components/page-header';
import { DetailFrame } from '../../components/record/detail-frame';
import { formatDateTime } from '../../components/record/format';
import { isApiError } from '../../lib/api';
import { messageOf, notifyError } from '../../lib/notify';
import {
  QUOTATION_VERIFICATIONS_PAGE,
  quotationChangeKeys,
  quotationVerificationPath,
  reviewQuotation,
  useQuotation,
  useQuotationsList,
} from './api';
import { QuotationSummary } from './detail-sections';
import { quotationNumber } from './quotation-display';
import { SplitPanes, VersionPane } from './version-compare';
import { ChangesTable } from './version-history';

/** A pending re-quotation as the spec's card: title, quotation number, customer, created by, created at. */
const PendingCard = ({ quotation: q }: { quotation: QuotationListDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={q.activeVersion.title} h="100%">
    <Stack gap={4}>
      <Text fw={600} lineClamp={3} style={{ overflowWrap: 'break-word' }}>
        {q.activeVersion.title}
      </Text>
      <CardLine label="Quotation" labelWidth={84}>
        {quotationNumber(q)}
      </CardLine>
      <CardLine label="Customer" labelWidth={84}>
        {q.customer ? `${formatCustomerId(q.customer.customerId)} · ${q.customer.name}` : '-'}
      </CardLine>
      <CardLine label="Created By" labelWidth={84}>
        {q.activeVersion.createdBy?.name ?? q.createdBy?.name ?? '-'}
      </CardLine>
      <CardLine label="Created At" labelWidth={84}>
        {formatDateTime(q.createdAt)}
      </CardLine>
    </Stack>
  </Card>
);

/**
 * /admin/verifications/quotations (spec 3 §2 "Verifications"): the re-quotations waiting for review,
 * oldest first, as cards; a card opens the verification page. Needs verification on quotation.
 */
export const QuotationVerificationsPage = () => {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const query: ListQuery = {
    page,
    limit,
    sortBy: 'createdAt',
    sortOrder: 'asc',
    filters: { reviewStatus: ['Pending'] },
  };
  const list = useQuotationsList(query);
  const rows = list.data?.quotations ?? [];
  const total = list.data?.quotationsCount ?? 0;
  return (
    <>
      <ProductTabs tabs={VERIFICATION_TABS} label="Verifications" />
      <Stack gap="md">
        <PageHeader title="Quotations Verification" />
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && !list.data ? (
          <ErrorState message={messageOf(list.error)} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState message={QUOTATION_MESSAGES.noVerifications} />
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <RecordGrid
              label="Quotations Verification"
              rows={rows}
              getId={(q) => q._id}
              getLabel={(q) => q.activeVersion.title}
              onOpen={(q) => navigate(quotationVerificationPath(q._id))}
              renderCard={(q) => <PendingCard quotation={q} />}
            />
          </div>
        )}
        {total > 0 && (
          <PaginationBar
            page={page}
            limit={limit}
            total={total}
            exact={list.data?.countExact !== false}
            onPageChange={setPage}
            onLimitChange={(l) => {
              setLimit(l);
              setPage(1);
            }}
          />
        )}
      </Stack>
    </>
  );
};

/** The Reason and the two decisions: a rejection needs a reason; the answer toasts and goes back. */
const ReviewForm = ({ quotation: q }: { quotation: QuotationDto }) => {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState<'Approved' | 'Rejected' | null>(null);
  const pending = q.activeVersion.review?.status === 'Pending';
  const decide = async (status: 'Approved' | 'Rejected') => {
    if (running) return;
    const text = reason.trim();
    if (status === 'Rejected' && !text) {
      setError(QUOTATION_MESSAGES.reasonRequired);
      return;
    }
    if (text.length > QUOTATION_REASON_MAX) {
      setError(QUOTATION_MESSAGES.reasonMax);
      return;
    }
    setError(null);
    setRunning(status);
    try {
      await reviewQuotation(q._id, { status, reason: text || undefined });
      notifications.show({
        color: 'green',
        title: 'Success',
        message:
          status === 'Approved' ? QUOTATION_MESSAGES.reviewApproved : QUOTATION_MESSAGES.reviewRejected,
        autoClose: 4000,
      });
      for (const key of quotationChangeKeys) void client.invalidateQueries({ queryKey: key });
      navigate(QUOTATION_VERIFICATIONS_PAGE);
    } catch (e) {
      const field = isApiError(e) && e.status === 400 && /reason/i.test(e.message);
      if (field) setError(e.message);
      else notifyError(e);
    } finally {
      setRunning(null);
    }
  };
  return (
    <DetailSection title="Review" id="quotation-review">
      <Stack gap="sm">
        {!pending && (
          <Text size="sm" c="dimmed">
            {QUOTATION_MESSAGES.nothingToReview}
          </Text>
        )}
        <Textarea
          label="Reason"
          autosize
          minRows={2}
          maxLength={QUOTATION_REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          disabled={!pending}
        />
        <Group gap="sm">
          <Button
            color="green"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={() => void decide('Approved')}
            loading={running === 'Approved'}
            disabled={!pending || running !== null}
          >
            Approve Changes
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconCircleX size={16} aria-hidden />}
            onClick={() => void decide('Rejected')}
            loading={running === 'Rejected'}
            disabled={!pending || running !== null}
          >
            Reject Changes
          </Button>
        </Group>
      </Stack>
    </DetailSection>
  );
};

/** The verification page's sections: summary, Items Comparison, ReQuotation Changes, the review. */
const VerificationBody = ({ quotation: q }: { quotation: QuotationDto }) => {
  const current = q.activeVersion;
  const previous = q.versions.find((v) => v._id === current.previousVersion) ?? null;
  return (
    <>
      <QuotationSummary quotation={q} />
      <DetailSection title="Items Comparison" id="quotation-comparison">
        {previous ? (
          <SplitPanes
            label="Resize the previous and current versions"
            left={<VersionPane quotationId={q.quotationId} version={previous} heading="Previous version" />}
            right={<VersionPane quotationId={q.quotationId} version={current} heading="Current version" />}
          />
        ) : (
          <VersionPane quotationId={q.quotationId} version={current} heading="Current version" />
        )}
      </DetailSection>
      <DetailSection title="ReQuotation Changes" id="quotation-changes">
        <ChangesTable changes={current.changes} label="ReQuotation Changes" />
      </DetailSection>
      <ReviewForm quotation={q} />
    </>
  );
};

/**
 * /admin/verifications/quotations/:id (spec 3 §2, §4): the active version against the one it re-quoted,
 * its changes, and Approve Changes / Reject Changes. 'Quotation not found for verification' when missing.
 */
export const QuotationVerificationPage = () => {
  const { id = '' } = useParams();
  const quotation = useQuotation(id);
  return (
    <>
      <ProductTabs tabs={VERIFICATION_TABS} label="Verifications" />
      <DetailFrame<QuotationDto>
        title="Quotation Verification"
        recordName={(q) => q.activeVersion.title}
        noun="quotation"
        query={quotation}
        notFoundText={QUOTATION_MESSAGES.notFoundForVerification}
        backTo={{ to: QUOTATION_VERIFICATIONS_PAGE, label: 'Back to verifications' }}
        showStamps={false}
      >
        {(q) => <VerificationBody quotation={q} />}
      </DetailFrame>
    </>
  );
};
