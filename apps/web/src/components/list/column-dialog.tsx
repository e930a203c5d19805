import { ActionIcon, Box, Button, Checkbox, Group, Modal, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { COLUMN_ARRANGEMENT_HASH, type ColumnArrangement } from './columns';
import { useHashPanel } from './hash-panel';

/**
 * The 'Column Arrangement' dialog, open while the URL hash is #field-arrangement. Each column can be
 * dragged (mouse), moved with its Move up / Move down buttons (keyboard, touch) and shown or hidden.
 * Changes apply and are saved at once.
 */
export const ColumnArrangementDialog = <T,>({
  opened: allowed = true,
  columns,
  title = 'Column Arrangement',
}: {
  /** False keeps the dialog closed while the hash says open (a lazily loaded dialog opens one render late). */
  opened?: boolean;
  columns: ColumnArrangement<T>;
  title?: string;
}) => {
  const hash = useHashPanel(COLUMN_ARRANGEMENT_HASH);
  const opened = allowed && hash.opened;
  const close = hash.close;
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { arrangement, orderedColumns } = columns;
  const total = arrangement.length;
  const visibleCount = arrangement.filter((c) => c.visible).length;

  const moveBy = (key: string, label: string, delta: number) => {
    const from = arrangement.findIndex((c) => c.key === key);
    const to = from + delta;
    if (to < 0 || to >= total) return;
    columns.move(key, delta);
    setAnnouncement(`${label} moved to position ${to + 1} of ${total}`);
  };
  const endDrag = () => {
    setDragKey(null);
    setOverKey(null);
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="md">
      <Text size="sm" c="dimmed" mb="sm">
        Drag a column or use its arrows to change the order. {visibleCount} of {total} columns shown.
      </Text>
      <Group gap="xs" mb="sm">
        <Button size="xs" variant="default" onClick={columns.showAll}>
          All visible
        </Button>
        <Button size="xs" variant="default" onClick={columns.hideAll}>
          All hidden
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            columns.reset();
            setAnnouncement('Columns reset to the default arrangement');
          }}
        >
          Reset
        </Button>
      </Group>
      <Box component="ul" aria-label="Columns" p={0} m={0} style={{ listStyle: 'none' }}>
        {arrangement.map((state, i) => {
          const label = orderedColumns[i]!.label;
          const first = i === 0;
          const last = i === total - 1;
          return (
            <Box
              component="li"
              key={state.key}
              draggable
              onDragStart={(e) => {
                setDragKey(state.key);
                if (e.dataTransfer) {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', state.key);
                }
              }}
              onDragOver={(e) => {
                if (!dragKey) return;
                e.preventDefault();
                if (overKey !== state.key) setOverKey(state.key);
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragKey && dragKey !== state.key) {
                  columns.moveTo(dragKey, i);
                  const moved = orderedColumns[arrangement.findIndex((c) => c.key === dragKey)]?.label;
                  if (moved) setAnnouncement(`${moved} moved to position ${i + 1} of ${total}`);
                }
                endDrag();
              }}
              onDragEnd={endDrag}
              py={6}
              px="xs"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                borderRadius: 'var(--mantine-radius-sm)',
                borderTop:
                  overKey === state.key && dragKey !== state.key
                    ? '2px solid var(--mantine-primary-color-filled)'
                    : '2px solid transparent',
                opacity: dragKey === state.key ? 0.5 : 1,
                background: i % 2 ? 'var(--mantine-color-gray-0)' : undefined,
              }}
            >
              <IconGripVertical
                size={18}
                aria-hidden
                style={{ cursor: 'grab', flex: 'none', color: 'var(--mantine-color-dimmed)' }}
              />
              <Checkbox
                label={label}
                checked={state.visible}
                onChange={(e) => columns.setVisible(state.key, e.currentTarget.checked)}
                style={{ flex: 1 }}
              />
              {/* Kept focusable at the ends (aria-disabled) so focus stays put after a move. */}
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} up`}
                aria-disabled={first || undefined}
                data-disabled={first || undefined}
                onClick={() => moveBy(state.key, label, -1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} down`}
                aria-disabled={last || undefined}
                data-disabled={last || undefined}
                onClick={() => moveBy(state.key, label, 1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Box>
          );
        })}
      </Box>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Modal>
  );
};
