import { quickDateRange } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaginationBar } from './pagination-bar';
import { activeQuickDate, QuickDateChips } from './quick-date-chips';
import { SortMenu } from './sort-menu';

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

// Wednesday 2026-03-18, local time.
const NOW = new Date(2026, 2, 18, 15, 30);
const now = () => NOW;

describe('QuickDateChips', () => {
  it('sets the range of the chosen chip, with weeks starting on Monday', () => {
    const onChange = vi.fn();
    wrap(<QuickDateChips value={undefined} onChange={onChange} now={now} />);
    fireEvent.click(screen.getByLabelText('This Week'));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-16', end: '2026-03-22' });
    fireEvent.click(screen.getByLabelText('Today'));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-18', end: '2026-03-18' });
    fireEvent.click(screen.getByLabelText('Yesterday'));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-17', end: '2026-03-17' });
    fireEvent.click(screen.getByLabelText('This Month'));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-01', end: '2026-03-31' });
  });

  it('shows the active chip and clears the filter when it is chosen again', () => {
    const onChange = vi.fn();
    wrap(<QuickDateChips value={quickDateRange('Yesterday', NOW)} onChange={onChange} now={now} />);
    expect((screen.getByLabelText('Yesterday') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Today') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByLabelText('Yesterday'));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    // Choosing another chip replaces the range.
    fireEvent.click(screen.getByLabelText('Today'));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-18', end: '2026-03-18' });
  });

  it('marks no chip for a custom range', () => {
    expect(activeQuickDate({ start: '2026-03-01', end: '2026-03-05' }, NOW)).toBeUndefined();
    expect(activeQuickDate('x', NOW)).toBeUndefined();
    expect(activeQuickDate({ start: '2026-03-16', end: '2026-03-22' }, NOW)).toBe('This Week');
  });

  it('starts the week on Monday when today is Sunday', () => {
    const sunday = new Date(2026, 2, 22, 9);
    expect(quickDateRange('This Week', sunday)).toEqual({ start: '2026-03-16', end: '2026-03-22' });
  });
});

const OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Update Date' },
];

// In jsdom the dropdown has no layout, so Mantine marks it display:none (hideDetached); the items are
// still there and clickable, which is what these tests check.
const openMenu = async (name: RegExp | string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return waitFor(() => screen.getByRole('menu', { hidden: true }));
};

describe('SortMenu', () => {
  it('offers the fields and Clear, and sorts ascending by a new field', async () => {
    const onChange = vi.fn();
    wrap(<SortMenu options={OPTIONS} sortOrder="desc" onChange={onChange} />);
    await openMenu('Sort');
    const items = screen.getAllByRole('menuitem', { hidden: true }).map((i) => i.textContent);
    expect(items).toEqual(['Name', 'Created Date', 'Update Date', 'Clear']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Created Date', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith('createdAt', 'asc');
  });

  it('shows the current sort and flips the direction when the same field is chosen', async () => {
    const onChange = vi.fn();
    const { rerender } = wrap(
      <SortMenu options={OPTIONS} sortBy="name" sortOrder="asc" onChange={onChange} />,
    );
    const button = screen.getByRole('button', { name: /Sorted by Name, ascending/ });
    expect(button.textContent).toContain('Name');
    await openMenu(/Sorted by Name/);
    fireEvent.click(screen.getByRole('menuitem', { name: /^Name/, hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith('name', 'desc');

    rerender(
      <MantineProvider>
        <SortMenu options={OPTIONS} sortBy="name" sortOrder="desc" onChange={onChange} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: /Sorted by Name, descending/ })).toBeTruthy();
    await openMenu(/Sorted by Name/);
    fireEvent.click(screen.getByRole('menuitem', { name: /^Name/, hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith('name', 'asc');
  });

  it('clears the sort', async () => {
    const onChange = vi.fn();
    wrap(<SortMenu options={OPTIONS} sortBy="updatedAt" sortOrder="desc" onChange={onChange} />);
    await openMenu(/Sorted by Update Date/);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Clear', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});

describe('PaginationBar', () => {
  it('shows the range and ceil(total / limit) pages', () => {
    const onPage = vi.fn();
    wrap(<PaginationBar page={2} limit={20} total={45} onPageChange={onPage} onLimitChange={vi.fn()} />);
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('shows 0–0 of 0 for an empty list', () => {
    wrap(<PaginationBar page={1} limit={20} total={0} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
  });

  it('shows a page size from the URL that is not one of its choices, as chosen (issue 22)', () => {
    wrap(<PaginationBar page={1} limit={100} total={239} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(select.value).toBe('100');
    expect([...select.options].map((o) => o.value)).toEqual(['20', '30', '40', '50', '100']);
    expect(screen.getByText('1–100 of 239')).toBeTruthy();
  });
});
