import {
  LifecycleFilters,
  NumberRangeFilter,
  showDeleted,
  TextFilter,
  UserFilter,
} from '../../components/list/filter-fields';

/** The inputs of the 'Filter Teams' drawer, bound to its draft. */
export const TeamFilterFields = ({
  canSearchUsers,
  canSeeDeleted,
}: {
  canSearchUsers: boolean;
  canSeeDeleted: boolean;
}) => (
  <>
    <TextFilter name="name" label="Name" />
    <TextFilter name="description" label="Description" />
    <NumberRangeFilter name="membersCount" label="Members count" ends={['Min', 'Max']} numbers />
    <UserFilter name="members" label="Members" canSearch={canSearchUsers} />
    <LifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('teams')}
      users={{ canSearch: canSearchUsers }}
    />
  </>
);
