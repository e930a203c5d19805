import { taskListSpec } from '@karya/domain';
import { LifecycleFilters, showDeleted, UserFilter } from '../../components/list/filter-fields';
import { KindFilters } from '../../components/list/filter-kinds';

/**
 * The inputs of 'Filter Tasks', bound to the drawer's draft: title, status, priority, date and deadline
 * ranges, assigned to (with suggestion on user), Deleted (with restore on task) and Deleted By (restore
 * on task and suggestion on user). Empty values are dropped when the filters are applied.
 */
export const TaskFilterFields = ({
  canSeeDeleted,
  canPickUsers,
  self,
}: {
  canSeeDeleted: boolean;
  canPickUsers: boolean;
  self?: { _id: string; name: string } | null;
}) => (
  <>
    <KindFilters
      spec={taskListSpec}
      labels={{ title: 'Title', status: 'Status', priority: 'Priority', date: 'Date', deadline: 'Deadline' }}
    />
    {canPickUsers && <UserFilter name="assignedTo" label="Assigned To" canSearch self={self} />}
    <LifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('tasks', 'active')}
      users={canPickUsers}
      createdBy={false}
      self={self}
    />
  </>
);
