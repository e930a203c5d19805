import { ITEM_MESSAGES, type ItemDto, REQUIREMENT_MESSAGES } from '@karya/domain';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ListEntry, ListError, ListedCards, useListEditor } from '../../components/form/list-editor';
import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { RowActions } from '../../components/record/row-actions';
import { api } from '../../lib/api';
import { notifySuccess, withLoadingToast } from '../../lib/notify';
import { ItemStateBadge } from '../items/item-display';
import { EMPTY_LINE_DRAFT, hasUnsavedLine, type ItemLineDraft, isDuplicateItem } from './item-lines';
import { itemSource } from './ref-sources';
import { type ItemLineState, requirementValidation } from './requirement-form-values';

/** POST /crm/products/items (multipart, state Suggested): an item the catalogue does not have yet (spec 3). */
const createSuggestedItem = (name: string) => {
  const body = new FormData();
  body.set('name', name);
  body.set('state', 'Suggested');
  return api.post<ItemDto>('/crm/products/items', body);
};

/**
 * The items of a requirement (spec 2 §3, §4 "Client-side editors", §5): an item of the catalogue picked by
 * name, a quantity and a note; Add refuses an item already listed. Edit moves a line back into the inputs
 * (asking first when what is typed there would be lost); Remove asks first. An item the catalogue lacks can
 * be suggested by name: it is created in state Suggested and picked at once.
 */
export const ItemsEditor = ({
  lines,
  onChange,
  draft,
  onDraft,
  names,
  onNames,
  canSearch,
  canSuggest,
  error,
}: {
  lines: ItemLineState[];
  onChange: (lines: ItemLineState[]) => void;
  draft: ItemLineDraft;
  onDraft: (draft: ItemLineDraft) => void;
  names: RefNames;
  onNames: (names: RefNames) => void;
  canSearch: boolean;
  canSuggest: boolean;
  error?: string;
}) => {
  const [suggesting, setSuggesting] = useState(false);
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const { line, editing } = draft;
  const known = lines.map((l) => ({ _id: l.item, name: l.name }));
  const editor = useListEditor<ItemLineState, 'item' | 'quantity' | 'note'>({
    items: lines,
    onChange,
    entry: line,
    editing,
    setEntry: (l, at) => onDraft({ line: l, editing: at }),
    clear: () => onDraft(EMPTY_LINE_DRAFT),
    unsaved: hasUnsavedLine(draft),
    confirmEdit: {
      title: 'Discard Item',
      message: 'The item being edited has not been added. Discard it and edit this item instead?',
      confirmLabel: 'Discard',
    },
    confirmRemove: (l) => ({
      title: 'Remove Item',
      message: `Are you sure you want to remove ${l.name} from this requirement?`,
      confirmLabel: 'Remove',
    }),
  });
  const { errors, setErrors } = editor;

  const setLine = (patch: Partial<ItemLineState>) => {
    onDraft({ ...draft, line: { ...line, ...patch } });
    setErrors({});
  };

  const add = async () => {
    if (!line.item) {
      setErrors({ item: REQUIREMENT_MESSAGES.itemRequired });
      return;
    }
    if (isDuplicateItem(lines, line.item, editing)) {
      setErrors({ item: REQUIREMENT_MESSAGES.itemDuplicate });
      return;
    }
    const checks = await requirementValidation.get();
    const found = checks.checkItemLine(line);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    editor.commit({
      ...line,
      name: line.name || names[line.item] || line.item,
      quantity: line.quantity.trim(),
      note: line.note.trim(),
    });
  };

  const suggest = async () => {
    const name = newName.trim();
    if (!name || creating) return;
    setCreating(true);
    try {
      const answer = await withLoadingToast('Creating item', () => createSuggestedItem(name));
      const item = answer.data;
      if (item) {
        notifySuccess(ITEM_MESSAGES.quickCreated);
        onNames({ ...names, [item._id]: item.name });
        if (isDuplicateItem(lines, item._id, editing))
          setErrors({ item: REQUIREMENT_MESSAGES.itemDuplicate });
        else {
          onDraft({ ...draft, line: { ...line, item: item._id, name: item.name, state: item.state } });
          setErrors({});
        }
      }
      setNewName('');
      setSuggesting(false);
    } catch {
      // The toast has said why.
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap="sm">
      <ListedCards
        label="Listed items"
        items={lines}
        editing={editing}
        getKey={(l) => l.item}
        title={(l) => l.name}
        marks={(l) => l.state && l.state !== 'Verified' && <ItemStateBadge state={l.state} />}
        detail={(l) => `Quantity ${l.quantity}${l.note ? ` · ${l.note}` : ''}`}
        actions={(l, i) => (
          <RowActions name={l.name} onEdit={() => editor.edit(i)} onRemove={() => editor.remove(i)} />
        )}
        empty={REQUIREMENT_MESSAGES.noItems}
      />

      <ListEntry
        legend={{ add: 'Add an item', edit: (n) => `Edit item ${n}` }}
        editing={editing}
        onCancelEdit={() => onDraft(EMPTY_LINE_DRAFT)}
        onAdd={add}
        addLabel={{ add: 'Add Item', save: 'Save Item' }}
        start={
          canSuggest ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconSparkles size={14} aria-hidden />}
              onClick={() => setSuggesting((s) => !s)}
              aria-expanded={suggesting}
            >
              Suggest New Item
            </Button>
          ) : (
            <span />
          )
        }
        after={
          suggesting && (
            <Group mt="sm" gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="New item name"
                description="Not in the catalogue yet: it is created as a suggested item for review."
                autoComplete="off"
                value={newName}
                onChange={(e) => setNewName(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button size="xs" onClick={suggest} loading={creating} disabled={!newName.trim()}>
                Create Suggested Item
              </Button>
            </Group>
          )
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <RefSelect
            label="Item"
            value={line.item || null}
            onChange={(id) =>
              setLine({
                item: id ?? '',
                name: id ? (names[id] ?? '') : '',
                state: id === line.item ? line.state : null,
              })
            }
            source={itemSource}
            canSearch={canSearch}
            plural="items"
            known={known}
            names={names}
            onNames={onNames}
            error={errors.item}
          />
          <TextInput
            label="Quantity"
            inputMode="numeric"
            autoComplete="off"
            value={line.quantity}
            error={errors.quantity}
            onChange={(e) => setLine({ quantity: e.currentTarget.value })}
          />
          <TextInput
            label="Note"
            autoComplete="off"
            value={line.note}
            error={errors.note}
            onChange={(e) => setLine({ note: e.currentTarget.value })}
          />
        </SimpleGrid>
      </ListEntry>
      <ListError message={error} attr="data-items-error" />
    </Stack>
  );
};
