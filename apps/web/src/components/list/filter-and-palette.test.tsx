import { MantineProvider, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterDrawer } from './filter-drawer';
import { useListParams } from './list-params';
import { useSearchPaletteHotkey } from './search-palette';
import { SearchPalette } from './search-palette-dialog';

afterEach(cleanup);

const Providers = ({ children, url = '/x' }: { children: ReactNode; url?: string }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </MantineProvider>
  </QueryClientProvider>
);

let seen = { search: '', hash: '' };
const Where = () => {
  const l = useLocation();
  seen = { search: l.search, hash: l.hash };
  return null;
};

const Filters = () => {
  const list = useListParams('testLimit');
  return (
    <>
      <Where />
      <FilterDrawer list={list}>
        {(draft) => (
          <TextInput
            label="Name"
            value={typeof draft.values.name === 'string' ? draft.values.name : ''}
            onChange={(e) => draft.set('name', e.currentTarget.value)}
          />
        )}
      </FilterDrawer>
    </>
  );
};

describe('FilterDrawer', () => {
  it('is open on #filter, applies the draft to the URL and removes the hash', async () => {
    render(
      <Providers url="/x?page=3&filters[email]=a#filter">
        <Filters />
      </Providers>,
    );
    const input = await screen.findByLabelText('Name');
    fireEvent.change(input, { target: { value: 'ravi' } });
    // Nothing is applied while typing in the draft.
    expect(seen.search).not.toContain('ravi');
    fireEvent.click(screen.getByRole('button', { name: 'Apply', hidden: true }));
    await waitFor(() => expect(seen.hash).toBe(''));
    const params = new URLSearchParams(seen.search);
    expect(params.get('filters[name]')).toBe('ravi');
    expect(params.get('filters[email]')).toBe('a');
    expect(params.get('page')).toBeNull();
  });

  it('Reset clears every filter and closes', async () => {
    render(
      <Providers url="/x?filters[email]=a&filters[name]=b#filter">
        <Filters />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reset', hidden: true }));
    await waitFor(() => expect(seen.hash).toBe(''));
    expect(seen.search).not.toContain('filters');
  });

  it('is closed without the hash', () => {
    render(
      <Providers url="/x">
        <Filters />
      </Providers>,
    );
    expect(screen.queryByLabelText('Name')).toBeNull();
  });
});

type Row = { id: string; name: string };

const Palette = ({
  search,
  onSelect,
}: {
  search: (q: string) => Promise<Row[]>;
  onSelect: (r: Row) => void;
}) => {
  const [open, setOpen] = useState(false);
  useSearchPaletteHotkey(() => setOpen(true));
  return (
    <SearchPalette<Row>
      opened={open}
      onClose={() => setOpen(false)}
      title="Search users"
      queryKey={(q) => ['test-palette', q]}
      search={(q) => search(q)}
      toItem={(r) => ({ id: r.id, label: r.name })}
      onSelect={onSelect}
      emptyText="No users found. Try a different search."
    />
  );
};

describe('SearchPalette', () => {
  it('opens on Ctrl+K, searches after typing stops, moves with arrows and opens with Enter', async () => {
    const rows = [
      { id: '1', name: 'Asha' },
      { id: '2', name: 'Ravi' },
      { id: '3', name: 'Sita' },
    ];
    const search = vi.fn(async (q: string) => rows.filter((r) => r.name.toLowerCase().includes(q)));
    const onSelect = vi.fn();
    render(
      <Providers>
        <Palette search={search} onSelect={onSelect} />
      </Providers>,
    );
    expect(screen.queryByRole('combobox', { hidden: true })).toBeNull();
    act(() => {
      fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    });
    const box = await screen.findByRole('combobox', { hidden: true });
    await waitFor(() => expect(screen.getByText('3 results')).toBeTruthy());
    fireEvent.change(box, { target: { value: 'a' } });
    // Debounced: one call for '' and then one for 'a' after 400 ms.
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('a'), { timeout: 2000 });
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(3));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    const options = screen.getAllByRole('option', { hidden: true });
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(rows[1]);
  });

  it('shows the empty text when nothing matches', async () => {
    render(
      <Providers>
        <Palette search={async () => []} onSelect={vi.fn()} />
      </Providers>,
    );
    act(() => {
      fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', metaKey: true });
    });
    await waitFor(() => expect(screen.getByText('No users found. Try a different search.')).toBeTruthy());
  });
});
