import { Checkbox, Table, Text } from '@mantine/core';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { ColumnDef } from './columns';
import { displayValue, orEmpty } from './display';
import type { Selection } from './selection';

/** A cell's content: the column's render, else its value (or the row's field `key`) as text; empty → '-'. */
export const cellContent = <T,>(column: ColumnDef<T>, row: T): ReactNode =>
  column.render
    ? orEmpty(column.render(row))
    : displayValue(column.value ? column.value(row) : (row as Record<string, unknown>)[column.key]);

/** Marks the selection checkbox, whose own clicks must not be handled twice. */
const SELECT_CONTROL = 'data-select-control';
/** Props for the root of a selection checkbox inside a clickable row or card. */
export const selectControlProps = { 'data-select-control': '' } as const;
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/** Whether a click landed on a control inside `container` (a link, button, ...) that handles it itself. */
const onInnerControl = (event: MouseEvent<HTMLElement>) => {
  const target = event.target as HTMLElement;
  const control = target.closest(INTERACTIVE);
  return Boolean(control && control !== event.currentTarget && event.currentTarget.contains(control));
};

/** Whether the user was selecting text rather than clicking. */
const selectingText = () => (window.getSelection?.()?.toString() ?? '') !== '';

/**
 * The pointer and keyboard behaviour shared by table rows and grid cards: outside selection mode a click
 * or Enter opens the record (clicks on inner links and buttons are left to them); in selection mode a
 * click anywhere, Enter or Space toggles it and inner links do not navigate.
 */
export const useRecordActivation = <T,>(opts: {
  selection?: Selection;
  onOpen?: (row: T) => void;
  getId: (row: T) => string;
}) => {
  const selecting = Boolean(opts.selection?.mode);
  const activate = (row: T) => {
    if (selecting) opts.selection!.toggle(opts.getId(row));
    else opts.onOpen?.(row);
  };
  const interactive = selecting || Boolean(opts.onOpen);
  return {
    interactive,
    selecting,
    props: (row: T) =>
      interactive
        ? {
            tabIndex: 0,
            className: 'mantine-focus-auto',
            onClickCapture: (e: MouseEvent<HTMLElement>) => {
              if (!selecting) return;
              if ((e.target as HTMLElement).closest(`[${SELECT_CONTROL}]`)) return;
              e.preventDefault();
              e.stopPropagation();
              activate(row);
            },
            onClick: (e: MouseEvent<HTMLElement>) => {
              if (selecting || onInnerControl(e) || selectingText()) return;
              activate(row);
            },
            onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
              if (e.target !== e.currentTarget) return;
              if (e.key === 'Enter' || (selecting && e.key === ' ')) {
                e.preventDefault();
                activate(row);
              }
            },
          }
        : {},
  };
};

export type RecordTableProps<T> = {
  rows: readonly T[];
  /** The columns to show, in order (e.g. `useColumnArrangement(...).visibleColumns`). */
  columns: readonly ColumnDef<T>[];
  getId: (row: T) => string;
  /** A short name of the row for labels ('Select <label>'), e.g. the title. */
  getLabel: (row: T) => string;
  /** Opens a record (row click or Enter) outside selection mode. */
  onOpen?: (row: T) => void;
  selection?: Selection;
  /** The table's accessible name, e.g. 'Tasks'. */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing (default 640 px). */
  minWidth?: number;
  /** Extra props per row, e.g. a dimmed style for deleted records. */
  rowStyle?: (row: T) => CSSProperties | undefined;
};

/**
 * The list layout of a record list: a table of the visible columns, scrolling sideways on narrow
 * screens. Rows are focusable; Enter or a click opens the record. In selection mode a checkbox column
 * and a 'Select all on this page' header checkbox appear, and a row click toggles the row.
 */
export const RecordTable = <T,>({
  rows,
  columns,
  getId,
  getLabel,
  onOpen,
  selection,
  label,
  minWidth = 640,
  rowStyle,
}: RecordTableProps<T>) => {
  const activation = useRecordActivation({ selection, onOpen, getId });
  const selecting = activation.selecting && selection;
  const pageIds = rows.map(getId);
  const selectedOnPage = selecting ? pageIds.filter((id) => selection.isSelected(id)).length : 0;
  const allSelected = pageIds.length > 0 && selectedOnPage === pageIds.length;

  if (columns.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        Every column is hidden. Use Columns to show some.
      </Text>
    );

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        highlightOnHover={activation.interactive}
        verticalSpacing="sm"
        aria-label={label}
        striped={false}
        withTableBorder
      >
        <Table.Thead>
          <Table.Tr>
            {selecting && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label="Select all on this page"
                  checked={allSelected}
                  indeterminate={selectedOnPage > 0 && !allSelected}
                  onChange={() => selection.setMany(pageIds, !allSelected)}
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width} style={{ whiteSpace: 'nowrap' }}>
                {/* A cell's width alone does not stop the table algorithm from narrowing it. */}
                {typeof c.width === 'number' ? <div style={{ minWidth: c.width }}>{c.label}</div> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = getId(row);
            const checked = Boolean(selecting && selection.isSelected(id));
            return (
              <Table.Tr
                key={id}
                {...activation.props(row)}
                data-selected={checked || undefined}
                style={{
                  cursor: activation.interactive ? 'pointer' : undefined,
                  outlineOffset: -2,
                  background: checked ? 'var(--mantine-primary-color-light)' : undefined,
                  ...rowStyle?.(row),
                }}
              >
                {selecting && (
                  <Table.Td>
                    <Checkbox
                      wrapperProps={selectControlProps}
                      aria-label={`Select ${getLabel(row)}`}
                      checked={checked}
                      onChange={(e) => selection.toggle(id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  // break-word, not anywhere: 'anywhere' lowers a column's minimum width to one letter, so
                  // the table squeezed columns and split words ('Administrato / r'); now a cell breaks
                  // between words and the table scrolls sideways below its minimum width.
                  <Table.Td key={c.key} style={{ overflowWrap: 'break-word' }}>
                    {cellContent(c, row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
