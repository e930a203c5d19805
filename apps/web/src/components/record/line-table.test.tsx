import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LineColumn, LineTable } from './line-table';

afterEach(cleanup);

type Line = { id: string; name: string; quantity: number; note: string | null };
const LINES: Line[] = [
  { id: 'a', name: 'Cement 50 kg', quantity: 12, note: 'Deliver Monday' },
  { id: 'b', name: 'Steel rod', quantity: 3, note: null },
];

const show = (columns: readonly (LineColumn<Line> | false)[]) =>
  render(
    <MantineProvider>
      <LineTable label="Items Receipt" rows={LINES} getKey={(l) => l.id} columns={columns} />
    </MantineProvider>,
  );

const COLUMNS: LineColumn<Line>[] = [
  { key: 'item', label: 'Item', cell: (l) => l.name },
  { key: 'quantity', label: 'Quantity', align: 'right', cell: (l) => l.quantity },
  { key: 'note', label: 'Note', cell: (l) => l.note },
];

describe('LineTable', () => {
  it('names every column in its header, and each line carries every field under its label for its card', () => {
    show(COLUMNS);
    const table = screen.getByRole('table', { name: 'Items Receipt' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Quantity', 'Note']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ItemCement 50 kg', 'Quantity12', 'NoteDeliver Monday']);
    // An empty field still has its line on the card, showing '-'.
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ItemSteel rod', 'Quantity3', 'Note-']);
    // The labels in the cells are for the eye only: a screen reader has the column headers.
    for (const label of within(first!).getAllByText('Quantity'))
      expect(label.getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves out a column given as false, and gives a column of buttons no visible header or card label', () => {
    show([
      ...COLUMNS.slice(0, 1),
      false,
      {
        key: 'actions',
        label: 'Actions',
        actions: true,
        cell: (l) => <button type="button">Edit {l.name}</button>,
      },
    ]);
    const [header, first] = screen.getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader')).toHaveLength(2);
    expect(within(first!).getAllByRole('cell')[1]!.textContent).toBe('Edit Cement 50 kg');
  });
});
