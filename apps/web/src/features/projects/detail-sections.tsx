import {
  formatCustomerId,
  formatProjectId,
  formatQuotationId,
  formatRequirementId,
  type ProjectDto,
  type UserRef,
} from '@karya/domain';
import { Group, Stack, Text } from '@mantine/core';
import { DetailSection } from '../../components/form/detail-section';
import { FieldList } from '../../components/record/field-list';
import { formatDateTime } from '../../components/record/format';
import { LineTable } from '../../components/record/line-table';
import { RecordLink } from '../../components/record/record-link';
import { VersionLines } from '../quotations/detail-sections';
import { rupees } from '../quotations/quotation-display';
import { ProjectStatusBadge } from './project-display';

const userLink = (u: UserRef | null | undefined) =>
  u ? (
    <RecordLink to={`/admin/users/${u._id}`} size="sm">
      {u.name}
    </RecordLink>
  ) : null;

/**
 * The summary (spec 3 §2): the title, the Project ID as PI and four digits, the status badge, and links to
 * the customer, the requirement and the quotation it was approved from.
 */
export const ProjectSummary = ({ project: p }: { project: ProjectDto }) => (
  <DetailSection title={formatProjectId(p.projectId)} id="project-summary">
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text fw={600} size="lg" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
          {p.title}
        </Text>
        <ProjectStatusBadge status={p.status} size="lg" />
      </Group>
      <FieldList
        items={[
          { label: 'Project ID', value: formatProjectId(p.projectId) },
          {
            label: 'Customer',
            value: p.customer ? (
              <RecordLink to={`/crm/customers/${p.customer._id}`} size="sm">
                {`${formatCustomerId(p.customer.customerId)} · ${p.customer.name}`}
              </RecordLink>
            ) : null,
          },
          {
            label: 'Requirement',
            value: p.requirement ? (
              <RecordLink to={`/crm/requirements/${p.requirement._id}`} size="sm">
                {`${formatRequirementId(p.requirement.requirementId)} · ${p.requirement.title}`}
              </RecordLink>
            ) : null,
          },
          {
            label: 'Quotation',
            value: p.quotation ? (
              <RecordLink to={`/crm/quotations/${p.quotation._id}`} size="sm">
                {formatQuotationId(p.quotation.quotationId, p.quotation.versionNumber)}
              </RecordLink>
            ) : null,
          },
          { label: 'Total Price', value: rupees(p.totalPrice) },
        ]}
      />
    </Stack>
  </DetailSection>
);

/** Items Receipt: the approved version's frozen lines, what the customer signed (decision 0016). */
export const ProjectItems = ({ project: p }: { project: ProjectDto }) => (
  <DetailSection title="Items Receipt" id="project-items">
    <Stack gap="sm">
      <VersionLines version={p} labelledBy="project-items" />
      <Text size="sm" ta="right" fw={700}>
        Total Price: {rupees(p.totalPrice)}
      </Text>
    </Stack>
  </DetailSection>
);

/** Each status change, newest first: when, who, from → to, and the reason of a step back. */
export const StatusHistory = ({ project: p }: { project: ProjectDto }) => {
  const changes = [...p.statusHistory].sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  return (
    <DetailSection title="Status History" id="project-status-history">
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No status changes yet
        </Text>
      ) : (
        <LineTable
          labelledBy="project-status-history"
          rows={changes}
          getKey={(c, i) => `${c.changedAt}:${i}`}
          minWidth={600}
          columns={[
            { key: 'when', label: 'When', cell: (c) => formatDateTime(c.changedAt) },
            { key: 'who', label: 'By', cell: (c) => userLink(c.changedBy) },
            { key: 'change', label: 'Change', cell: (c) => (c.from ? `${c.from} → ${c.to}` : c.to) },
            { key: 'reason', label: 'Reason', cell: (c) => c.reason },
          ]}
        />
      )}
    </DetailSection>
  );
};

/** Additional Details (spec 3 §2): created by, created on, updated on, and for a deleted one deleted on and by. */
export const AdditionalDetails = ({ project: p }: { project: ProjectDto }) => (
  <DetailSection title="Additional Details" id="project-additional">
    <FieldList
      items={[
        { label: 'Created By', value: userLink(p.createdBy) },
        { label: 'Created On', value: formatDateTime(p.createdAt) },
        { label: 'Updated On', value: formatDateTime(p.updatedAt) },
        ...(p.isDeleted
          ? [
              { label: 'Deleted On', value: formatDateTime(p.deletedAt) },
              { label: 'Deleted By', value: userLink(p.deletedBy) },
            ]
          : []),
      ]}
    />
  </DetailSection>
);
