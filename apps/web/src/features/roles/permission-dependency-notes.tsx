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

/** One note: its sentence and the button that adds what it lacks. */
const Note = ({ text, label, onAdd }: { text: ReactNode; label: string; onAdd: () => void }) => (
  <Group justify="space-between" wrap="wrap" gap="xs">
    <Text size="sm" style={{ flex: '1 1 16rem' }}>
      {text}
    </Text>
    <Button size="compact-sm" variant="light" aria-label={label} onClick={onAdd}>
      Add
    </Button>
  </Group>
);

const names = (missing: PermissionRef[]) => missing.map(permissionRefLabel).join(' and ');

/**
 * The role form's permission dependencies (issue 23, decision 0014): first what a ticked action cannot be
 * finished without; then, quieter, the fields of a ticked action that fall back without a permission (the
 * follow-up's Project reason without searching projects). Each with an Add that ticks what it lacks.
 */
export const PermissionDependencyNotes = ({ catalogue, value, onChange }: NotesProps) => {
  const held = useMemo(() => permissionSetFromList(value), [value]);
  const gaps = useMemo(() => roleDependencyGaps(held), [held]);
  const fieldGaps = useMemo(() => roleFieldGaps(held), [held]);
  const add = (missing: PermissionRef[]) => () => onChange(addPermissions(value, missing, catalogue));
  return (
    <>
      {gaps.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          title="Some actions also need other permissions"
          icon={<IconAlertTriangle size={18} />}
          mb={4}
          data-testid="permission-dependencies"
        >
          <Stack gap={6}>
            {gaps.map(({ dependency: d, missing }) => (
              <Note
                key={permissionRefKey(d)}
                text={`${permissionRefLabel(d)} also needs ${names(missing)}, to ${d.purpose}.`}
                label={`Add ${names(missing)}`}
                onAdd={add(missing)}
              />
            ))}
          </Stack>
        </Alert>
      )}
      {fieldGaps.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          title="Some fields work differently without other permissions"
          icon={<IconInfoCircle size={18} />}
          mb={4}
          data-testid="permission-field-dependencies"
        >
          <Stack gap={6}>
            {fieldGaps.map(({ dependency: d, missing }) => (
              <Note
                key={`${permissionRefKey(d)}:${d.field}`}
                text={`${permissionRefLabel(d)}: without ${names(missing)}, ${d.fallback}.`}
                label={`Add ${names(missing)} (${d.label})`}
                onAdd={add(missing)}
              />
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
};
