import {
  type PermissionRef,
  permissionRefKey,
  permissionRefLabel,
  permissionSetFromList,
  roleDependencyGaps,
  roleFieldGaps,
} from '@karya/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { addPermissions, type PermissionValue, type ResourceItem } from './permission-state';

type NotesProps = {
  catalogue: ResourceItem[];
  value: PermissionValue[];
  onChange: (value: PermissionValue[]) => void;
};

type NoteItem = { key: string; text: string; missing: PermissionRef[]; label: string };

/** A list of notes, each its sentence and the button that adds what it lacks; nothing when empty. */
const Notes = ({
  notes,
  onAdd,
  ...alert
}: {
  notes: NoteItem[];
  onAdd: (missing: PermissionRef[]) => void;
  color: string;
  title: string;
  icon: ReactNode;
  'data-testid': string;
}) =>
  notes.length === 0 ? null : (
    <Alert variant="light" mb={4} {...alert}>
      <Stack gap={6}>
        {notes.map((n) => (
          <Group key={n.key} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" style={{ flex: '1 1 16rem' }}>
              {n.text}
            </Text>
            <Button size="compact-sm" variant="light" aria-label={n.label} onClick={() => onAdd(n.missing)}>
              Add
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );

const names = (missing: PermissionRef[]) => missing.map(permissionRefLabel).join(' and ');

/**
 * The role form's permission dependencies (issue 23, decision 0014): first what a ticked action cannot be
 * finished without; then, quieter, the fields of a ticked action that fall back without a permission (the
 * follow-up's Project reason without searching projects). Each with an Add that ticks what it lacks.
 */
export const PermissionDependencyNotes = ({ catalogue, value, onChange }: NotesProps) => {
  const held = useMemo(() => permissionSetFromList(value), [value]);
  const add = (missing: PermissionRef[]) => onChange(addPermissions(value, missing, catalogue));
  const actionNotes = roleDependencyGaps(held).map(({ dependency: d, missing }) => ({
    key: permissionRefKey(d),
    text: `${permissionRefLabel(d)} also needs ${names(missing)}, to ${d.purpose}.`,
    missing,
    label: `Add ${names(missing)}`,
  }));
  const fieldNotes = roleFieldGaps(held).map(({ dependency: d, missing }) => ({
    key: `${permissionRefKey(d)}:${d.field}`,
    text: `${permissionRefLabel(d)}: without ${names(missing)}, ${d.fallback}.`,
    missing,
    label: `Add ${names(missing)} (${d.label})`,
  }));
  return (
    <>
      <Notes
        notes={actionNotes}
        onAdd={add}
        color="yellow"
        title="Some actions also need other permissions"
        icon={<IconAlertTriangle size={18} />}
        data-testid="permission-dependencies"
      />
      <Notes
        notes={fieldNotes}
        onAdd={add}
        color="gray"
        title="Some fields work differently without other permissions"
        icon={<IconInfoCircle size={18} />}
        data-testid="permission-field-dependencies"
      />
    </>
  );
};
