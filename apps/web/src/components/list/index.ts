/**
 * The list-page kit. A record type's list page is a declaration handed to `RecordListPage` (GUIDE
 * convention 13): columns, card, filter fields, sort options, chips, the resource whose permissions gate
 * it, its search call and texts; the kit owns the rest. The pieces below are exported for lists of a
 * different shape (and are what RecordListPage is made of):
 *
 * ```tsx
 * <RecordListPage
 *   resource="task" title="Tasks" plural="tasks" spec={taskListSpec} useList={useTasksList}
 *   storage={{ limit: 'taskLimit', filters: 'taskFilters', fields: 'taskFields', layout: 'taskLayout' }}
 *   getId={(t) => t._id} getLabel={(t) => t.title} href={(id) => `/hrm/tasks/${id}`}
 *   card={(t) => <TaskCard task={t} />} table={{ columns: TASK_COLUMNS }} sortOptions={TASK_SORT_OPTIONS}
 *   filters={{ title: 'Filter Tasks', fields: ({ canSeeDeleted }) => <TaskFilterFields ... /> }}
 *   bulk={useTaskLifecycle()} emptyText="No tasks found"
 * />
 * ```
 */
export * from './columns';
export * from './display';
// The filter drawer, column dialog and search dialog are downloaded when first opened (RecordListPage
// loads them with lazyPanel): import them from their files (filter-drawer, column-dialog,
// search-palette-dialog), never through this index, or every list page would carry them. So are the
// filter fields (filter-fields, and filter-kinds with the date pickers), which the lazily loaded panels use.
export type { FilterDraft } from './filter-draft';
export * from './hash-panel';
export * from './layout';
export * from './list-params';
export * from './list-states';
export * from './pagination-bar';
export * from './quick-date-chips';
export * from './record-grid';
export * from './record-list-page';
export * from './record-table';
export * from './search-input';
export * from './search-palette';
export * from './selection';
export * from './sort-menu';
