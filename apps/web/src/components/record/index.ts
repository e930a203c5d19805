/**
 * Record screens: confirmed lifecycle actions and the detail-page frame.
 *
 * ```tsx
 * const lifecycle = useRecordLifecycle({ noun: 'task', queryRoot: 'tasks', api: { remove, restore, ... } });
 * <DetailFrame title="Task Details" noun="task" query={taskQuery} notFoundText="Task not found"
 *   canDelete={can('task', 'delete')} onDelete={async () => { await lifecycle.remove(id); }} ...>
 *   {(task) => <FieldList items={[{ label: 'Title', value: task.title }]} />}
 * </DetailFrame>
 * ```
 * `history={{ path: `/hrm/tasks/${id}/history`, queryKey: [...taskKeys.detail(id), 'history'] }}` adds the
 * record's History section. Query keys: `recordKeys('tasks')` in lib/query-keys.ts.
 */
export * from './confirm';
export * from './detail-actions';
export * from './detail-frame';
export * from './field-list';
export * from './format';
export * from './history-section';
export * from './lifecycle';
export * from './line-table';
export * from './record-form-page';
export * from './record-link';
