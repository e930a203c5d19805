import { CUSTOMER_MESSAGES, type CustomerDto, descriptionPoints, formatCustomerId } from '@karya/domain';
import { ActionIcon, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconMessageStar, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { DetailSection } from '../../components/form/detail-section';
import { EMPTY_VALUE } from '../../components/list/display';
import { ActionGate } from '../../components/permissions/blocked-action';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import {
  CUSTOMERS_PAGE,
  type CustomersPage,
  customerKeys,
  customerPath,
  useCustomer,
  useCustomerLifecycle,
} from './api';
import { organizationLine, RatingStars, VerifiedBadge } from './customer-display';
import { AssignmentsSection } from './detail-assignments';
import { RelatedAccordion } from './detail-related';

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

/** The sections of one customer (spec 2 §2 "customer details"). */
export const CustomerDetails = ({ customer: c }: { customer: CustomerDto }) => {
  const { can } = useCan();
  const notes = descriptionPoints(c.additionalInfo.notes);
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
    live && (
      <ActionGate key="follow-up" resource="follow-up" action="create" label="Create Follow-Up">
        <Button component={Link} to="/crm/follow-ups/create" state={{ customerId: c._id }} variant="light">
          Create Follow-Up
        </Button>
      </ActionGate>
    ),
    live && (
      <ActionGate key="requirement" resource="requirement" action="create" label="Create Requirement">
        <Button component={Link} to="/crm/requirements/create" state={{ customerId: c._id }} variant="light">
          Create Requirement
        </Button>
      </ActionGate>
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
      <DetailSection title="Basic Information" id="customer-basic">
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
      </DetailSection>

      {c.organization && (
        <DetailSection title="Organization Information" id="customer-organization">
          <FieldList
            items={[
              { label: 'Organization Type', value: c.organization.type },
              { label: 'Details', value: organizationLine(c), wide: true },
            ]}
          />
        </DetailSection>
      )}

      <DetailSection title="Contacts" id="customer-contacts">
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
      </DetailSection>

      <AssignmentsSection customer={c} />

      <DetailSection title="Additional Information" id="customer-additional">
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
      </DetailSection>

      {actions.length > 0 && (
        <DetailSection title="Actions" id="customer-actions">
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        </DetailSection>
      )}

      <RelatedAccordion customer={c} />
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
