import {
  CUSTOMER_MESSAGES,
  type CustomerDto,
  type CustomerFeedback,
  formatFollowUpId,
  formatProjectId,
  formatQuotationId,
  formatRequirementId,
  formatRupees,
  toPaise,
} from '@karya/domain';
import { Accordion, ActionIcon, Card, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/auth';
import { EMPTY_VALUE } from '../../components/list/display';
import { ErrorState } from '../../components/list/list-states';
import { confirmAction } from '../../components/record/confirm';
import { formatDate, formatDateTime, formatTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { messageOf, withLoadingToast } from '../../lib/notify';
import {
  customerKeys,
  deleteCustomerFeedback,
  RELATED_SECTIONS,
  type RelatedSection,
  useRelatedList,
} from './api';
import { RatingStars } from './customer-display';

/** One related record (follow-up, requirement, quotation, project) as a link; the record types refine it. */
const relatedLabel = (row: Record<string, unknown>) => {
  // A follow-up: 'FI0012 · Call · 20/11/2026 10:30 AM · Completed'.
  if (typeof row.followUpId === 'number')
    return [
      formatFollowUpId(row.followUpId),
      row.type,
      `${formatDate(row.date as string)} ${formatTime(row.time as string)}`,
      row.status,
    ].join(' · ');
  // A project: 'PI0004 · Smart class installation · Installation · ₹2,00,600.00' (spec 2 §3: 4 digits).
  if (typeof row.projectId === 'number') {
    const total = typeof row.totalPrice === 'number' ? formatRupees(toPaise(row.totalPrice) ?? 0) : null;
    return [formatProjectId(row.projectId), row.title, row.status, total].filter(Boolean).join(' · ');
  }
  // A requirement: 'RI0007 · Smart class kits for four classrooms · Open'.
  if (typeof row.requirementId === 'number' && typeof row.title === 'string')
    return [formatRequirementId(row.requirementId), row.title, row.status].filter(Boolean).join(' · ');
  // A quotation (its active version): 'ARR/0003/R1 · Smart class quotation · Draft · ₹2,00,600.00'.
  if (typeof row.quotationId === 'number') {
    const v = (row.activeVersion ?? row) as Record<string, unknown>;
    const total = typeof v.totalPrice === 'number' ? formatRupees(toPaise(v.totalPrice) ?? 0) : null;
    const number = typeof v.versionNumber === 'number' ? v.versionNumber : 0;
    return [formatQuotationId(row.quotationId, number), v.title, v.status, total].filter(Boolean).join(' · ');
  }
  const text = row.title ?? row.name ?? row.followUpId ?? row.requirementId ?? row.quotationId ?? row._id;
  return String(text);
};

const RelatedPanel = ({ id, section, opened }: { id: string; section: RelatedSection; opened: boolean }) => {
  const related = useRelatedList(id, section, opened);
  if (related.isPending) return <Loader size="sm" role="status" aria-label={`Loading ${section.title}`} />;
  if (related.isError)
    return <ErrorState message={messageOf(related.error)} onRetry={() => void related.refetch()} />;
  if (related.data.rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {section.empty}
      </Text>
    );
  return (
    <List size="sm" spacing={4}>
      {related.data.rows.map((row) => (
        <List.Item key={row._id}>
          <RecordLink to={`/crm/${section.path}/${row._id}`} size="sm">
            {relatedLabel(row)}
          </RecordLink>
        </List.Item>
      ))}
    </List>
  );
};

/** A customer's feedbacks, newest first, each deletable with feedback-delete (spec 2 §6, §8). */
const Feedbacks = ({ customer, canDelete }: { customer: CustomerDto; canDelete: boolean }) => {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const feedbacks = [...(customer.feedbacks ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  const remove = async (f: CustomerFeedback) => {
    const yes = await confirmAction({
      title: 'Delete Feedback',
      message: `Are you sure you want to delete the feedback of ${f.reviewer?.name ?? 'this reviewer'}?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!yes || busy) return;
    setBusy(true);
    try {
      await withLoadingToast('Deleting feedback', async () => ({
        ...(await deleteCustomerFeedback(customer._id, f._id)),
        message: CUSTOMER_MESSAGES.feedbackDeleted,
      }));
      await client.invalidateQueries({ queryKey: customerKeys.detail(customer._id) });
    } catch {
      // The toast has said why.
    } finally {
      setBusy(false);
    }
  };
  if (feedbacks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This customer {CUSTOMER_MESSAGES.noFeedback}
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {feedbacks.map((f) => (
        <Card component="li" key={f._id} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <RatingStars rating={f.rating} />
              {f.comment && (
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {f.comment}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {f.reviewer?.name ?? EMPTY_VALUE} · {formatDateTime(f.date)}
              </Text>
            </Stack>
            {canDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete the feedback of ${f.reviewer?.name ?? 'this reviewer'}`}
                onClick={() => remove(f)}
                disabled={busy}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
};

/**
 * A customer's related records (follow-ups, requirements…, each by read permission) and its feedbacks, as
 * closed panels: a list is fetched when its panel is first opened.
 */
export const RelatedAccordion = ({ customer: c }: { customer: CustomerDto }) => {
  const { can } = useCan();
  const [opened, setOpened] = useState<string[]>([]);
  const related = RELATED_SECTIONS.filter((s) => can(s.resource, 'read'));
  return (
    <Accordion multiple variant="contained" value={opened} onChange={setOpened}>
      {related.map((s) => (
        <Accordion.Item key={s.path} value={s.path}>
          <Accordion.Control>{s.title}</Accordion.Control>
          <Accordion.Panel>
            {opened.includes(s.path) && <RelatedPanel id={c._id} section={s} opened />}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
      {can('customer', 'feedback-read') && (
        <Accordion.Item value="feedbacks">
          <Accordion.Control>Feedbacks</Accordion.Control>
          <Accordion.Panel>
            <Feedbacks customer={c} canDelete={can('customer', 'feedback-delete')} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
    </Accordion>
  );
};
