import { CUSTOMER_MESSAGES, type CustomerAssignment, type CustomerDto, type UserRef } from '@karya/domain';
import { Accordion, Group, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailSection } from '../../components/form/detail-section';
import { FieldList } from '../../components/record/field-list';
import { formatDateTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';

const userPath = (u: UserRef) => `/admin/users/${u._id}`;

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

/** Assigned To and Re Assigned To, and the assignment history under them (spec 2 §2). */
export const AssignmentsSection = ({ customer: c }: { customer: CustomerDto }): ReactNode => {
  const history = c.assignmentHistory ?? [];
  return (
    <DetailSection title="Assignments" id="customer-assignments">
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
    </DetailSection>
  );
};
