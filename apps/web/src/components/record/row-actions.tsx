import { ActionIcon } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * Edit and Remove for one entry of an editable list inside a form (contacts, requirement items, purchase
 * and sale lines), labelled with the entry's name for screen readers. The caller's `onRemove` asks first.
 */
export const RowActions = ({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
}) => (
  <>
    <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
      <IconPencil size={16} aria-hidden />
    </ActionIcon>
    <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  </>
);
