import {
  canConvertToQuotation,
  descriptionPoints,
  formatCustomerId,
  formatRequirementId,
  type QuotationFromRequirementState,
  quotationConversionWarning,
  REQUIREMENT_MESSAGES,
  type RequirementDto,
} from '@karya/domain';
import {
  Accordion,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice, IconListDetails, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { EMPTY_VALUE } from '../../components/list/display';
import { ErrorState } from '../../components/list/list-states';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { messageOf } from '../../lib/notify';
import { ItemStateBadge } from '../items/item-display';
import {
  QUOTATION_CREATE_PATH,
  REQUIREMENTS_PAGE,
  requirementKeys,
  useRequirement,
  useRequirementFollowUps,
  useRequirementLifecycle,
} from './api';
import { formatBudget, RequirementPriorityBadge, RequirementStatusBadge } from './requirement-display';

const Section = ({ title, id, children }: { title: string; id: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
    <Title order={3} size="h5" id={id} mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

/** The Follow Ups section's list, asked when the section opens (spec 2 §2). */
const FollowUps = ({ id }: { id: string }) => {
  const followUps = useRequirementFollowUps(id, true);
  if (followUps.isPending) return <Loader size="sm" role="status" aria-label="Loading Follow Ups" />;
  if (followUps.isError)
    return <ErrorState message={messageOf(followUps.error)} onRetry={() => void followUps.refetch()} />;
  if (followUps.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {REQUIREMENT_MESSAGES.noFollowUps}
      </Text>
    );
  return (
    <List size="sm" spacing={4}>
      {followUps.data.map((f) => (
        <List.Item key={f._id}>
          <RecordLink to={`/crm/follow-ups/${f._id}`} size="sm">
            {[
              f.followUpId ? `FI${String(f.followUpId).padStart(4, '0')}` : 'Follow-up',
              f.type,
              f.date ? formatDate(f.date) : null,
              f.time ? formatTime(f.time) : null,
              f.status,
            ]
              .filter(Boolean)
              .join(' · ')}
          </RecordLink>
        </List.Item>
      ))}
    </List>
  );
};

/** The items as a receipt: line, item (linked), SKU, state, quantity, note. */
const ItemsReceipt = ({ r }: { r: RequirementDto }) =>
  r.items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {REQUIREMENT_MESSAGES.noItems}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Items Receipt">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.items.map((l, i) => (
            <Table.Tr key={l.item?._id ?? i}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                {l.item ? (
                  <RecordLink to={`/crm/products/items/${l.item._id}`} size="sm">
                    {l.item.name}
                  </RecordLink>
                ) : (
                  'A removed item'
                )}
                {l.item?.isDeleted && (
                  <Badge ml={6} size="xs" color="red" variant="light">
                    Deleted
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{l.item?.sku ?? EMPTY_VALUE}</Table.Td>
              <Table.Td>{l.item ? <ItemStateBadge state={l.item.state} /> : EMPTY_VALUE}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.note ?? EMPTY_VALUE}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

/** The sections of one requirement (spec 2 §2): header, Items Receipt, Additional Details, Actions, Follow Ups. */
export const RequirementDetails = ({ requirement: r }: { requirement: RequirementDto }) => {
  const { can } = useCan();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<string[]>([]);
  const notes = descriptionPoints(r.notes);
  const live = !r.isDeleted;

  const convert = () => {
    const warning = quotationConversionWarning(r);
    if (warning) {
      notifications.show({
        color: 'yellow',
        title: 'Warning',
        message: <span style={{ whiteSpace: 'pre-line' }}>{warning}</span>,
        autoClose: 8000,
      });
      return;
    }
    const state: QuotationFromRequirementState = {
      requirementId: r._id,
      customerId: r.customer?._id ?? '',
      requirementTitle: r.title,
    };
    navigate(QUOTATION_CREATE_PATH, { state });
  };

  const actions = [
    live && can('requirement', 'update') && (
      <Button
        key="items"
        component={Link}
        to="update#items"
        variant="light"
        leftSection={<IconListDetails size={16} aria-hidden />}
      >
        Edit Items
      </Button>
    ),
    canConvertToQuotation(r, can('quotation', 'create')) && (
      <Button key="convert" onClick={convert} leftSection={<IconFileInvoice size={16} aria-hidden />}>
        Convert to Quotation
      </Button>
    ),
    r.quotation && can('quotation', 'print') && (
      <Button
        key="preview"
        component={Link}
        to={`/crm/quotations/${r.quotation._id}/preview`}
        variant="light"
        leftSection={<IconPrinter size={16} aria-hidden />}
      >
        Quotation Preview
      </Button>
    ),
  ].filter(Boolean);

  return (
    <>
      <Section title={formatRequirementId(r.requirementId)} id="requirement-header">
        <Stack gap="xs">
          <Text fw={600} size="lg" style={{ overflowWrap: 'break-word' }}>
            {r.title}
          </Text>
          <Group gap={6} wrap="wrap">
            <RequirementStatusBadge status={r.status} />
            <RequirementPriorityBadge priority={r.priority} />
            <Badge variant="light" color="gray" tt="none">
              {r.type}
            </Badge>
          </Group>
          <FieldList
            items={[
              {
                label: 'Customer',
                value: r.customer ? (
                  <RecordLink to={`/crm/customers/${r.customer._id}`} size="sm">
                    {`${formatCustomerId(r.customer.customerId)} · ${r.customer.name}`}
                  </RecordLink>
                ) : null,
                wide: true,
              },
              {
                label: 'Created By',
                value: r.createdBy ? (
                  <RecordLink to={`/admin/users/${r.createdBy._id}`} size="sm">
                    {r.createdBy.name}
                  </RecordLink>
                ) : null,
              },
              { label: 'Created Date', value: formatDate(r.createdAt) },
            ]}
          />
        </Stack>
      </Section>

      <Section title="Items Receipt" id="requirement-items">
        <ItemsReceipt r={r} />
      </Section>

      <Section title="Additional Details" id="requirement-additional">
        <FieldList
          items={[
            { label: 'Budget', value: formatBudget(r.budget) },
            { label: 'Purchase Date', value: r.purchaseDate ? formatDate(r.purchaseDate) : null },
            {
              label: 'Quotation',
              value: r.quotation ? (
                <RecordLink to={`/crm/quotations/${r.quotation._id}`} size="sm">
                  Open quotation
                </RecordLink>
              ) : null,
            },
            { label: 'Updated By', value: r.updatedBy?.name },
            { label: 'Updated On', value: formatDate(r.updatedAt) },
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
          ]}
        />
      </Section>

      {actions.length > 0 && (
        <Section title="Actions" id="requirement-actions">
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        </Section>
      )}

      {can('follow-up', 'read') && (
        <Accordion multiple variant="contained" value={opened} onChange={setOpened}>
          <Accordion.Item value="follow-ups">
            <Accordion.Control>Follow Ups</Accordion.Control>
            <Accordion.Panel>{opened.includes('follow-ups') && <FollowUps id={r._id} />}</Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </>
  );
};

/**
 * /crm/requirements/:id (spec 2 §2): the sections, History, and Update / Delete, or for a deleted
 * requirement Restore / Delete Permanently, each by permission. 'Requirement not found' when it does not
 * exist (or is outside the caller's scope).
 */
export const RequirementDetailPage = () => {
  const { id = '' } = useParams();
  const requirement = useRequirement(id);
  const actions = useDetailActions({
    resource: 'requirement',
    id,
    lifecycle: useRequirementLifecycle(),
    listPath: REQUIREMENTS_PAGE,
  });
  return (
    <DetailFrame<RequirementDto>
      title="Requirement Details"
      recordName={(r) => r.title}
      noun="requirement"
      query={requirement}
      notFoundText={REQUIREMENT_MESSAGES.notFound}
      backTo={{ to: REQUIREMENTS_PAGE, label: 'Back to requirements' }}
      {...actions}
      updateTo="update"
      history={{
        path: `/crm/requirements/${id}/history`,
        queryKey: [...requirementKeys.detail(id), 'history'],
      }}
    >
      {(r) => <RequirementDetails requirement={r} />}
    </DetailFrame>
  );
};
