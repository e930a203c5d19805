import { REJECTION_REASON_MAX } from '@karya/domain';
import { Badge, Stack, TextInput } from '@mantine/core';
import { ListEntry, ListError, ListedCards, useListEditor } from '../../components/form/list-editor';
import { RowActions } from '../../components/record/row-actions';
import {
  EMPTY_REASON_DRAFT,
  hasUnsavedReason,
  type ReasonDraft,
  rejectionValidation,
} from './rejection-form-values';

/** The attribute of the reasons' message, so a failed submit can focus it. */
export const REASONS_ERROR_ATTR = 'data-reasons-error';

/**
 * The rejection reasons (spec 2 §5): typed one at a time and added; each listed reason can be edited (moved
 * back into the input, asking first when something typed there would be lost) or removed (asking first).
 * A reason is checked on Add: not empty, at most 200 characters, not listed already.
 */
export const ReasonsEditor = ({
  reasons,
  onChange,
  draft,
  onDraft,
  error,
}: {
  reasons: string[];
  onChange: (reasons: string[]) => void;
  draft: ReasonDraft;
  onDraft: (draft: ReasonDraft) => void;
  error?: string;
}) => {
  const validation = rejectionValidation.use();
  const editor = useListEditor<string, 'reason'>({
    items: reasons,
    onChange,
    entry: draft.reason,
    editing: draft.editing,
    setEntry: (reason, editing) => onDraft({ reason, editing }),
    clear: () => onDraft(EMPTY_REASON_DRAFT),
    unsaved: hasUnsavedReason(draft),
    confirmEdit: {
      title: 'Discard Reason',
      message: 'The reason being typed has not been added. Discard it and edit this reason instead?',
      confirmLabel: 'Discard',
    },
    confirmRemove: (r) => ({
      title: 'Remove Reason',
      message: `Are you sure you want to remove the reason "${r}"?`,
      confirmLabel: 'Remove',
    }),
  });
  const { errors, setErrors } = editor;

  const add = () => {
    const checks = rejectionValidation.current();
    if (!checks) return;
    const result = checks.checkReason(draft.reason, reasons, draft.editing);
    if (!result.ok) {
      setErrors({ reason: result.message });
      return;
    }
    editor.commit(result.reason);
  };

  return (
    <Stack gap="sm">
      <ListedCards
        label="Rejection reasons"
        items={reasons}
        editing={draft.editing}
        // Reasons are unique (case aside), but one being edited may equal its new text for a moment.
        getKey={(_, i) => i}
        title={(r) => r}
        marks={(_, i) =>
          draft.editing === i && (
            <Badge size="xs" variant="light" color="gray">
              Editing
            </Badge>
          )
        }
        detail={() => null}
        actions={(r, i) => (
          <RowActions name={r} onEdit={() => editor.edit(i)} onRemove={() => editor.remove(i)} />
        )}
        empty="No reason added yet."
      />
      <ListEntry
        legend={{ add: 'New reason', edit: (n) => `Edit reason ${n}` }}
        editing={draft.editing}
        onCancelEdit={() => onDraft(EMPTY_REASON_DRAFT)}
        onAdd={add}
        addLabel={{ add: 'Add Reason', save: 'Save Reason' }}
        adding={!validation}
      >
        <TextInput
          label="Rejection reason"
          description="Type one reason (price, delivery time, specification…) and add it; add as many as apply."
          autoComplete="off"
          maxLength={REJECTION_REASON_MAX + 50}
          value={draft.reason}
          error={errors.reason}
          onChange={(e) => {
            onDraft({ ...draft, reason: e.currentTarget.value });
            setErrors({});
          }}
          onKeyDown={(e) => {
            // Enter adds the reason instead of submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
      </ListEntry>
      <ListError message={error} attr={REASONS_ERROR_ATTR} />
    </Stack>
  );
};
