import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ColumnArrangementDialog } from './column-dialog';
import { ColumnArrangementButton, type ColumnDef, mergeArrangement, useColumnArrangement } from './columns';
import { RecordTable } from './record-table';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

type Task = { _id: string; title: string; status: string; priority: string; assignedTo: string[] };

const COLUMNS: ColumnDef<Task>[] = [
  { key: 'title', label: 'Title' },
  { key: 'status', label: 'Status' },
  { key: 'priority', label: 'Priority' },
  { key: 'assignedTo', label: 'Assigned To', defaultHidden: true },
];
const ROWS: Task[] = [{ _id: '1', title: 'Call Asha', status: 'Pending', priority: 'High', assignedTo: [] }];
const KEY = 'taskFields';

let hash = '';
const Harness = ({ columns = COLUMNS }: { columns?: ColumnDef<Task>[] }) => {
  hash = useLocation().hash;
  const arrangement = useColumnArrangement(KEY, columns);
  return (
    <>
      <ColumnArrangementButton />
      <RecordTable
        label="Tasks"
        rows={ROWS}
        columns={arrangement.visibleColumns}
        getId={(t) => t._id}
        getLabel={(t) => t.title}
      />
      <ColumnArrangementDialog columns={arrangement} />
    </>
  );
};

const renderAt = (url = '/hrm/tasks', columns?: ColumnDef<Task>[]) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Harness columns={columns} />
      </MemoryRouter>
    </MantineProvider>,
  );

const headers = () => screen.queryAllByRole('columnheader').map((h) => h.textContent);
const dialogRows = () =>
  within(screen.getByRole('list', { name: 'Columns', hidden: true }))
    .getAllByRole('listitem', { hidden: true })
    .map((li) => li.textContent);
const button = (name: string) => screen.getByRole('button', { name, hidden: true });
const checkbox = (name: string) => screen.getByRole('checkbox', { name, hidden: true }) as HTMLInputElement;

describe('Column arrangement', () => {
  it('opens on #field-arrangement from the Columns button and closes by removing the hash', async () => {
    renderAt();
    expect(screen.queryByText('Column Arrangement')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(hash).toBe('#field-arrangement');
    const dialog = await screen.findByRole('dialog', { name: 'Column Arrangement', hidden: true });
    expect(dialogRows()).toEqual(['Title', 'Status', 'Priority', 'Assigned To']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(hash).toBe(''));
  });

  it('shows the default columns, hidden-by-default ones left out', () => {
    renderAt();
    expect(headers()).toEqual(['Title', 'Status', 'Priority']);
  });

  it('moves columns up and down with the buttons and the table follows at once', async () => {
    renderAt('/hrm/tasks#field-arrangement');
    await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(button('Move Priority up'));
    expect(dialogRows()).toEqual(['Title', 'Priority', 'Status', 'Assigned To']);
    expect(headers()).toEqual(['Title', 'Priority', 'Status']);
    fireEvent.click(button('Move Title down'));
    expect(headers()).toEqual(['Priority', 'Title', 'Status']);
    // At the ends the move does nothing (the button stays focusable but is marked disabled).
    expect(button('Move Priority up').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button('Move Priority up'));
    expect(headers()).toEqual(['Priority', 'Title', 'Status']);
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('Title moved to position 2 of 4');
  });

  it('reorders by drag and drop', async () => {
    renderAt('/hrm/tasks#field-arrangement');
    await screen.findByRole('dialog', { hidden: true });
    const items = within(screen.getByRole('list', { name: 'Columns', hidden: true })).getAllByRole(
      'listitem',
      {
        hidden: true,
      },
    );
    fireEvent.dragStart(items[2]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    expect(dialogRows()).toEqual(['Priority', 'Title', 'Status', 'Assigned To']);
  });

  it('hides and shows columns, All visible, All hidden and Reset', async () => {
    renderAt('/hrm/tasks#field-arrangement');
    await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(checkbox('Status'));
    expect(headers()).toEqual(['Title', 'Priority']);
    fireEvent.click(checkbox('Assigned To'));
    expect(headers()).toEqual(['Title', 'Priority', 'Assigned To']);
    // An empty cell shows '-'.
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Call Asha', 'High', '-']);

    fireEvent.click(button('All hidden'));
    expect(headers()).toEqual([]);
    expect(screen.getByText('Every column is hidden. Use Columns to show some.')).toBeTruthy();
    fireEvent.click(button('All visible'));
    expect(headers()).toEqual(['Title', 'Status', 'Priority', 'Assigned To']);

    fireEvent.click(button('Move Status down'));
    fireEvent.click(button('Reset'));
    expect(headers()).toEqual(['Title', 'Status', 'Priority']);
    expect(checkbox('Assigned To').checked).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('remembers the arrangement after a remount', async () => {
    const first = renderAt('/hrm/tasks#field-arrangement');
    await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(button('Move Status up'));
    fireEvent.click(checkbox('Priority'));
    fireEvent.click(checkbox('Assigned To'));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual([
      { key: 'status', visible: true },
      { key: 'title', visible: true },
      { key: 'priority', visible: false },
      { key: 'assignedTo', visible: true },
    ]);
    first.unmount();

    renderAt('/hrm/tasks');
    expect(headers()).toEqual(['Status', 'Title', 'Assigned To']);
  });

  it('ignores stale stored keys and puts new columns in their default place', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { key: 'removedColumn', visible: true },
        { key: 'priority', visible: true },
        'junk',
        { key: 'title', visible: 'yes' },
        { key: 'status', visible: false },
        { key: 'priority', visible: false },
      ]),
    );
    renderAt();
    // title (malformed entry) and assignedTo (unknown to the stored value) come back in their default
    // place: right after the column that precedes them by default.
    expect(headers()).toEqual(['Title', 'Priority']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await screen.findByRole('dialog', { hidden: true });
    expect(dialogRows()).toEqual(['Title', 'Priority', 'Assigned To', 'Status']);
  });

  it('mergeArrangement falls back to the defaults for anything but a list', () => {
    const defaults = [
      { key: 'a', visible: true },
      { key: 'b', visible: false },
    ];
    const cols = [{ key: 'a' }, { key: 'b', defaultHidden: true }];
    expect(mergeArrangement(undefined, cols)).toEqual(defaults);
    expect(mergeArrangement({ a: true }, cols)).toEqual(defaults);
    expect(mergeArrangement([{ key: 'b', visible: true }], cols)).toEqual([
      { key: 'a', visible: true },
      { key: 'b', visible: true },
    ]);
  });
});
