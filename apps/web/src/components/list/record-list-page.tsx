import type { ListPage, ListQuery, ListSpec } from '@karya/domain';
import {
  ActionIcon,
  Affix,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Stack,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconColumns3, IconDots, IconFilter, IconPlus } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { PageHeader } from '../page-header';
import {
  COLUMN_ARRANGEMENT_HASH,
  type ColumnArrangement,
  ColumnArrangementButton,
  type ColumnDef,
  useColumnArrangement,
} from './columns';
import type { FilterDraft } from './filter-drawer';
import { FILTER_HASH, useHashPanel } from './hash-panel';
import { LayoutToggle, type ListLayout, useListLayout } from './layout';
import { type ListParams, useListParams } from './list-params';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';
import { PaginationBar } from './pagination-bar';
import { useProgressiveRows } from './progressive-rows';
import { QuickDateChips } from './quick-date-chips';
import { RecordGrid } from './record-grid';
import { RecordTable } from './record-table';
import {
  type PaletteItem,
  SearchPaletteButton,
  type SearchPaletteProps,
  useSearchPaletteHotkey,
} from './search-palette';
import { BulkActionBar, SelectionModeToggle, useSelection } from './selection';
import { SortMenu, type SortOption } from './sort-menu';

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

/** Size of the floating create button plus its offset from the bottom (56 + 24) and a gap. */
export const FLOATING_BUTTON_CLEARANCE = 56 + 24 + 16;

/** The part of a TanStack `useQuery` result of a list page the kit reads. */
export type ListQueryState<D> = {
  data?: D;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** The bulk calls of a record type (`useRecordLifecycle` with the bulk api); each resolves true on success. */
export type BulkLifecycle = {
  running: boolean;
  bulkRemove?: (ids: string[]) => Promise<boolean>;
  bulkRestore?: (ids: string[]) => Promise<boolean>;
  bulkRemovePermanently?: (ids: string[]) => Promise<boolean>;
};

/** A modal of a list page, open while the URL hash is `hash` (a reload keeps it open, Back closes it). */
type HashModal = { hash: string; modal: (props: { opened: boolean; onClose: () => void }) => ReactNode };

/**
 * One entry of a floating create menu (spec 3 items: Create Item, Create Bulk Items): a page (`to`) or a
 * modal under a hash, shown with `needs` on the list's resource (default create).
 */
export type CreateMenuAction = { label: string; needs?: string } & ({ to: string } | HashModal);

/**
 * An entry of the list's own header menu (spec 2 customers: Check Customer, Import, Export), shown with
 * `needs` on the list's resource (any action of the array; none: always): a page (`to`) or an action.
 */
export type ListMenuAction = {
  label: string;
  icon?: ReactNode;
  needs?: string | readonly string[];
} & ({ to: string } | { onClick: () => void });

/** Renders a hash modal with its open state (one hook per modal, so a menu may hold several). */
const HashModalHost = ({ hash, modal }: HashModal) => {
  const panel = useHashPanel(hash);
  return <>{modal({ opened: panel.opened, onClose: panel.close })}</>;
};

/** What a filter panel's fields get: the draft and whether the Deleted filters may be offered. */
export type FilterFieldsContext = { draft: FilterDraft; canSeeDeleted: boolean };

export type RecordListPageProps<K extends string, T, S = T> = {
  /** The resource whose permissions gate create, the bulk actions, the Deleted filter and search ('task'). */
  resource: string;
  /** Page title ('Tasks'); the table or grid's accessible name is `label` (defaults to the title). */
  title: string;
  label?: string;
  /** The plural noun in the answer's keys and in texts: 'tasks' → data.tasks, data.tasksCount, 'Deleted tasks'. */
  plural: K;
  /** The plural in texts when the answer's key is not a word ('productBrands' → 'brands'). */
  pluralText?: string;
  spec: ListSpec;
  /** localStorage keys: page size (required), filters, column arrangement and layout. */
  storage: { limit: string; filters?: string; fields?: string; layout?: string };
  /** The list query hook of the record type, e.g. useTasksList. */
  useList: (query: ListQuery) => ListQueryState<ListPage<K, T>>;
  getId: (row: T) => string;
  getLabel: (row: T) => string;
  /** The record's page, opened from a row, a card (unless `cardLinks`) or the palette. */
  href: (id: string) => string;
  card: (row: T) => ReactNode;
  /** The card holds its own links and menu: a click on it does not open the record. */
  cardLinks?: boolean;
  /** The list layout: a table of these columns beside the grid of cards, with the column dialog. */
  table?: { columns: readonly ColumnDef<T>[]; minWidth?: number; defaultLayout?: ListLayout };
  sortOptions: readonly SortOption[];
  /** The list's own quick filters (status chips, a search box), before the quick-date chips. */
  chips?: (list: ListParams) => ReactNode;
  /** Quick-date chips on a date filter, e.g. { filter: 'createdAt', label: 'Created' }. */
  quickDates?: { filter: string; label: string };
  filters: {
    title: string;
    fields: (ctx: FilterFieldsContext) => ReactNode;
    /** The panel's two buttons where the spec names them ('Reset Filter', 'Apply Filters'). */
    buttons?: { reset: string; apply: string };
  };
  /** Which actions show the Deleted filter (spec 1 §6 adds bulk-restore for users); default restore. */
  deletedFilterNeeds?: readonly string[];
  /** The Ctrl+K palette; it needs suggestion on the resource unless it searches through the list (`read`). */
  search?: {
    title: string;
    placeholder: string;
    needs?: 'suggestion' | 'read';
    queryKey: (text: string) => QueryKey;
    search: (text: string, signal: AbortSignal) => Promise<S[]>;
    toItem: (result: S) => PaletteItem;
    emptyText: string;
    /** Shown while a search runs (spec 3: 'Searching for items... Please wait.'). */
    loadingText?: string;
  };
  /**
   * Create: a link in the header, a floating button that opens a modal under a hash (both need create),
   * or a floating menu of several ways to create (each shown by its own action on the resource).
   */
  create?:
    | { label: string; to: string }
    | { label: string; hash: string; modal: (props: { opened: boolean; onClose: () => void }) => ReactNode }
    | { label: string; menu: readonly CreateMenuAction[] };
  /** Bulk Delete / Restore / Delete Permanently, each shown by its permission and the Deleted state. */
  bulk?: BulkLifecycle;
  /**
   * More entries of the header's menu (the … button), before Filter and Column Arrangement. With any
   * shown, the menu is there at every width (Filter stays a phone-only entry: wider screens have the button).
   */
  menu?: readonly ListMenuAction[];
  emptyText: string;
  /**
   * What opening a record does (a row, a card, a palette result), when it is not going to `href`: e.g.
   * a dialog on the list for record types without a page of their own (brands, margins).
   */
  openRecord?: (id: string) => void;
  /**
   * Past page 1 the earlier pages stay on screen above the current one (spec 3: category and class lists
   * append further pages), with a "Load more" button that asks for the next page.
   */
  append?: boolean;
};

/**
 * One earlier page of an appending list, shown above the current page: its own query (so a change to the
 * records refreshes it like the current one), in the same layout.
 */
const EarlierPage = <K extends string, T>({
  page,
  query,
  useList,
  plural,
  render,
}: {
  page: number;
  query: ListQuery;
  useList: (query: ListQuery) => ListQueryState<ListPage<K, T>>;
  plural: K;
  render: (rows: readonly T[]) => ReactNode;
}) => {
  const result = useList({ ...query, page });
  const rows: readonly T[] = result.data?.[plural] ?? [];
  return rows.length ? <Box mb="md">{render(rows)}</Box> : null;
};

/**
 * A record type's list page, put together from the kit (GUIDE convention 13, like react-admin's <List>):
 * the page declares its columns, card, filters, sort options, chips, search and texts; this owns the
 * header actions, chips row, toolbar, states, table or grid, selection and bulk bar, pagination, filter
 * drawer, column dialog, Ctrl+K palette, create button and the announced count.
 */
export const RecordListPage = <K extends string, T, S = T>(props: RecordListPageProps<K, T, S>) => {
  const { resource, plural, storage, table, search, create, bulk } = props;
  const { can } = useCan();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListParams(storage.limit, { spec: props.spec, storeFiltersKey: storage.filters });
  const query = props.useList(list.query);
  const columns = useColumnArrangement(storage.fields ?? `${plural}Fields`, table?.columns ?? NO_COLUMNS);
  const [storedLayout, setLayout] = useListLayout(storage.layout ?? `${plural}Layout`, table?.defaultLayout);
  const layout = table ? storedLayout : 'grid';
  const selection = useSelection(list.query);
  const filterPanel = useHashPanel(FILTER_HASH);
  const columnsPanel = useHashPanel(COLUMN_ARRANGEMENT_HASH);
  const createPanel = useHashPanel(create && 'hash' in create ? create.hash : '#create');
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  const canSearch = Boolean(search) && can(resource, search?.needs ?? 'suggestion');
  useSearchPaletteHotkey(openPalette, canSearch);

  const canCreate = Boolean(create) && !(create && 'menu' in create) && can(resource, 'create');
  const floatingCreate = canCreate && create && 'hash' in create ? create : undefined;
  const createMenu = create && 'menu' in create ? create : undefined;
  const menuActions = createMenu?.menu.filter((a) => can(resource, a.needs ?? 'create')) ?? [];
  const floating = Boolean(floatingCreate) || menuActions.length > 0;
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
  const label = props.label ?? props.title;
  const words = props.pluralText ?? plural;
  const openId = (id: string) => (props.openRecord ? props.openRecord(id) : navigate(props.href(id)));
  const open = (row: T) => openId(props.getId(row));
  const retry = () => query.refetch();
  const selecting = canSelect ? selection : undefined;

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
        filter
        actions={
          <>
            {canSearch && search && <SearchPaletteButton tooltip={search.title} onOpen={openPalette} />}
            {(table || pageMenu.length > 0) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="More options"
                    hiddenFrom={pageMenu.length ? undefined : 'sm'}
                  >
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {pageMenu.map((entry) =>
                    'to' in entry ? (
                      <Menu.Item key={entry.label} leftSection={entry.icon} component={Link} to={entry.to}>
                        {entry.label}
                      </Menu.Item>
                    ) : (
                      <Menu.Item key={entry.label} leftSection={entry.icon} onClick={entry.onClick}>
                        {entry.label}
                      </Menu.Item>
                    ),
                  )}
                  <Menu.Item
                    leftSection={<IconFilter size={14} aria-hidden />}
                    onClick={filterPanel.open}
                    hiddenFrom="sm"
                  >
                    Filter
                  </Menu.Item>
                  {table && (
                    <Menu.Item
                      leftSection={<IconColumns3 size={14} aria-hidden />}
                      onClick={columnsPanel.open}
                    >
                      Column Arrangement
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
            {canCreate && create && 'to' in create && (
              <Button component={Link} to={create.to} leftSection={<IconPlus size={16} aria-hidden />}>
                {create.label}
              </Button>
            )}
          </>
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
          <SortMenu
            options={props.sortOptions}
            sortBy={list.sortBy}
            sortOrder={list.sortOrder}
            onChange={list.setSort}
          />
          {table && <LayoutToggle value={layout} onChange={setLayout} />}
          {table && <ColumnArrangementButton iconOnly />}
        </Group>
      </Group>

      <VisuallyHidden aria-live="polite" role="status">
        {total !== undefined ? `${total} ${words} found` : ''}
      </VisuallyHidden>

      {query.isPending || (query.data && !data) ? (
        <ListSkeleton />
      ) : query.isError && !data ? (
        <ErrorState message={messageOf(query.error)} onRetry={retry} />
      ) : rows.length === 0 ? (
        <EmptyState message={props.emptyText} />
      ) : (
        <div
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={query.isFetching}
        >
          {props.append &&
            Array.from({ length: list.page - 1 }, (_, i) => i + 1).map((page) => (
              <EarlierPage
                key={page}
                page={page}
                query={list.query}
                useList={props.useList}
                plural={plural}
                render={(pageRows) =>
                  table && layout === 'list' ? (
                    <RecordTable
                      label={`${label}, page ${page}`}
                      rows={pageRows}
                      columns={columns.visibleColumns}
                      getId={props.getId}
                      getLabel={props.getLabel}
                      onOpen={open}
                      minWidth={table.minWidth}
                    />
                  ) : (
                    <RecordGrid
                      label={`${label}, page ${page}`}
                      rows={pageRows}
                      getId={props.getId}
                      getLabel={props.getLabel}
                      onOpen={props.cardLinks ? undefined : open}
                      renderCard={props.card}
                    />
                  )
                }
              />
            ))}
          {table && layout === 'list' ? (
            <RecordTable
              label={label}
              rows={drawn}
              columns={columns.visibleColumns}
              getId={props.getId}
              getLabel={props.getLabel}
              onOpen={open}
              selection={selecting}
              minWidth={table.minWidth}
            />
          ) : (
            <RecordGrid
              label={label}
              rows={drawn}
              getId={props.getId}
              getLabel={props.getLabel}
              onOpen={props.cardLinks ? undefined : open}
              selection={selecting}
              renderCard={props.card}
            />
          )}
          {query.isError && <ErrorState message={messageOf(query.error)} onRetry={retry} />}
          {props.append && total !== undefined && list.page * list.limit < total && (
            <Group justify="center" mt="md">
              <Button variant="light" onClick={() => list.setPage(list.page + 1)} loading={query.isFetching}>
                Load more
              </Button>
            </Group>
          )}
        </div>
      )}

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

      {total !== undefined && total > 0 && (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={total}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      )}

      <FilterDrawer
        opened={filterPanel.opened}
        list={list}
        title={props.filters.title}
        buttons={props.filters.buttons}
      >
        {(draft) => (
          // The page's fields may be lazy too (date pickers): a spinner in the drawer while they load.
          <Suspense fallback={<Loader role="status" aria-label="Loading filters" mx="auto" my="md" />}>
            {props.filters.fields({ draft, canSeeDeleted })}
          </Suspense>
        )}
      </FilterDrawer>
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

      {floating && (
        <>
          {/* Room below the list and pagination, so the floating button never covers the last row or card. */}
          <Box h={FLOATING_BUTTON_CLEARANCE - 16} aria-hidden data-testid="create-button-clearance" />
          {!selection.mode && (
            <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
              {floatingCreate ? (
                <Tooltip label={floatingCreate.label} position="left">
                  <ActionIcon
                    size={56}
                    radius="xl"
                    aria-label={floatingCreate.label}
                    onClick={createPanel.open}
                  >
                    <IconPlus size={26} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Menu position="top-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon size={56} radius="xl" aria-label={createMenu?.label}>
                      <IconPlus size={26} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {menuActions.map((a) =>
                      'to' in a ? (
                        <Menu.Item key={a.label} component={Link} to={a.to}>
                          {a.label}
                        </Menu.Item>
                      ) : (
                        <Menu.Item
                          key={a.label}
                          onClick={() =>
                            navigate({ pathname: location.pathname, search: location.search, hash: a.hash })
                          }
                        >
                          {a.label}
                        </Menu.Item>
                      ),
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Affix>
          )}
        </>
      )}
      {floatingCreate?.modal({ opened: createPanel.opened, onClose: createPanel.close })}
      {menuActions.map((a) =>
        'hash' in a ? <HashModalHost key={a.label} hash={a.hash} modal={a.modal} /> : null,
      )}
    </Stack>
  );
};
