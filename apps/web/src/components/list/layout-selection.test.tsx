import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LayoutToggle, useListLayout } from './layout';
import { BulkActionBar, SelectionModeToggle, useSelection } from './selection';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
};

describe('useListLayout', () => {
  afterEach(() => setWidth(1024));

  it('starts as list above 768 px and grid at or below', () => {
    setWidth(1024);
    expect(renderHook(() => useListLayout('customerLayout')).result.current[0]).toBe('list');
    setWidth(768);
    expect(renderHook(() => useListLayout('customerLayout')).result.current[0]).toBe('grid');
    setWidth(375);
    expect(renderHook(() => useListLayout('customerLayout')).result.current[0]).toBe('grid');
  });

  it('uses the fallback when given (tasks default to grid)', () => {
    setWidth(1280);
    expect(renderHook(() => useListLayout('taskLayout', 'grid')).result.current[0]).toBe('grid');
  });

  it('remembers the choice per key, whatever the width or fallback', () => {
    setWidth(1280);
    const r = renderHook(() => useListLayout('taskLayout', 'grid'));
    act(() => r.result.current[1]('list'));
    expect(r.result.current[0]).toBe('list');
    expect(localStorage.getItem('taskLayout')).toBe('"list"');
    r.unmount();
    expect(renderHook(() => useListLayout('taskLayout', 'grid')).result.current[0]).toBe('list');
    // Another list is separate; an unknown stored value is ignored.
    localStorage.setItem('customerLayout', '"table"');
    expect(renderHook(() => useListLayout('customerLayout')).result.current[0]).toBe('list');
  });

  it('LayoutToggle shows the pressed layout and switches', () => {
    const Harness = () => {
      const [layout, setLayout] = useListLayout('taskLayout', 'grid');
      return (
        <MantineProvider>
          <LayoutToggle value={layout} onChange={setLayout} />
          <output>{layout}</output>
        </MantineProvider>
      );
    };
    render(<Harness />);
    const list = screen.getByRole('button', { name: 'List view' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(list);
    expect(screen.getByRole('status').textContent).toBe('list');
    expect(list.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('useSelection', () => {
  it('toggles, selects many, clears and empties itself when the reset key changes', () => {
    const r = renderHook(({ key }) => useSelection(key), { initialProps: { key: { page: 1 } as unknown } });
    act(() => r.result.current.toggle('a'));
    act(() => r.result.current.toggle('b'));
    expect(r.result.current.ids).toEqual(['a', 'b']);
    act(() => r.result.current.toggle('a'));
    expect(r.result.current.ids).toEqual(['b']);
    act(() => r.result.current.setMany(['b', 'c', 'd'], true));
    expect(r.result.current.count).toBe(3);
    act(() => r.result.current.setMany(['c'], false));
    expect(r.result.current.isSelected('c')).toBe(false);
    act(() => r.result.current.clear());
    expect(r.result.current.count).toBe(0);

    act(() => r.result.current.setMany(['x', 'y'], true));
    // The same page again (a new but equal object) keeps the selection.
    r.rerender({ key: { page: 1 } });
    expect(r.result.current.count).toBe(2);
    r.rerender({ key: { page: 2 } });
    expect(r.result.current.count).toBe(0);
  });

  it('turning selection mode off clears the selection', () => {
    const r = renderHook(() => useSelection());
    act(() => r.result.current.setMode(true));
    act(() => r.result.current.toggle('a'));
    act(() => r.result.current.setMode(false));
    expect(r.result.current.mode).toBe(false);
    expect(r.result.current.count).toBe(0);
  });
});

describe('SelectionModeToggle and BulkActionBar', () => {
  const Harness = () => {
    const [page, setPage] = useState(1);
    const selection = useSelection(page);
    const pageIds = page === 1 ? ['1', '2', '3'] : ['4'];
    return (
      <MantineProvider>
        <SelectionModeToggle selection={selection} />
        <button type="button" onClick={() => selection.toggle(pageIds[0]!)}>
          pick first
        </button>
        <button type="button" onClick={() => setPage(2)}>
          next page
        </button>
        <BulkActionBar selection={selection} pageIds={pageIds}>
          {(ids) => (
            <button type="button" disabled={ids.length === 0}>
              Delete {ids.length}
            </button>
          )}
        </BulkActionBar>
      </MantineProvider>
    );
  };

  it('shows the bar only in selection mode, with the count, select all on the page and clear', () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Select' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Cancel selection' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeTruthy();
    expect(screen.getByText('0 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'pick first' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(screen.getByText('0 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});
