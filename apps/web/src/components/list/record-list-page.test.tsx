import { defineList, LIFECYCLE_FILTERS, type ListPage, type ListQuery } from '@karya/domain';
import { Checkbox, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import type { ColumnDef } from './columns';
import { type BulkLifecycle, RecordListPage, type RecordListPageProps } from './record-list-page';

/** A made-up record type, declared the way a feature's list page declares itself. */
type Widget = typeof recordStamps & { _id: string; name: string; colour: string };
type WidgetsPage = ListPage<'widgets', Widget>;

const widget = (n: number, name: string, colour = 'Blue'): Widget => ({
  ...recordStamps,
  _id: String(n).repeat(24),
  name,
  colour,
});
const ROWS = [widget(1, 'Anchor bolt'), widget(2, 'Bracket', 'Red')];

const spec = defineList({
  filters: { name: 'text', ...LIFECYCLE_FILTERS },
  sortFields: ['name', 'createdAt'],
});

const COLUMNS: readonly ColumnDef<Widget>[] = [
  { key: 'name', label: 'Name' },
  { key: 'colour', label: 'Colour' },
];

/** What the fake list answers, and the queries it was asked. */
const server: { rows: Widget[]; fail: boolean; queries: ListQuery[]; many?: number } = {
  rows: ROWS,
  fail: false,
  queries: [],
};
const useWidgetsList = (query: ListQuery) =>
  useQuery({
    queryKey: ['widgets', query],
    queryFn: async (): Promise<WidgetsPage> => {
      server.queries.push(query);
      if (server.fail) throw new Error('The widget shelf is closed');
      // `many`: more rows match than the server's bound, which it counts only when asked (decision 0021).
      const count = server.many ?? server.rows.length;
      const exact = server.many === undefined || query.count === 'exact';
      return {
        widgets: server.rows,
        widgetsCount: exact ? count : 10_001,
        countExact: exact,
        page: query.page,
        limit: query.limit,
      };
    },
  });

let permissions: string[] = [];
stubNetwork(() => meWith({ widget: permissions }));

const show = (
  overrides: Partial<RecordListPageProps<'widgets', Widget>> = {},
  { path = '/stock/widgets', actions = ['read'] }: { path?: string; actions?: string[] } = {},
) => {
  permissions = actions;
  server.queries = [];
  return render(
    <Wrap path={path} signedIn routes={[{ path: '/stock/widgets/:id', element: <p>Widget page</p> }]}>
      <RecordListPage<'widgets', Widget>
        resource="widget"
        title="Widgets"
        plural="widgets"
        spec={spec}
        useList={useWidgetsList}
        storage={{
          limit: 'widgetLimit',
          filters: 'widgetFilters',
          fields: 'widgetFields',
          layout: 'widgetLayout',
        }}
        getId={(w) => w._id}
        getLabel={(w) => w.name}
        href={(id) => `/stock/widgets/${id}`}
        card={(w) => (
          <article aria-label={w.name}>
            {w.name} · {w.colour}
          </article>
        )}
        sortOptions={[{ value: 'name', label: 'Name' }]}
        filters={{
          title: 'Filter Widgets',
          fields: ({ draft, canSeeDeleted }) => (
            <>
              <input aria-label="Name" onChange={(e) => draft.set('name', e.currentTarget.value)} />
              {canSeeDeleted && (
                <Checkbox
                  label="Deleted"
                  checked={draft.values.isDeleted === true}
                  onChange={(e) => draft.set('isDeleted', e.currentTarget.checked || undefined)}
                />
              )}
            </>
          ),
        }}
        emptyText="No widgets found"
        {...overrides}
      />
    </Wrap>,
  );
};

const bulkCalls = () =>
  ({
    running: false,
    bulkRemove: vi.fn(async (_ids: string[]) => true),
    bulkRestore: vi.fn(async (_ids: string[]) => true),
    bulkRemovePermanently: vi.fn(async (_ids: string[]) => true),
  }) satisfies BulkLifecycle;

describe('RecordListPage', () => {
  it('a count past the bound says "10,000+", and Count all asks the server for the exact count', async () => {
    server.rows = ROWS;
    server.fail = false;
    server.many = 123_456;
    try {
      show();
      expect(await screen.findByText('10,000+ widgets found')).toBeTruthy();
      expect(screen.getByText('1–20 of 10,000+')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Count all' }));
      expect(await screen.findByText('1,23,456 widgets found')).toBeTruthy();
      expect(server.queries.at(-1)?.count).toBe('exact');
      expect(screen.queryByRole('button', { name: 'Count all' })).toBeNull();
      // Pages: as many as the exact count makes.
      expect(screen.getByRole('button', { name: 'Page 6173' })).toBeTruthy();
    } finally {
      server.many = undefined;
    }
  });

  it('shows the declared title, cards, count and pagination, and a card opens its record', async () => {
    server.rows = ROWS;
    server.fail = false;
    show();
    expect(await screen.findByRole('article', { name: 'Bracket' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Widgets' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Widgets' })).toBeTruthy();
    expect(screen.getByText('2 widgets found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open filters' })).toBeTruthy();
    // The page size comes from its storage key's default (20), no layout toggle without a table.
    expect(server.queries[0]!.limit).toBe(20);
    expect(screen.queryByRole('group', { name: 'Layout' })).toBeNull();
    // No create, bulk or search permission: none of them shows.
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Search/ })).toBeNull();
    fireEvent.click(screen.getByText('Bracket · Red'));
    await waitFor(() => expect(where.pathname).toBe(`/stock/widgets/${'2'.repeat(24)}`));
  });

  it('leaves clicks to a card that links by itself', async () => {
    server.rows = ROWS;
    show({ cardLinks: true });
    fireEvent.click(await screen.findByText('Bracket · Red'));
    expect(where.pathname).toBe('/stock/widgets');
  });

  it("shows the list's empty text, and an error with Retry that loads again", async () => {
    server.rows = [];
    show();
    expect(await screen.findByText('No widgets found')).toBeTruthy();
    expect(screen.getByText('0 widgets found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
  });

  it('offers Retry after a failed load', async () => {
    server.rows = ROWS;
    server.fail = true;
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load');
    server.fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Anchor bolt' })).toBeTruthy();
  });

  it('renders the chips and quick dates, which set filters in the URL and storage', async () => {
    server.rows = ROWS;
    show({
      chips: (list) => (
        <button type="button" onClick={() => list.setFilter('name', 'bolt')}>
          Bolts only
        </button>
      ),
      quickDates: { filter: 'createdAt', label: 'Created' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bolts only' }));
    await waitFor(() => expect(server.queries.at(-1)?.filters).toEqual({ name: 'bolt' }));
    expect(localStorage.getItem('widgetFilters')).toBe(JSON.stringify({ name: 'bolt' }));
    expect(screen.getByRole('group', { name: /Created/ })).toBeTruthy();
  });

  it('switches to a table of the declared columns, with the column dialog and the phone menu', async () => {
    server.rows = ROWS;
    show({ table: { columns: COLUMNS, defaultLayout: 'grid' } });
    await screen.findByRole('article', { name: 'Bracket' });
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    const table = await screen.findByRole('table', { name: 'Widgets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Colour']);
    expect(localStorage.getItem('widgetLayout')).toBe('"list"');
    fireEvent.click(within(table).getByRole('row', { name: /Anchor bolt/ }));
    await waitFor(() => expect(where.pathname).toBe(`/stock/widgets/${'1'.repeat(24)}`));
  });

  it('opens the column arrangement from the More options menu', async () => {
    server.rows = ROWS;
    show({ table: { columns: COLUMNS } });
    await screen.findByText('2 widgets found');
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Column Arrangement' }));
    expect(await screen.findByRole('dialog', { name: 'Column Arrangement' })).toBeTruthy();
    expect(where.hash).toBe('#field-arrangement');
  });

  it('shows a create link with create on the resource', async () => {
    server.rows = ROWS;
    show(
      { create: { label: 'Create Widget', to: '/stock/widgets/create' } },
      { actions: ['read', 'create'] },
    );
    const link = await screen.findByRole('link', { name: 'Create Widget' });
    expect(link.getAttribute('href')).toBe('/stock/widgets/create');
  });

  it('opens a hash modal from the floating create button, with room kept below the list', async () => {
    server.rows = ROWS;
    const { container } = show(
      {
        create: {
          label: 'Create widget',
          hash: '#create-widget',
          modal: ({ opened, onClose }) => (
            <Modal opened={opened} onClose={onClose} title="New Widget">
              form
            </Modal>
          ),
        },
      },
      { actions: ['read', 'create'] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create widget' }));
    expect(await screen.findByRole('dialog', { name: 'New Widget' })).toBeTruthy();
    expect(where.hash).toBe('#create-widget');
    const clearance = container.querySelector<HTMLElement>('[data-testid="create-button-clearance"]');
    expect(clearance).toBeTruthy();
  });

  it('offers a floating create menu, each entry by its own action, a modal entry under its hash', async () => {
    server.rows = ROWS;
    const menu = {
      label: 'Create',
      menu: [
        { label: 'Create Widget', to: '/stock/widgets/create' },
        {
          label: 'Create Many Widgets',
          needs: 'bulk-create',
          hash: '#bulk-create',
          modal: ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
            <Modal opened={opened} onClose={onClose} title="Many Widgets">
              queue
            </Modal>
          ),
        },
      ],
    };
    const first = show({ create: menu }, { actions: ['read', 'create'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('menuitem', { name: 'Create Widget' })).getAttribute('href')).toBe(
      '/stock/widgets/create',
    );
    // Without bulk-create its entry is not offered.
    expect(screen.queryByRole('menuitem', { name: 'Create Many Widgets' })).toBeNull();
    first.unmount();

    const { container } = show({ create: menu }, { actions: ['read', 'bulk-create'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(screen.queryByRole('menuitem', { name: 'Create Widget' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create Many Widgets' }));
    expect(await screen.findByRole('dialog', { name: 'Many Widgets' })).toBeTruthy();
    expect(where.hash).toBe('#bulk-create');
    expect(container.querySelector('[data-testid="create-button-clearance"]')).toBeTruthy();
  });

  it('shows no create menu when no entry is allowed', async () => {
    server.rows = ROWS;
    show({ create: { label: 'Create', menu: [{ label: 'Create Widget', to: '/stock/widgets/create' }] } });
    await screen.findByText('2 widgets found');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });

  it('hides every create button without create', async () => {
    server.rows = ROWS;
    show({ create: { label: 'Create Widget', to: '/stock/widgets/create' } });
    await screen.findByText('2 widgets found');
    expect(screen.queryByRole('link', { name: 'Create Widget' })).toBeNull();
  });

  it('searches from the Ctrl+K palette with suggestion on the resource and opens the result', async () => {
    server.rows = ROWS;
    const search = vi.fn(async () => [{ _id: 'c'.repeat(24), name: 'Clamp' }]);
    const palette = {
      title: 'Search widgets',
      placeholder: 'Type a name...',
      queryKey: (text: string) => ['widgets', 'suggestion', text],
      search,
      toItem: (w: { _id: string; name: string }) => ({ id: w._id, label: w.name }),
      emptyText: 'No widgets match',
      loadingText: 'Searching widgets... Please wait.',
    };
    show({ search: palette as never }, { actions: ['read', 'suggestion'] });
    await screen.findByText('2 widgets found');
    expect(screen.getByRole('button', { name: /^Search/ })).toBeTruthy();
    fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search widgets' });
    fireEvent.change(input, { target: { value: 'Cla' } });
    // Until the answer is in, the palette says it is searching.
    expect(screen.getByText('Searching widgets... Please wait.')).toBeTruthy();
    await screen.findByText('Clamp', undefined, { timeout: 3000 });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(where.pathname).toBe(`/stock/widgets/${'c'.repeat(24)}`));
  });

  it('has no palette without suggestion, unless the search reads through the list', async () => {
    server.rows = ROWS;
    const palette = {
      title: 'Search widgets',
      placeholder: 'Type a name...',
      queryKey: (text: string) => ['widgets', 'search', text],
      search: async () => [],
      toItem: (w: Widget) => ({ id: w._id, label: w.name }),
      emptyText: 'No widgets match',
    };
    const first = show({ search: palette });
    await screen.findByText('2 widgets found');
    fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });
    expect(screen.queryByRole('combobox', { name: 'Search widgets' })).toBeNull();
    first.unmount();
    show({ search: { ...palette, needs: 'read' } });
    expect(await screen.findByRole('button', { name: /^Search/ })).toBeTruthy();
  });

  it('offers Delete on live records by bulk-delete, and clears the selection after it', async () => {
    server.rows = ROWS;
    const bulk = bulkCalls();
    show({ bulk }, { actions: ['read', 'bulk-delete', 'bulk-restore', 'bulk-delete-permanently'] });
    await screen.findByRole('article', { name: 'Bracket' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bar.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(bar.queryByRole('button', { name: 'Delete Permanently' })).toBeNull();
    expect(bar.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bracket' }));
    fireEvent.click(bar.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bulk.bulkRemove).toHaveBeenCalledWith(['2'.repeat(24)]));
    await waitFor(() => expect(bar.getByText('0 selected')).toBeTruthy());
  });

  it('offers Restore and Delete Permanently under the Deleted filter, each by its permission', async () => {
    server.rows = ROWS.map((r) => ({ ...r, isDeleted: true }));
    const bulk = bulkCalls();
    show({ bulk }, { path: '/stock/widgets?filters[isDeleted]=true', actions: ['read', 'bulk-restore'] });
    expect(await screen.findByText('Deleted widgets')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bar.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(bar.queryByRole('button', { name: 'Delete Permanently' })).toBeNull();
    fireEvent.click(bar.getByRole('button', { name: 'Select all on this page' }));
    fireEvent.click(bar.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(bulk.bulkRestore).toHaveBeenCalledWith(['1'.repeat(24), '2'.repeat(24)]));
  });

  it('shows Delete Permanently with bulk-delete-permanently, and no selection without a bulk call', async () => {
    server.rows = ROWS.map((r) => ({ ...r, isDeleted: true }));
    const bulk = bulkCalls();
    const first = show(
      { bulk },
      { path: '/stock/widgets?filters[isDeleted]=true', actions: ['read', 'bulk-delete-permanently'] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Anchor bolt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() => expect(bulk.bulkRemovePermanently).toHaveBeenCalledWith(['1'.repeat(24)]));
    first.unmount();
    // Permission alone is not enough: a record type without bulk calls has no selection.
    show({}, { actions: ['read', 'bulk-delete'] });
    await screen.findByText('2 widgets found');
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
  });

  it('tells the filter fields whether the Deleted filter may show (restore, or the declared actions)', async () => {
    server.rows = ROWS;
    const first = show({}, { path: '/stock/widgets#filter', actions: ['read', 'bulk-restore'] });
    const drawer = await screen.findByRole('dialog', { name: 'Filter Widgets' });
    expect(within(drawer).queryByRole('checkbox', { name: 'Deleted' })).toBeNull();
    first.unmount();
    show(
      { deletedFilterNeeds: ['restore', 'bulk-restore'] },
      { path: '/stock/widgets#filter', actions: ['read', 'bulk-restore'] },
    );
    const again = await screen.findByRole('dialog', { name: 'Filter Widgets' });
    fireEvent.click(await within(again).findByRole('checkbox', { name: 'Deleted' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.queries.at(-1)?.filters).toEqual({ isDeleted: true }));
    expect(await screen.findByText('Deleted widgets')).toBeTruthy();
  });
});
