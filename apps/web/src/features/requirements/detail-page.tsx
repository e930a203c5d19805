import {
  canConvertToQuotation,
  canFix,
  descriptionPoints,
  formatCustomerId,
  formatRequirementId,
  type QuotationFromRequirementState,
  quotationConversionFix,
  quotationConversionWarning,
  REQUIREMENT_MESSAGES,
  type RequirementDto,
  whoCanFixSentence,
} from '@karya/domain';
import { Accordion, Badge, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileInvoice, IconListDetails, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { DetailSection } from '../../components/form/detail-section';
import { ErrorState } from '../../components/list/list-states';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatTime } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
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
    <LineTable
      label="Items Receipt"
      withTableBorder
      minWidth={520}
      rows={r.items}
      getKey={(l, i) => l.item?._id ?? i}
      columns={[
        { key: 'line', label: '#', cell: (_, i) => i + 1 },
        {
          key: 'item',
          label: 'Item',
          cell: (l) => (
            <>
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
            </>
          ),
        },
        { key: 'sku', label: 'SKU', cell: (l) => l.item?.sku },
        {
          key: 'state',
          label: 'State',
          cell: (l) => (l.item ? <ItemStateBadge state={l.item.state} /> : null),
        },
        { key: 'quantity', label: 'Quantity', align: 'right', cell: (l) => l.quantity },
        { key: 'note', label: 'Note', cell: (l) => l.note },
      ]}
    />
  );

/** The sections of one requirement (spec 2 §2): header, Items Receipt, Additional Details, Actions, Follow Ups. */
export const RequirementDetails = ({ requirement: r }: { requirement: RequirementDto }) => {
  const { can } = useCan();
  const { permissions } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<string[]>([]);
  const notes = descriptionPoints(r.notes);
  const live = !r.isDeleted;

  const convert = async () => {
    const warning = quotationConversionWarning(r);
    if (warning) {
      // A fix the reader cannot make names who can (issue 23): the Sales Executive does not see the
      // customer's margin tier field.
      const fix = quotationConversionFix(r);
      let who = '';
      if (!canFix(permissions, fix))
        who = await import('../../components/permissions/who-can')
          .then(({ whoCanQuery }) => queryClient.fetchQuery(whoCanQuery(fix.needs)))
          .then(
            (a) =>
              `\n${whoCanFixSentence(
                fix,
                a.users.map((u) => u.name),
                a.total,
              )}`,
          )
          .catch(() => '');
      notifications.show({
        color: 'yellow',
        title: 'Warning',
        message: <span style={{ whiteSpace: 'pre-line' }}>{`${warning}${who}`}</span>,
        autoClose: who ? 12000 : 8000,
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
      <DetailSection title={formatRequirementId(r.requirementId)} id="requirement-header">
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
      </DetailSection>

      <DetailSection title="Items Receipt" id="requirement-items">
        <ItemsReceipt r={r} />
      </DetailSection>

      <DetailSection title="Additional Details" id="requirement-additional">
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
      </DetailSection>

      {actions.length > 0 && (
        <DetailSection title="Actions" id="requirement-actions">
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        </DetailSection>
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
