import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
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
