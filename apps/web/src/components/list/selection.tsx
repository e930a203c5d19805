import { Button, Group, Paper, Text } from '@mantine/core';
import { IconChecks, IconX } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';

export type Selection = {
  /** Selection mode: rows and cards toggle instead of opening. */
  mode: boolean;
  /** Turn selection mode on or off; off also clears the selection. */
  setMode: (on: boolean) => void;
  selected: ReadonlySet<string>;
  /** The selected ids, in the order they were picked. */
  ids: string[];
  count: number;
  isSelected: (id: string) => boolean;
  /** Flip one id, or set it with `on`. */
  toggle: (id: string, on?: boolean) => void;
  /** Select (or with `on` false, unselect) several ids, e.g. every row of the page. */
  setMany: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
};

const NONE: ReadonlySet<string> = new Set();

/**
 * Selected record ids of a list. The selection empties itself whenever `resetKey` changes: pass what
 * decides the rows shown, e.g. `list.query` (page, size, sort, filters).
 */
export const useSelection = (resetKey?: unknown): Selection => {
  const key = JSON.stringify(resetKey ?? null);
  const [mode, setModeState] = useState(false);
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key, ids: NONE });
  // Adjusting state while rendering (not in an effect) so no frame shows a stale selection.
  if (state.key !== key) setState({ key, ids: NONE });
  const selected = state.key === key ? state.ids : NONE;

  const change = useCallback(
    (fn: (prev: ReadonlySet<string>) => ReadonlySet<string>) =>
      setState((s) => ({ key: s.key, ids: fn(s.ids) })),
    [],
  );

  return useMemo<Selection>(
    () => ({
      mode,
      setMode: (on) => {
        setModeState(on);
        if (!on) change(() => NONE);
      },
      selected,
      ids: [...selected],
      count: selected.size,
      isSelected: (id) => selected.has(id),
      toggle: (id, on) =>
        change((prev) => {
          const next = new Set(prev);
          if (on ?? !prev.has(id)) next.add(id);
          else next.delete(id);
          return next;
        }),
      setMany: (ids, on) =>
        change((prev) => {
          const next = new Set(prev);
          for (const id of ids) {
            if (on) next.add(id);
            else next.delete(id);
          }
          return next;
        }),
      clear: () => change(() => NONE),
    }),
    [mode, selected, change],
  );
};

/** 'Select' / 'Cancel selection': turns selection mode on and off. */
export const SelectionModeToggle = ({ selection }: { selection: Pick<Selection, 'mode' | 'setMode'> }) => (
  <Button
    variant={selection.mode ? 'light' : 'default'}
    leftSection={selection.mode ? <IconX size={16} aria-hidden /> : <IconChecks size={16} aria-hidden />}
    aria-pressed={selection.mode}
    onClick={() => selection.setMode(!selection.mode)}
  >
    {selection.mode ? 'Cancel selection' : 'Select'}
  </Button>
);

/**
 * The bar shown in selection mode: '<n> selected', 'Select all on this page', 'Clear' and the bulk
 * actions (`children`, or a function of the selected ids). It sticks to the bottom of the screen.
 */
export const BulkActionBar = ({
  selection,
  pageIds,
  children,
}: {
  selection: Selection;
  /** The ids of the rows on the current page. */
  pageIds: readonly string[];
  children?: ReactNode | ((ids: string[]) => ReactNode);
}) => {
  if (!selection.mode) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label="Bulk actions"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 3 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm" role="status" aria-live="polite" miw={90}>
            {selection.count} selected
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => selection.setMany(pageIds, true)}
            disabled={pageIds.length === 0}
          >
            Select all on this page
          </Button>
          <Button size="xs" variant="default" onClick={selection.clear}>
            Clear
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          {typeof children === 'function' ? children(selection.ids) : children}
        </Group>
      </Group>
    </Paper>
  );
};
