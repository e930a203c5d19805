import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3, IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useHashPanel } from './hash-panel';
import { readStored, writeStored } from './storage';

/** The hash that opens the Column Arrangement dialog (spec 2 §2: '#field-arrangement'). */
export const COLUMN_ARRANGEMENT_HASH = '#field-arrangement';

/** One column of a record list. Define the array outside the component (or memoise it). */
export type ColumnDef<T> = {
  /** Stable key; stored arrangements refer to it. Also the field read when neither render nor value is given. */
  key: string;
  label: string;
  /** Cell content; an empty result shows '-'. */
  render?: (row: T) => ReactNode;
  /** A plain value shown as text (lists joined, user references by name); used when render is absent. */
  value?: (row: T) => unknown;
  /** Hidden until the user shows it (spec 2 §3 "Hidden by default"). */
  defaultHidden?: boolean;
  /**
   * Column width (px number or any CSS width). A px width is also the narrowest the column gets: a crowded
   * table scrolls sideways rather than squeezing it (a badge's label would shrink to 'Pe...').
   */
  width?: number | string;
};

/** One entry of an arrangement: columns in display order with their visibility. */
export type ColumnState = { key: string; visible: boolean };

export const defaultArrangement = (columns: readonly Pick<ColumnDef<unknown>, 'key' | 'defaultHidden'>[]) =>
  columns.map((c) => ({ key: c.key, visible: !c.defaultHidden }));

/**
 * A stored arrangement made valid for the current columns: unknown, repeated or malformed entries are
 * dropped, and columns the stored value does not know are inserted after their default predecessor.
 */
export const mergeArrangement = (
  stored: unknown,
  columns: readonly Pick<ColumnDef<unknown>, 'key' | 'defaultHidden'>[],
): ColumnState[] => {
  if (!Array.isArray(stored)) return defaultArrangement(columns);
  const known = new Set(columns.map((c) => c.key));
  const out: ColumnState[] = [];
  for (const entry of stored) {
    if (!entry || typeof entry !== 'object') continue;
    const { key, visible } = entry as { key?: unknown; visible?: unknown };
    if (typeof key !== 'string' || typeof visible !== 'boolean' || !known.has(key)) continue;
    if (out.some((c) => c.key === key)) continue;
    out.push({ key, visible });
  }
  columns.forEach((column, i) => {
    if (out.some((c) => c.key === column.key)) return;
    let at = 0;
    for (let p = i - 1; p >= 0; p--) {
      const prev = out.findIndex((c) => c.key === columns[p]!.key);
      if (prev >= 0) {
        at = prev + 1;
        break;
      }
    }
    out.splice(at, 0, { key: column.key, visible: !column.defaultHidden });
  });
  return out;
};

export type ColumnArrangement<T> = {
  /** The visible columns in display order: what a table shows. */
  visibleColumns: ColumnDef<T>[];
  /** Every column in display order. */
  orderedColumns: ColumnDef<T>[];
  /** The arrangement as stored: `{key, visible}` in order. */
  arrangement: ColumnState[];
  setArrangement: (next: ColumnState[]) => void;
  /** Move a column by `delta` places (-1 up, +1 down); no-op at the ends. */
  move: (key: string, delta: number) => void;
  /** Put a column at `index` (the place of the column it was dropped on). */
  moveTo: (key: string, index: number) => void;
  setVisible: (key: string, visible: boolean) => void;
  showAll: () => void;
  hideAll: () => void;
  /** Back to the default order and visibility; the stored value is removed. */
  reset: () => void;
};

/**
 * Order and visibility of a list's columns, remembered in localStorage under `storageKey` (e.g.
 * 'taskFields'). Pass the result to ColumnArrangementDialog and use `visibleColumns` in RecordTable.
 */
export const useColumnArrangement = <T,>(
  storageKey: string,
  columns: readonly ColumnDef<T>[],
): ColumnArrangement<T> => {
  const [stored, setStored] = useState<unknown>(() => readStored(storageKey));
  const arrangement = useMemo(() => mergeArrangement(stored, columns), [stored, columns]);

  const setArrangement = useCallback(
    (next: ColumnState[]) => {
      setStored(next);
      writeStored(storageKey, next);
    },
    [storageKey],
  );

  return useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    const orderedColumns = arrangement.map((s) => byKey.get(s.key)!);
    const moveTo = (key: string, index: number) => {
      const from = arrangement.findIndex((c) => c.key === key);
      const to = Math.max(0, Math.min(arrangement.length - 1, index));
      if (from < 0 || from === to) return;
      const next = [...arrangement];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      setArrangement(next);
    };
    return {
      orderedColumns,
      visibleColumns: orderedColumns.filter((_, i) => arrangement[i]!.visible),
      arrangement,
      setArrangement,
      moveTo,
      move: (key, delta) => moveTo(key, arrangement.findIndex((c) => c.key === key) + delta),
      setVisible: (key, visible) =>
        setArrangement(arrangement.map((c) => (c.key === key ? { ...c, visible } : c))),
      showAll: () => setArrangement(arrangement.map((c) => ({ ...c, visible: true }))),
      hideAll: () => setArrangement(arrangement.map((c) => ({ ...c, visible: false }))),
      reset: () => {
        setStored(undefined);
        writeStored(storageKey, undefined);
      },
    };
  }, [arrangement, columns, setArrangement, storageKey]);
};

/**
 * The 'Column Arrangement' dialog, open while the URL hash is #field-arrangement. Each column can be
 * dragged (mouse), moved with its Move up / Move down buttons (keyboard, touch) and shown or hidden.
 * Changes apply and are saved at once.
 */
export const ColumnArrangementDialog = <T,>({
  columns,
  title = 'Column Arrangement',
}: {
  columns: ColumnArrangement<T>;
  title?: string;
}) => {
  const { opened, close } = useHashPanel(COLUMN_ARRANGEMENT_HASH);
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

/** The button that opens the Column Arrangement dialog (sets #field-arrangement). */
export const ColumnArrangementButton = ({ iconOnly = false }: { iconOnly?: boolean }) => {
  const { open } = useHashPanel(COLUMN_ARRANGEMENT_HASH);
  return iconOnly ? (
    <Tooltip label="Column Arrangement">
      <ActionIcon variant="default" size="lg" aria-label="Column Arrangement" onClick={open}>
        <IconColumns3 size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button variant="default" leftSection={<IconColumns3 size={16} aria-hidden />} onClick={open}>
      Columns
    </Button>
  );
};
