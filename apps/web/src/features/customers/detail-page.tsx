import {
  CUSTOMER_MESSAGES,
  type CustomerAssignment,
  type CustomerDto,
  type CustomerFeedback,
  descriptionPoints,
  formatCustomerId,
  formatFollowUpId,
  formatRequirementId,
  type UserRef,
} from '@karya/domain';
import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconMessageStar,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { EMPTY_VALUE } from '../../components/list/display';
import { ErrorState } from '../../components/list/list-states';
import { confirmAction } from '../../components/record/confirm';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatDateTime, formatTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { messageOf, withLoadingToast } from '../../lib/notify';
import {
  CUSTOMERS_PAGE,
  type CustomersPage,
  customerKeys,
  customerPath,
  deleteCustomerFeedback,
  RELATED_SECTIONS,
  type RelatedSection,
  useCustomer,
  useCustomerLifecycle,
  useRelatedList,
} from './api';
import { organizationLine, RatingStars, VerifiedBadge } from './customer-display';

const Section = ({ title, id, children }: { title: string; id: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
    <Title order={3} size="h5" id={id} mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

const userPath = (u: UserRef) => `/admin/users/${u._id}`;

/** Where the customer sits in the list page last loaded: its neighbours and 'n/total'. */
export type PagePosition = { prev: string | null; next: string | null; position: number; total: number };

/**
 * Spec 2 §2: previous/next over the loaded page. The list pages in the cache are read (the most recently
 * loaded one holding this customer); null when the customer was opened from elsewhere.
 */
export const usePagePosition = (id: string): PagePosition | null => {
  const client = useQueryClient();
  const found = client
    .getQueryCache()
    .findAll({ queryKey: customerKeys.lists() })
    .filter((q) => (q.state.data as CustomersPage | undefined)?.customers?.some((c) => c._id === id))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  const page = found?.state.data as CustomersPage | undefined;
  if (!page) return null;
  const rows = page.customers;
  const at = rows.findIndex((c) => c._id === id);
  return {
    prev: rows[at - 1]?._id ?? null,
    next: rows[at + 1]?._id ?? null,
    position: (page.page - 1) * page.limit + at + 1,
    total: page.customersCount,
  };
};

/** A step to a neighbour: a link, or a disabled button at the ends of the page. */
const Step = ({ to, label, children }: { to: string | null; label: string; children: ReactNode }) =>
  to ? (
    <ActionIcon component={Link} to={customerPath(to)} variant="default" size="lg" aria-label={label}>
      {children}
    </ActionIcon>
  ) : (
    <ActionIcon variant="default" size="lg" aria-label={label} disabled>
      {children}
    </ActionIcon>
  );

const PageNavigation = ({ at }: { at: PagePosition }) => (
  <Group gap={4} wrap="nowrap" role="group" aria-label="Customers on this page">
    <Step to={at.prev} label="Previous customer">
      <IconChevronLeft size={18} aria-hidden />
    </Step>
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {at.position}/{at.total}
    </Text>
    <Step to={at.next} label="Next customer">
      <IconChevronRight size={18} aria-hidden />
    </Step>
  </Group>
);

/** 'Assigned by Asha on 01/03/2026 10:00 AM' (and until when), from the assignment history. */
const assignmentHint = (
  history: readonly CustomerAssignment[],
  user: UserRef,
  kind: CustomerAssignment['kind'],
) => {
  const entry = history.find((h) => h.assignedTo?._id === user._id && h.kind === kind && !h.unassignedAt);
  if (!entry) return undefined;
  return `${kind === 'assigned' ? 'Assigned' : 'Re-assigned'}${
    entry.assignedBy ? ` by ${entry.assignedBy.name}` : ''
  } on ${formatDateTime(entry.assignedAt)}`;
};

/** The users of an assignment list, each link titled with when and by whom (spec 2 §2: history on hover). */
const Assignees = ({
  users,
  history,
  kind,
  empty,
}: {
  users: readonly UserRef[];
  history: readonly CustomerAssignment[];
  kind: CustomerAssignment['kind'];
  empty: string;
}) =>
  users.length === 0 ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    <Group gap="xs" component="span" wrap="wrap">
      {users.map((u) => (
        <span key={u._id} title={assignmentHint(history, u, kind)}>
          <RecordLink to={userPath(u)} size="sm">
            {u.name}
          </RecordLink>
        </span>
      ))}
    </Group>
  );

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
  // A requirement: 'RI0007 · Smart class kits for four classrooms · Open'.
  if (typeof row.requirementId === 'number' && typeof row.title === 'string')
    return [formatRequirementId(row.requirementId), row.title, row.status].filter(Boolean).join(' · ');
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

/** The sections of one customer (spec 2 §2 "customer details"). */
export const CustomerDetails = ({ customer: c }: { customer: CustomerDto }) => {
  const { can } = useCan();
  const [opened, setOpened] = useState<string[]>([]);
  const history = c.assignmentHistory ?? [];
  const notes = descriptionPoints(c.additionalInfo.notes);
  const related = RELATED_SECTIONS.filter((s) => can(s.resource, 'read'));
  const live = !c.isDeleted;
  const actions = [
    live && can('customer', 'feedback-create') && (
      <Button
        key="feedback"
        component={Link}
        to={`${customerPath(c._id)}/feedback`}
        variant="light"
        leftSection={<IconMessageStar size={16} aria-hidden />}
      >
        Give Feedback
      </Button>
    ),
    live && can('follow-up', 'create') && (
      <Button
        key="follow-up"
        component={Link}
        to="/crm/follow-ups/create"
        state={{ customerId: c._id }}
        variant="light"
      >
        Create Follow-Up
      </Button>
    ),
    live && can('requirement', 'create') && (
      <Button
        key="requirement"
        component={Link}
        to="/crm/requirements/create"
        state={{ customerId: c._id }}
        variant="light"
      >
        Create Requirement
      </Button>
    ),
    can('customer', 'print') && (
      <Button
        key="print"
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => window.print()}
      >
        Print
      </Button>
    ),
  ].filter(Boolean);

  return (
    <>
      <Section title="Basic Information" id="customer-basic">
        <Group gap="xs" mb="sm" wrap="wrap">
          <Text fw={600} size="lg" style={{ overflowWrap: 'break-word' }}>
            {c.name}
          </Text>
          <Badge variant="light" color="gray">
            {c.type}
          </Badge>
          <VerifiedBadge verified={c.verified} size="md" />
        </Group>
        <FieldList
          items={[
            { label: 'Customer ID', value: formatCustomerId(c.customerId) },
            { label: 'Email', value: c.email },
            { label: 'Phone', value: c.phone },
            {
              label: 'Website',
              value: c.website && (
                <a
                  href={/^https?:\/\//i.test(c.website) ? c.website : `https://${c.website}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {c.website}
                </a>
              ),
            },
            ...(c.gstin ? [{ label: 'GSTIN', value: c.gstin }] : []),
            {
              label: 'Address',
              value: [
                c.address.street,
                c.address.city,
                c.address.district,
                c.address.state,
                c.address.country,
                c.address.zipCode,
              ]
                .filter(Boolean)
                .join(', '),
              wide: true,
            },
          ]}
        />
      </Section>

      {c.organization && (
        <Section title="Organization Information" id="customer-organization">
          <FieldList
            items={[
              { label: 'Organization Type', value: c.organization.type },
              { label: 'Details', value: organizationLine(c), wide: true },
            ]}
          />
        </Section>
      )}

      <Section title="Contacts" id="customer-contacts">
        {c.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {CUSTOMER_MESSAGES.noContacts}
          </Text>
        ) : (
          <Stack gap="xs">
            {c.contacts.map((contact, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id
              <Card key={i} withBorder radius="md" padding="sm">
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {contact.name}
                  </Text>
                  {contact.isDefault && (
                    <Badge size="xs" variant="light">
                      Default
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[contact.designation, contact.phone, contact.email].filter(Boolean).join(' · ') ||
                    EMPTY_VALUE}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Assignments" id="customer-assignments">
        <FieldList
          items={[
            {
              label: 'Assigned To',
              value: (
                <Assignees
                  users={c.assignedTo}
                  history={history}
                  kind="assigned"
                  empty={CUSTOMER_MESSAGES.notAssigned}
                />
              ),
              wide: true,
            },
            {
              label: 'Re Assigned To',
              value: (
                <Assignees
                  users={c.reAssignedTo}
                  history={history}
                  kind="re-assigned"
                  empty={CUSTOMER_MESSAGES.notReAssigned}
                />
              ),
              wide: true,
            },
          ]}
        />
        <Accordion variant="default" mt="xs">
          <Accordion.Item value="history">
            <Accordion.Control>Assignment History</Accordion.Control>
            <Accordion.Panel>
              {history.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {CUSTOMER_MESSAGES.noAssignmentHistory}
                </Text>
              ) : (
                <List size="sm" spacing={4}>
                  {history.map((h) => (
                    <List.Item key={h._id}>
                      {h.assignedTo?.name ?? 'A removed user'}{' '}
                      {h.kind === 'assigned' ? 'assigned' : 're-assigned'}
                      {h.assignedBy ? ` by ${h.assignedBy.name}` : ''} on {formatDateTime(h.assignedAt)}
                      {h.unassignedAt ? `, until ${formatDateTime(h.unassignedAt)}` : ''}
                    </List.Item>
                  ))}
                </List>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Section>

      <Section title="Additional Information" id="customer-additional">
        <FieldList
          items={[
            { label: 'Establishment Year', value: c.additionalInfo.establishmentYear },
            { label: 'Number of Students', value: c.additionalInfo.numberOfStudents },
            { label: 'Rating', value: c.rating === null ? null : <RatingStars rating={c.rating} /> },
            { label: 'Rating Category', value: c.ratingCategory },
            { label: 'Margin Tier', value: c.marginTier?.toUpperCase() },
            { label: 'Courses Offered', value: c.additionalInfo.coursesOffered, wide: true },
            {
              label: 'Notes',
              value: notes.length ? (
                <List size="sm" spacing={2}>
                  {notes.map((n, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same note may appear twice
                    <List.Item key={i}>{n}</List.Item>
                  ))}
                </List>
              ) : null,
              wide: true,
            },
            { label: 'Updated By', value: c.updatedBy?.name },
            { label: 'Updated On', value: formatDate(c.updatedAt) },
          ]}
        />
      </Section>

      {actions.length > 0 && (
        <Section title="Actions" id="customer-actions">
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        </Section>
      )}

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
    </>
  );
};

/**
 * /crm/customers/:id 'Customer Details' (spec 2 §2): previous/next over the loaded list page, the
 * sections, History, and Update / Delete, or for a deleted customer Restore / Delete Permanently, each by
 * permission. 'Customer not found' when it does not exist (or is outside the caller's scope).
 */
export const CustomerDetailPage = () => {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const at = usePagePosition(id);
  const actions = useDetailActions({
    resource: 'customer',
    id,
    lifecycle: useCustomerLifecycle(),
    listPath: CUSTOMERS_PAGE,
  });
  return (
    <DetailFrame<CustomerDto>
      title="Customer Details"
      recordName={(c) => c.name}
      noun="customer"
      query={customer}
      notFoundText={CUSTOMER_MESSAGES.notFound}
      backTo={{ to: CUSTOMERS_PAGE, label: 'Back to customers' }}
      {...actions}
      updateTo="update"
      extraActions={() => (at ? <PageNavigation at={at} /> : null)}
      history={{ path: `/crm/customers/${id}/history`, queryKey: [...customerKeys.detail(id), 'history'] }}
    >
      {(c) => <CustomerDetails customer={c} />}
    </DetailFrame>
  );
};
