import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type ConfirmOptions, confirmAction } from '../record/confirm';

/** What a list editor asks before an action: the dialog's title, message and confirm button. */
type Ask = Omit<ConfirmOptions, 'danger'>;

/**
 * The add / edit / remove of a list typed into a form one entry at a time (a customer's contacts, a
 * requirement's items, a purchase's or sale's lines): the entry's inputs sit under the list; Edit moves an
 * entry back into them (asking first when they hold input that would be lost), Remove asks first, and the
 * entry's own checks stay the editor's (`commit` takes the checked entry). The entry and which listed one
 * it replaces live with the form (its draft keeps them), so the editor is given them and how to set them.
 *
 * ```ts
 * const editor = useListEditor<Contact, 'name' | 'phone' | 'list'>({ items: contacts, onChange, editing,
 *   setEntry: (contact, editing) => onDraft({ contact, editing }), clear: () => onDraft(EMPTY), unsaved,
 *   confirmEdit: { title: 'Discard Contact', message: '…', confirmLabel: 'Discard' },
 *   confirmRemove: (c) => ({ title: 'Remove Contact', message: `… ${c.name}?`, confirmLabel: 'Remove' }) });
 * ```
 */
export const useListEditor = <T, F extends string = string>({
  items,
  onChange,
  entry,
  editing,
  setEntry,
  clear,
  unsaved,
  confirmEdit,
  confirmRemove,
}: {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** What the inputs hold now. */
  entry: T;
  /** Which listed entry the inputs replace; null: a new one. */
  editing: number | null;
  setEntry: (entry: T, editing: number | null) => void;
  /** Empties the inputs (a new entry). */
  clear: () => void;
  /** Whether the inputs hold input that is not in the list. */
  unsaved: boolean;
  confirmEdit: Ask;
  confirmRemove: (item: T) => Ask;
}) => {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  /** Lists the checked entry (in place of the one being edited), then empties the inputs. */
  const commit = (saved: T) => {
    onChange(editing === null ? [...items, saved] : items.map((item, i) => (i === editing ? saved : item)));
    clear();
    setErrors({});
  };

  const edit = async (index: number) => {
    if (unsaved && !(await confirmAction({ ...confirmEdit, danger: true }))) return;
    setEntry(items[index]!, index);
    setErrors({});
  };

  const remove = async (index: number) => {
    if (!(await confirmAction({ ...confirmRemove(items[index]!), danger: true }))) return;
    onChange(items.filter((_, i) => i !== index));
    if (editing === index) clear();
    else if (editing !== null && editing > index) setEntry(entry, editing - 1);
  };

  return { errors, setErrors, commit, edit, remove, editing };
};

/**
 * The inputs of a list editor's entry: a fieldset named 'New contact' or 'Edit contact 2', the fields,
 * and Cancel Edit (while editing) beside Add / Save. `start` sits at the left of the buttons.
 */
export const ListEntry = ({
  legend,
  editing,
  onCancelEdit,
  onAdd,
  addLabel,
  adding,
  start,
  children,
  after,
}: {
  /** The legend for a new entry, and for the one being edited (given its 1-based number). */
  legend: { add: string; edit: (n: number) => string };
  editing: number | null;
  onCancelEdit: () => void;
  onAdd: () => void;
  /** 'Add Contact' and 'Save Contact'. */
  addLabel: { add: string; save: string };
  adding?: boolean;
  start?: ReactNode;
  children: ReactNode;
  /** Below the buttons (a form of its own, e.g. Suggest New Item's). */
  after?: ReactNode;
}) => {
  const buttons = (
    <Group gap="xs">
      {editing !== null && (
        <Button variant="default" size="xs" onClick={onCancelEdit}>
          Cancel Edit
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={onAdd}
        loading={adding}
      >
        {editing === null ? addLabel.add : addLabel.save}
      </Button>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" m={0}>
      <Text component="legend" size="sm" fw={500} px={4}>
        {editing === null ? legend.add : legend.edit(editing + 1)}
      </Text>
      {children}
      <Group justify={start === undefined ? 'flex-end' : 'space-between'} mt="sm" gap="xs">
        {start}
        {buttons}
      </Group>
      {after}
    </Paper>
  );
};

/**
 * The listed entries as cards (name, marks beside it, a dimmed line under it, and the row's buttons); the
 * one being edited is dimmed. With no entries, `empty` is said instead.
 */
export const ListedCards = <T,>({
  label,
  items,
  editing,
  getKey,
  title,
  marks,
  detail,
  actions,
  empty,
}: {
  label: string;
  items: readonly T[];
  editing: number | null;
  getKey: (item: T, index: number) => string | number;
  title: (item: T) => ReactNode;
  marks: (item: T, index: number) => ReactNode;
  detail: (item: T) => ReactNode;
  actions: (item: T, index: number) => ReactNode;
  empty: string;
}) =>
  items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item, i) => (
        <Paper
          component="li"
          key={getKey(item, i)}
          withBorder
          radius="md"
          px="sm"
          py={6}
          opacity={editing === i ? 0.5 : 1}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {title(item)}
                </Text>
                {marks(item, i)}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {detail(item)}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              {actions(item, i)}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );

/** A list editor's message for the whole list, focusable so a failed submit can move to it. */
export const ListError = ({ message, attr }: { message?: string | null; attr: `data-${string}` }) =>
  message ? (
    <Text size="sm" c="red.8" role="alert" tabIndex={-1} {...{ [attr]: true }}>
      {message}
    </Text>
  ) : null;
