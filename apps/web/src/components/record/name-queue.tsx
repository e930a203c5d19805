import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

/**
 * The two halves of a bulk entry by names (items, customers): the name input with its Add button (Enter
 * adds too; the label, hint and message stay tied to the input), and the queued names, each removable.
 * The queue's rules are the domain's (`addToNameQueue`); the dialog around them is the record type's.
 */
export const NameQueueInput = ({
  inputRef,
  label,
  value,
  error,
  onChange,
  onAdd,
}: {
  inputRef: Ref<HTMLInputElement>;
  label: string;
  value: string;
  error: string | null;
  onChange: (text: string) => void;
  onAdd: () => void;
}) => (
  <TextInput
    ref={inputRef}
    label={label}
    description="Press Enter or Add to put the name in the list below"
    autoComplete="off"
    data-autofocus
    value={value}
    error={error}
    onChange={(e) => onChange(e.currentTarget.value)}
    onKeyDown={(e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        onAdd();
      }
    }}
    inputContainer={(input) => (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          Add
        </Button>
      </Group>
    )}
  />
);

/** The queued names as a list; `note(name)` marks one (a red border and what it returns under the name). */
export const NameQueueList = ({
  label,
  names,
  onRemove,
  note,
}: {
  label: string;
  names: readonly string[];
  onRemove: (name: string) => void;
  note?: (name: string) => ReactNode;
}) =>
  names.length === 0 ? null : (
    <Stack component="ul" gap={6} aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {names.map((name) => {
        const marked = note?.(name);
        return (
          <Paper
            component="li"
            key={name.toLowerCase()}
            withBorder
            radius="md"
            px="sm"
            py={6}
            style={marked ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                {marked}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${name}`}
                onClick={() => onRemove(name)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
