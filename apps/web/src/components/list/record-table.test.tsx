import { Card, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnDef } from './columns';
import { RecordGrid } from './record-grid';
import { RecordTable } from './record-table';
import { type Selection, useSelection } from './selection';

afterEach(cleanup);

type Task = {
  _id: string;
  title: string;
  status: string | null;
  tags: string[];
  createdBy: { name: string } | null;
  done: boolean;
};

const ROWS: Task[] = [
  {
    _id: 't1',
    title: 'Call Asha',
    status: 'Pending',
    tags: ['a', 'b'],
    createdBy: { name: 'Ravi' },
    done: true,
  },
  { _id: 't2', title: 'Send quote', status: null, tags: [], createdBy: null, done: false },
];
const COLUMNS: ColumnDef<Task>[] = [
  { key: 'title', label: 'Title', render: (t) => <Link to={`/hrm/tasks/${t._id}`}>{t.title}</Link> },
  { key: 'status', label: 'Status' },
  { key: 'tags', label: 'Tags' },
  { key: 'createdBy', label: 'Created By' },
  { key: 'done', label: 'Done', value: (t) => t.done },
  { key: 'empty', label: 'Note', render: () => null },
];

let path = '';
const Where = () => {
  path = useLocation().pathname;
  return null;
};

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/hrm/tasks']}>
        <Where />
        {ui}
      </MemoryRouter>
    </MantineProvider>,
  );

const WithSelection = ({
  onOpen,
  children,
}: {
  onOpen: (t: Task) => void;
  children: (selection: Selection, onOpen: (t: Task) => void) => ReactNode;
}) => {
  const selection = useSelection();
  return (
    <>
      <button type="button" onClick={() => selection.setMode(!selection.mode)}>
        mode
      </button>
      <output>{selection.ids.join(',')}</output>
      {children(selection, onOpen)}
    </>
  );
};

const tableHarness = (onOpen: (t: Task) => void) =>
  wrap(
    <WithSelection onOpen={onOpen}>
      {(selection) => (
        <RecordTable
          label="Tasks"
          rows={ROWS}
          columns={COLUMNS}
          getId={(t) => t._id}
          getLabel={(t) => t.title}
          onOpen={onOpen}
          selection={selection}
        />
      )}
    </WithSelection>,
  );

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const selected = () => screen.getByRole('status').textContent;

describe('RecordTable', () => {
  it('shows the columns in order and "-" for empty cells', () => {
    tableHarness(vi.fn());
    expect(screen.getByRole('table', { name: 'Tasks' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Title',
      'Status',
      'Tags',
      'Created By',
      'Done',
      'Note',
    ]);
    const cells = (text: string) =>
      within(rowOf(text))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Call Asha')).toEqual(['Call Asha', 'Pending', 'a, b', 'Ravi', 'Yes', '-']);
    expect(cells('Send quote')).toEqual(['Send quote', '-', '-', '-', 'No', '-']);
  });

  it('opens a row on click or Enter; inner links keep their own behaviour', () => {
    const onOpen = vi.fn();
    tableHarness(onOpen);
    const row = rowOf('Send quote');
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
    fireEvent.click(within(row).getAllByRole('cell')[1]!);
    expect(onOpen).toHaveBeenCalledTimes(2);
    // Space does not open outside selection mode.
    fireEvent.keyDown(row, { key: ' ' });
    expect(onOpen).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('link', { name: 'Call Asha' }));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(path).toBe('/hrm/tasks/t1');
  });

  it('in selection mode shows checkboxes and a row click toggles instead of opening', () => {
    const onOpen = vi.fn();
    tableHarness(onOpen);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'mode' }));

    const first = screen.getByRole('checkbox', { name: 'Select Call Asha' }) as HTMLInputElement;
    fireEvent.click(within(rowOf('Call Asha')).getAllByRole('cell')[2]!);
    expect(first.checked).toBe(true);
    expect(selected()).toBe('t1');
    // A link inside the row toggles too and does not navigate.
    fireEvent.click(screen.getByRole('link', { name: 'Call Asha' }));
    expect(first.checked).toBe(false);
    expect(path).toBe('/hrm/tasks');
    // The checkbox itself, Enter and Space.
    fireEvent.click(first);
    expect(selected()).toBe('t1');
    fireEvent.keyDown(rowOf('Send quote'), { key: ' ' });
    expect(selected()).toBe('t1,t2');
    fireEvent.keyDown(rowOf('Send quote'), { key: 'Enter' });
    expect(selected()).toBe('t1');
    expect(onOpen).not.toHaveBeenCalled();

    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(selected()).toBe('t1,t2');
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(selected()).toBe('');
  });
});

describe('RecordGrid', () => {
  const gridHarness = (onOpen?: (t: Task) => void) =>
    wrap(
      <WithSelection onOpen={onOpen ?? vi.fn()}>
        {(selection) => (
          <RecordGrid
            label="Tasks"
            rows={ROWS}
            getId={(t) => t._id}
            getLabel={(t) => t.title}
            onOpen={onOpen}
            selection={selection}
            renderCard={(t) => (
              <Card withBorder>
                <Link to={`/hrm/tasks/${t._id}`}>{t.title}</Link>
                <span>{t.status}</span>
              </Card>
            )}
          />
        )}
      </WithSelection>,
    );

  it('renders a card per record; links work outside selection mode', () => {
    gridHarness();
    const items = within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Send quote' }));
    expect(path).toBe('/hrm/tasks/t2');
  });

  it('opens a card with onOpen on click or Enter', () => {
    const onOpen = vi.fn();
    gridHarness(onOpen);
    fireEvent.click(screen.getByText('Pending'));
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[0]);
    const second = screen.getAllByRole('listitem')[1]!;
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
  });

  it('in selection mode each card has a checkbox and a click toggles it', () => {
    const onOpen = vi.fn();
    gridHarness(onOpen);
    fireEvent.click(screen.getByRole('button', { name: 'mode' }));
    const box = screen.getByRole('checkbox', { name: 'Select Send quote' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('link', { name: 'Send quote' }));
    expect(box.checked).toBe(true);
    expect(path).toBe('/hrm/tasks');
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText('Pending'));
    expect(selected()).toBe('t1');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
