/**
 * The list-page kit. A record list is put together like this (see each export's doc comment):
 *
 * ```tsx
 * const list = useListParams('taskLimit', { spec: taskListSpec, storeFiltersKey: 'taskFilters' });
 * const columns = useColumnArrangement('taskFields', TASK_COLUMNS); // ColumnDef<Task>[] defined outside
 * const [layout, setLayout] = useListLayout('taskLayout', 'grid');
 * const selection = useSelection(list.query); // empties when page, sort or filters change
 * // header: <SelectionModeToggle selection={selection} /> <SortMenu .../> <LayoutToggle value={layout}
 * //   onChange={setLayout} /> <ColumnArrangementButton />   (PageHeader `filter` opens #filter)
 * // body: layout === 'list'
 * //   ? <RecordTable label="Tasks" rows={rows} columns={columns.visibleColumns} getId getLabel onOpen selection={selection} />
 * //   : <RecordGrid label="Tasks" rows={rows} renderCard={...} getId getLabel onOpen selection={selection} />
 * // <BulkActionBar selection={selection} pageIds={rows.map(getId)}>{(ids) => <Button ...>Delete</Button>}</BulkActionBar>
 * // <PaginationBar .../> <FilterDrawer list={list} title="Filter Tasks">...</FilterDrawer>
 * // <ColumnArrangementDialog columns={columns} />
 * ```
 */
export * from './columns';
export * from './display';
export * from './filter-drawer';
export * from './filter-text-input';
export * from './hash-panel';
export * from './layout';
export * from './list-params';
export * from './list-states';
export * from './pagination-bar';
export * from './quick-date-chips';
export * from './record-grid';
export * from './record-table';
export * from './search-input';
export * from './search-palette';
export * from './selection';
export * from './sort-menu';
