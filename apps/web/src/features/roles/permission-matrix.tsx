import { actionLabel } from '@karya/domain';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PermissionDependencyNotes } from './permission-dependency-notes';
import {
  allActionsState,
  groupByModule,
  type PermissionValue,
  type ResourceItem,
  setResourceActions,
  toggleAction,
  toggleAllActions,
} from './permission-state';

type RowProps = {
  resource: ResourceItem;
  selected: string[];
  onChange: (actions: string[]) => void;
};

/** One resource: an all-actions checkbox, then one checkbox per action, wrapping on narrow screens. */
export const PermissionRow = ({ resource, selected, onChange }: RowProps) => {
  const all = allActionsState(selected, resource.actions);
  return (
    <Box
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-resource={resource.name}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {resource.name}
        </Text>
        <Checkbox
          size="xs"
          label="All"
          aria-label={`${resource.name}: all actions`}
          checked={all.checked}
          indeterminate={all.indeterminate}
          onChange={() => onChange(toggleAllActions(selected, resource.actions))}
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 5 }} spacing="xs" verticalSpacing={6}>
        {resource.actions.map((action) => (
          <Checkbox
            key={action}
            size="xs"
            label={actionLabel(action)}
            title={action}
            aria-label={`${resource.name}: ${actionLabel(action)}`}
            checked={selected.includes(action)}
            onChange={() => onChange(toggleAction(selected, action, resource.actions))}
            styles={{ label: { paddingInlineStart: 6, overflowWrap: 'break-word' } }}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
};

type MatrixProps = {
  id?: string;
  catalogue: ResourceItem[];
  value: PermissionValue[];
  onChange: (value: PermissionValue[]) => void;
  error?: string;
};

/**
 * A resource matches a search by its name, or by one of its actions, as labelled ('Bulk restore') or as
 * stored ('bulk-restore').
 */
export const resourceMatches = (resource: ResourceItem, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    resource.name.toLowerCase().includes(q) ||
    resource.actions.some((a) => a.toLowerCase().includes(q) || actionLabel(a).toLowerCase().includes(q))
  );
};

/**
 * The permission matrix of the role form: a search, then one accordion per module, in the order hrm, crm,
 * admin.
 */
export const PermissionMatrix = ({ id, catalogue, value, onChange, error }: MatrixProps) => {
  const groups = useMemo(() => groupByModule(catalogue), [catalogue]);
  const selected = useMemo(() => new Map(value.map((p) => [p.resource, p.actions])), [value]);
  // Open the modules a role already uses (or the first one on a new role); the rest stay folded.
  // Only the first render decides; later ticks must not fold or unfold panels.
  const [initiallyOpen] = useState(() => {
    const used = groups
      .filter((g) => g.resources.some((r) => (selected.get(r.name)?.length ?? 0) > 0))
      .map((g) => g.module);
    return used.length > 0 ? used : groups.slice(0, 1).map((g) => g.module);
  });
  const [opened, setOpened] = useState<string[]>(initiallyOpen);
  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, resources: g.resources.filter((r) => resourceMatches(r, search)) }))
        .filter((g) => g.resources.length > 0),
    [groups, search],
  );

  return (
    <Stack gap={4}>
      <PermissionDependencyNotes catalogue={catalogue} value={value} onChange={onChange} />
      <TextInput
        aria-label="Search permissions"
        placeholder="Search resources or actions"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb={4}
      />
      {/* The field the form focuses on a failed submit: its message first, then the matrix. */}
      <Box
        id={id}
        tabIndex={-1}
        role="group"
        aria-label="Permissions"
        aria-invalid={Boolean(error)}
        aria-describedby={error && id ? `${id}-error` : undefined}
      >
        {error && (
          <Text id={id ? `${id}-error` : undefined} c="red" size="sm" role="alert" mb={4}>
            {error}
          </Text>
        )}
        <Paper
          withBorder
          radius="md"
          style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        >
          {/* While searching, every module with a match is open. */}
          <Accordion
            multiple
            value={searching ? shown.map((g) => g.module) : opened}
            onChange={(v) => !searching && setOpened(v)}
            variant="default"
            chevronPosition="right"
          >
            {shown.length === 0 && (
              <Text size="sm" c="dimmed" p="sm">
                No permissions match “{search.trim()}”.
              </Text>
            )}
            {shown.map((group) => {
              const all = groups.find((g) => g.module === group.module) ?? group;
              const used = all.resources.filter((r) => (selected.get(r.name)?.length ?? 0) > 0).length;
              return (
                <Accordion.Item key={group.module} value={group.module}>
                  <Accordion.Control>
                    <Group gap="xs">
                      <Text fw={600} tt="uppercase" size="sm">
                        {group.module}
                      </Text>
                      {used > 0 && (
                        <Badge size="sm" variant="light">
                          {used} of {all.resources.length}
                        </Badge>
                      )}
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {group.module === 'admin' && (
                      <Alert
                        color="orange"
                        variant="light"
                        title="Admin Permission"
                        icon={<IconAlertTriangle size={18} />}
                        mb="sm"
                      >
                        These permissions give high-level access to the whole system. Make sure you trust the
                        person before granting any of them.
                      </Alert>
                    )}
                    {group.resources.map((resource) => (
                      <PermissionRow
                        key={resource.name}
                        resource={resource}
                        selected={selected.get(resource.name) ?? []}
                        onChange={(actions) =>
                          onChange(setResourceActions(value, resource.name, actions, catalogue))
                        }
                      />
                    ))}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </Paper>
      </Box>
    </Stack>
  );
};
