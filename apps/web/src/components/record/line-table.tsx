import { Table, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { orEmpty } from '../list/display';
import classes from './line-table.module.css';

export type LineColumn<T> = {
  key: string;
  /** The column's header, and the field's label on a line's card. */
  label: string;
  cell: (row: T, index: number) => ReactNode;
  align?: 'right';
  /** A column of buttons (Edit, Remove): its header is for screen readers only, its card line unlabelled. */
  actions?: boolean;
};

/**
 * The lines of a record (a requirement's Items Receipt, a purchase's or sale's items, a stock's history):
 * a table at 600 px and wider, and below that, measured on the table's own box, one card per line listing
 * every field with its label (line-table.module.css), so that on a phone no column hides to the right.
 * Plain CSS (a container query): the same markup in the server's first paint and in the browser.
 *
 * ```tsx
 * <LineTable label="Items Receipt" rows={r.items} getKey={(l, i) => l.item?._id ?? i}
 *   columns={[{ key: 'qty', label: 'Quantity', align: 'right', cell: (l) => l.quantity }, ...]} />
 * ```
 */
export const LineTable = <T,>({
  rows,
  columns,
  getKey,
  label,
  labelledBy,
  minWidth = 560,
  rowStyle,
  withTableBorder,
}: {
  rows: readonly T[];
  /** The columns in order; `false` leaves one out (`sale && {...}`). */
  columns: readonly (LineColumn<T> | false)[];
  getKey: (row: T, index: number) => string | number;
  /** The table's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** At 600 px and wider, below this width the table scrolls sideways instead of squeezing. */
  minWidth?: number;
  rowStyle?: (row: T, index: number) => CSSProperties | undefined;
  withTableBorder?: boolean;
}) => {
  const shown = columns.filter((c): c is LineColumn<T> => Boolean(c));
  return (
    <div className={classes.frame}>
      <div className={classes.scroll}>
        <Table
          striped
          withTableBorder={withTableBorder}
          verticalSpacing="xs"
          aria-label={label}
          aria-labelledby={labelledBy}
          className={classes.table}
          style={{ '--line-table-min-width': `${minWidth}px` } as CSSProperties}
        >
          <Table.Thead>
            <Table.Tr>
              {shown.map((c) => (
                <Table.Th key={c.key} className={c.align === 'right' ? classes.right : undefined}>
                  {c.actions ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={getKey(row, i)} style={rowStyle?.(row, i)}>
                {shown.map((c) => (
                  <Table.Td
                    key={c.key}
                    className={[c.align === 'right' && classes.right, c.actions && classes.actions]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    {!c.actions && (
                      <span className={classes.label} aria-hidden="true">
                        {c.label}
                      </span>
                    )}
                    <div className={classes.value}>
                      {c.actions ? c.cell(row, i) : orEmpty(c.cell(row, i))}
                    </div>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
};
