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
 * Query keys: `recordKeys('tasks')` in lib/query-keys.ts.
 */
export * from './confirm';
export * from './detail-frame';
export * from './field-list';
export * from './format';
export * from './lifecycle';
export * from './record-link';
