import { formatListCount } from '@karya/domain';
import { Badge, Button, Group, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { type ComponentType, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyPanel } from '../../lib/lazy-panel';
import { PageHeader } from '../page-header';
import { useCanFinish } from '../permissions/use-can-finish';
import {
  COLUMN_ARRANGEMENT_HASH,
  type ColumnArrangement,
  ColumnArrangementButton,
  useColumnArrangement,
} from './columns';
import { FloatingCreate } from './floating-create';
import { FILTER_HASH, useHashPanel } from './hash-panel';
import { LayoutToggle, useListLayout } from './layout';
import { ListHeaderActions } from './list-header-actions';
import { useListParams } from './list-params';
import { ListResults } from './list-results';
import { PaginationBar } from './pagination-bar';
import { useProgressiveRows } from './progressive-rows';
import { QuickDateChips } from './quick-date-chips';
import type { BulkLifecycle, RecordListPageProps } from './record-list-types';
import { type SearchPaletteProps, useSearchPaletteHotkey } from './search-palette';
import { BulkActionBar, SelectionModeToggle, useSelection } from './selection';
import { SortMenu } from './sort-menu';

export { FLOATING_BUTTON_CLEARANCE } from './floating-create';
export type * from './record-list-types';

const NO_COLUMNS: readonly never[] = [];

// What is not on screen at first paint is downloaded when first opened (issue 9 §1): the filter drawer
// (and, through the page's lazily loaded fields, the date pickers), the column dialog and the Ctrl+K palette.
const FilterDrawer = lazyPanel(() => import('./filter-drawer').then((m) => m.FilterDrawer));
const ColumnArrangementDialog = lazyPanel(() =>
  import('./column-dialog').then(
    (m) =>
      m.ColumnArrangementDialog as ComponentType<{ opened: boolean; columns: ColumnArrangement<unknown> }>,
  ),
);
const SearchPalette = lazyPanel(() =>
  import('./search-palette-dialog').then(
    (m) => m.SearchPalette as ComponentType<SearchPaletteProps<unknown>>,
  ),
);

/**
 * A record type's list page, put together from the kit (GUIDE convention 13, like react-admin's <List>):
 * the page declares its columns, card, filters, sort options, chips, search and texts; this owns the
 * header actions, chips row, toolbar, states, table or grid, selection and bulk bar, pagination, filter
 * drawer, column dialog, Ctrl+K palette, create button and the announced count.
 */
export const RecordListPage = <K extends string, T, S = T>(props: RecordListPageProps<K, T, S>) => {
  const { resource, plural, storage, table, search, create, bulk, filters } = props;
  const { can, canFinish } = useCanFinish();
  const navigate = useNavigate();
  const list = useListParams(storage.limit, { spec: props.spec, storeFiltersKey: storage.filters });
  // Count all (decision 0021): an exact count for the filters it was asked for; new filters count bounded.
  const filtersKey = JSON.stringify(list.query.filters);
  const [exactFor, setExactFor] = useState<string | undefined>(undefined);
  const query = props.useList(exactFor === filtersKey ? { ...list.query, count: 'exact' } : list.query);
  const columns = useColumnArrangement(storage.fields ?? `${plural}Fields`, table?.columns ?? NO_COLUMNS);
  const [storedLayout, setLayout] = useListLayout(storage.layout ?? `${plural}Layout`, table?.defaultLayout);
  const layout = table ? storedLayout : 'grid';
  const selection = useSelection(list.query);
  const filterPanel = useHashPanel(FILTER_HASH);
  const columnsPanel = useHashPanel(COLUMN_ARRANGEMENT_HASH);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  const canSearch = Boolean(search) && can(resource, search?.needs ?? 'suggestion');
  useSearchPaletteHotkey(openPalette, canSearch);

  const holdsCreate = Boolean(create) && !(create && 'menu' in create) && can(resource, 'create');
  // Held but not finishable (its form's pickers need permissions the user lacks, issue 23): the header
  // shows a greyed button that says what is missing and who can, instead of a form that cannot be saved.
  const createBlocked = holdsCreate && !canFinish(resource, 'create');
  const canCreate = holdsCreate && !createBlocked;
  const createMenu = create && 'menu' in create ? create : undefined;
  const menuActions = createMenu?.menu.filter((a) => canFinish(resource, a.needs ?? 'create')) ?? [];
  const blockedMenuActions =
    createMenu?.menu.filter(
      (a) => can(resource, a.needs ?? 'create') && !canFinish(resource, a.needs ?? 'create'),
    ) ?? [];
  const canSeeDeleted = (props.deletedFilterNeeds ?? ['restore']).some((action) => can(resource, action));
  const showingDeleted = list.filters.isDeleted === true;
  const allowed = {
    remove: Boolean(bulk?.bulkRemove) && !showingDeleted && can(resource, 'bulk-delete'),
    restore: Boolean(bulk?.bulkRestore) && showingDeleted && can(resource, 'bulk-restore'),
    purge: Boolean(bulk?.bulkRemovePermanently) && showingDeleted && can(resource, 'bulk-delete-permanently'),
  };
  const canSelect = allowed.remove || allowed.restore || allowed.purge;
  const pageMenu = (props.menu ?? []).filter((entry) => {
    if (entry.needs === undefined) return true;
    const needs = typeof entry.needs === 'string' ? [entry.needs] : entry.needs;
    return needs.some((action) => can(resource, action));
  });

  // A page of rows renders in a transition (useDeferredValue): React draws the cards in short slices
  // instead of one long task when the answer arrives, which on a phone was most of the blocking time.
  const data = useDeferredValue(query.data);
  const rows: readonly T[] = data?.[plural] ?? [];
  // The first page's rows are drawn a few at a time (progressive-rows.ts).
  const drawn = useProgressiveRows(rows);
  const total = data?.[`${plural}Count`] as number | undefined;
  const words = props.pluralText ?? plural;
  const openId = (id: string) => (props.openRecord ? props.openRecord(id) : navigate(props.href(id)));

  const runBulk = async (action: ((ids: string[]) => Promise<boolean>) | undefined, ids: string[]) => {
    if (action && (await action(ids))) selection.clear();
  };
  const bulkButton =
    (text: string, action: BulkLifecycle['bulkRemove'], danger: boolean) => (ids: string[]) => (
      <Button
        size="xs"
        color={danger ? 'red' : undefined}
        disabled={ids.length === 0 || bulk?.running}
        onClick={() => runBulk(action, ids)}
      >
        {text}
      </Button>
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={props.title}
        filter={Boolean(filters)}
        actions={
          <ListHeaderActions
            resource={resource}
            search={canSearch && search ? { title: search.title, onOpen: openPalette } : undefined}
            menu={pageMenu}
            onFilter={filters ? filterPanel.open : undefined}
            onColumns={table ? columnsPanel.open : undefined}
            createLink={canCreate && create && 'to' in create ? create : undefined}
            blocked={[...(createBlocked && create ? [{ label: create.label }] : []), ...blockedMenuActions]}
          />
        }
      />

      {/* One wrapping row: the list's own chips, quick dates, then the toolbar at the end. */}
      <Group gap="sm" align="center" wrap="wrap">
        {props.chips?.(list)}
        {props.quickDates && (
          <QuickDateChips
            label={props.quickDates.label}
            value={list.filters[props.quickDates.filter]}
            onChange={(range) => list.setFilter(props.quickDates!.filter, range)}
          />
        )}
        <Group gap="xs" justify="flex-end" wrap="wrap" ml="auto">
          {showingDeleted && (
            <Badge color="red" variant="light">
              Deleted {words}
            </Badge>
          )}
          {canSelect && <SelectionModeToggle selection={selection} />}
          {props.sortOptions && (
            <SortMenu
              options={props.sortOptions}
              sortBy={list.sortBy}
              sortOrder={list.sortOrder}
              onChange={list.setSort}
            />
          )}
          {table && <LayoutToggle value={layout} onChange={setLayout} />}
          {table && <ColumnArrangementButton iconOnly />}
        </Group>
      </Group>

      <VisuallyHidden aria-live="polite" role="status">
        {total !== undefined ? `${formatListCount(total, data?.countExact !== false)} ${words} found` : ''}
      </VisuallyHidden>

      <ListResults
        props={props}
        query={query}
        data={data}
        rows={rows}
        drawn={drawn}
        list={list}
        tableLayout={Boolean(table) && layout === 'list'}
        columns={columns.visibleColumns}
        selection={canSelect ? selection : undefined}
        onOpen={(row) => openId(props.getId(row))}
      />

      {canSelect && (
        <BulkActionBar selection={selection} pageIds={rows.map(props.getId)}>
          {(ids) => (
            <>
              {allowed.remove && bulkButton('Delete', bulk?.bulkRemove, true)(ids)}
              {allowed.restore && bulkButton('Restore', bulk?.bulkRestore, false)(ids)}
              {allowed.purge && bulkButton('Delete Permanently', bulk?.bulkRemovePermanently, true)(ids)}
            </>
          )}
        </BulkActionBar>
      )}

      {!props.whole && total !== undefined && total > 0 && (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={total}
          exact={data?.countExact !== false}
          counting={exactFor === filtersKey && query.isFetching}
          onCountAll={() => setExactFor(filtersKey)}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      )}

      {filters && (
        <FilterDrawer opened={filterPanel.opened} list={list} title={filters.title} buttons={filters.buttons}>
          {(draft) => (
            // The page's fields may be lazy too (date pickers): a spinner in the drawer while they load.
            <Suspense fallback={<Loader role="status" aria-label="Loading filters" mx="auto" my="md" />}>
              {filters.fields({ draft, canSeeDeleted })}
            </Suspense>
          )}
        </FilterDrawer>
      )}
      {table && (
        <ColumnArrangementDialog
          opened={columnsPanel.opened}
          columns={columns as ColumnArrangement<unknown>}
        />
      )}

      {canSearch && search && (
        <SearchPalette
          opened={paletteOpen}
          onClose={() => setPaletteOpen(false)}
          title={search.title}
          placeholder={search.placeholder}
          queryKey={search.queryKey}
          search={search.search}
          toItem={(result) => search.toItem(result as S)}
          onSelect={(result) => openId(search.toItem(result as S).id)}
          emptyText={search.emptyText}
          loadingText={search.loadingText}
        />
      )}

      <FloatingCreate
        single={canCreate && create && 'hash' in create ? create : undefined}
        menu={createMenu && { label: createMenu.label, actions: menuActions }}
        selecting={selection.mode}
      />
    </Stack>
  );
};
