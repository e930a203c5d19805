import { TASK_STATUS_CHIPS, type TaskDto, taskListSpec } from '@karya/domain';
import {
  ActionIcon,
  Affix,
  Badge,
  Button,
  Chip,
  Group,
  Menu,
  Stack,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconColumns3, IconDots, IconFilter, IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import {
  BulkActionBar,
  COLUMN_ARRANGEMENT_HASH,
  ColumnArrangementButton,
  ColumnArrangementDialog,
  EmptyState,
  ErrorState,
  FILTER_HASH,
  FilterDrawer,
  LayoutToggle,
  ListSkeleton,
  PaginationBar,
  QuickDateChips,
  RecordGrid,
  RecordTable,
  SearchPalette,
  SearchPaletteButton,
  SelectionModeToggle,
  SortMenu,
  useColumnArrangement,
  useHashPanel,
  useListLayout,
  useListParams,
  useSearchPaletteHotkey,
  useSelection,
} from '../../components/list';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/notify';
import { searchTasks, taskKeys, useTaskLifecycle, useTasksList } from './api';
import { TaskCard } from './task-card';
import { TASK_COLUMNS, TASK_SORT_OPTIONS, TASK_TABLE_MIN_WIDTH } from './task-columns';
import { TaskFilterFields } from './task-filters';
import { TaskFormModal } from './task-form';

/** Local storage keys of the task list (spec 2 §7: taskLimit; the others are ours). */
export const TASK_LIMIT_KEY = 'taskLimit';
export const TASK_FILTERS_KEY = 'taskFilters';
export const TASK_FIELDS_KEY = 'taskFields';
export const TASK_LAYOUT_KEY = 'taskLayout';
/** The hash that opens the task-creation modal (a reload keeps it open, Back closes it). */
export const CREATE_TASK_HASH = '#create-task';

export const TASKS_EMPTY_TEXT = 'No tasks found';

const getId = (t: TaskDto) => t._id;
const getLabel = (t: TaskDto) => t.title;

/** /hrm/tasks: the HR task list (spec 2 §2). */
export const TasksListPage = () => {
  const { can } = useCan();
  const { user } = useAuth();
  const navigate = useNavigate();
  const list = useListParams(TASK_LIMIT_KEY, { spec: taskListSpec, storeFiltersKey: TASK_FILTERS_KEY });
  const tasks = useTasksList(list.query);
  const columns = useColumnArrangement(TASK_FIELDS_KEY, TASK_COLUMNS);
  const [layout, setLayout] = useListLayout(TASK_LAYOUT_KEY, 'grid');
  const selection = useSelection(list.query);
  const lifecycle = useTaskLifecycle();
  const createPanel = useHashPanel(CREATE_TASK_HASH);
  const filterPanel = useHashPanel(FILTER_HASH);
  const columnsPanel = useHashPanel(COLUMN_ARRANGEMENT_HASH);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  useSearchPaletteHotkey(openPalette);

  const canCreate = can('task', 'create');
  const canSeeDeleted = can('task', 'restore');
  const canPickUsers = can('user', 'suggestion');
  const showingDeleted = list.filters.isDeleted === true;
  const bulk = showingDeleted
    ? { restore: can('task', 'bulk-restore'), purge: can('task', 'bulk-delete-permanently'), remove: false }
    : { restore: false, purge: false, remove: can('task', 'bulk-delete') };
  const canSelect = bulk.restore || bulk.purge || bulk.remove;

  const statusFilter = Array.isArray(list.filters.status) ? (list.filters.status as string[]) : [];
  const data = tasks.data;
  const rows = data?.tasks ?? [];
  const open = (task: TaskDto) => navigate(`/hrm/tasks/${task._id}`);
  const self = user ? { _id: user._id, name: user.name } : null;

  const runBulk = async (action: ((ids: string[]) => Promise<boolean>) | undefined, ids: string[]) => {
    if (action && (await action(ids))) selection.clear();
  };

  return (
    <Stack gap="md" pb={canCreate ? 72 : undefined}>
      <PageHeader
        title="Tasks"
        filter
        actions={
          <>
            <SearchPaletteButton tooltip="Search tasks" onOpen={openPalette} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More options" hiddenFrom="sm">
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFilter size={14} aria-hidden />} onClick={filterPanel.open}>
                  Filter
                </Menu.Item>
                <Menu.Item leftSection={<IconColumns3 size={14} aria-hidden />} onClick={columnsPanel.open}>
                  Column Arrangement
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </>
        }
      />

      <Group gap="sm" align="center" wrap="wrap">
        <Group gap={6} role="group" aria-label="Status quick filters" wrap="wrap">
          {TASK_STATUS_CHIPS.map((status) => {
            const checked = statusFilter.includes(status);
            return (
              <Chip
                key={status}
                size="sm"
                checked={checked}
                // Choosing the selected chip clears the status filter (spec 2 §2).
                onChange={() => list.setFilter('status', checked ? undefined : [status])}
              >
                {status}
              </Chip>
            );
          })}
        </Group>
        <QuickDateChips
          label="Created"
          value={list.filters.createdAt}
          onChange={(range) => list.setFilter('createdAt', range)}
        />
      </Group>

      <Group gap="xs" justify="flex-end" wrap="wrap">
        {showingDeleted && (
          <Badge color="red" variant="light" mr="auto">
            Deleted tasks
          </Badge>
        )}
        {canSelect && <SelectionModeToggle selection={selection} />}
        <SortMenu
          options={TASK_SORT_OPTIONS}
          sortBy={list.sortBy}
          sortOrder={list.sortOrder}
          onChange={list.setSort}
        />
        <LayoutToggle value={layout} onChange={setLayout} />
        <ColumnArrangementButton iconOnly />
      </Group>

      <VisuallyHidden aria-live="polite" role="status">
        {data ? `${data.tasksCount} tasks found` : ''}
      </VisuallyHidden>

      {tasks.isPending ? (
        <ListSkeleton />
      ) : tasks.isError && !data ? (
        <ErrorState message={messageOf(tasks.error)} onRetry={() => tasks.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={TASKS_EMPTY_TEXT} />
      ) : (
        <div
          style={{ opacity: tasks.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={tasks.isFetching}
        >
          {layout === 'list' ? (
            <RecordTable
              label="Tasks"
              rows={rows}
              columns={columns.visibleColumns}
              getId={getId}
              getLabel={getLabel}
              onOpen={open}
              selection={selection}
              minWidth={TASK_TABLE_MIN_WIDTH}
            />
          ) : (
            <RecordGrid
              label="Tasks"
              rows={rows}
              getId={getId}
              getLabel={getLabel}
              onOpen={open}
              selection={selection}
              renderCard={(task) => <TaskCard task={task} />}
            />
          )}
          {tasks.isError && <ErrorState message={messageOf(tasks.error)} onRetry={() => tasks.refetch()} />}
        </div>
      )}

      {canSelect && (
        <BulkActionBar selection={selection} pageIds={rows.map(getId)}>
          {(ids) => (
            <>
              {bulk.remove && (
                <Button
                  size="xs"
                  color="red"
                  disabled={ids.length === 0 || lifecycle.running}
                  onClick={() => runBulk(lifecycle.bulkRemove, ids)}
                >
                  Delete
                </Button>
              )}
              {bulk.restore && (
                <Button
                  size="xs"
                  disabled={ids.length === 0 || lifecycle.running}
                  onClick={() => runBulk(lifecycle.bulkRestore, ids)}
                >
                  Restore
                </Button>
              )}
              {bulk.purge && (
                <Button
                  size="xs"
                  color="red"
                  disabled={ids.length === 0 || lifecycle.running}
                  onClick={() => runBulk(lifecycle.bulkRemovePermanently, ids)}
                >
                  Delete Permanently
                </Button>
              )}
            </>
          )}
        </BulkActionBar>
      )}

      {data && data.tasksCount > 0 && (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={data.tasksCount}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      )}

      <FilterDrawer list={list} title="Filter Tasks">
        {(draft) => (
          <TaskFilterFields
            draft={draft}
            canSeeDeleted={canSeeDeleted}
            canPickUsers={canPickUsers}
            self={self}
          />
        )}
      </FilterDrawer>
      <ColumnArrangementDialog columns={columns} />

      <SearchPalette<TaskDto>
        opened={paletteOpen}
        onClose={() => setPaletteOpen(false)}
        title="Search tasks"
        placeholder="Type a task title..."
        queryKey={(title) => taskKeys.suggestion('title', title)}
        search={(title, signal) => searchTasks(title, signal)}
        toItem={(t) => ({ id: t._id, label: t.title, description: `${t.status} · ${t.priority}` })}
        onSelect={open}
        emptyText={TASKS_EMPTY_TEXT}
      />

      {canCreate && !selection.mode && (
        <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
          <Tooltip label="Create task" position="left">
            <ActionIcon size={56} radius="xl" aria-label="Create task" onClick={createPanel.open}>
              <IconPlus size={26} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Affix>
      )}
      <TaskFormModal opened={canCreate && createPanel.opened} onClose={createPanel.close} />
    </Stack>
  );
};
