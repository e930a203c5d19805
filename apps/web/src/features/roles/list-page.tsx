import { defineList, type ListQuery, MESSAGES, type RoleDto } from '@karya/domain';
import { useCan } from '../../app/auth';
import { RecordListPage } from '../../components/list/record-list-page';
import { useRoles } from './api';
import { RoleCard, useRoleDelete } from './role-card';

/** The role list has neither filters nor sorting: the server answers every role in its own order. */
const roleListSpec = defineList({ filters: {}, sortFields: [] });
/** Every role in one answer (useRoles asks for the server's largest page); the list's query is not sent. */
const useRolesList = (_query: ListQuery) => useRoles();

/** /admin/roles: every role as a card with its permissions folded away. */
export const RolesListPage = () => {
  const { can } = useCan();
  const { confirmDelete, deletingId } = useRoleDelete();
  return (
    <RecordListPage<'roles', RoleDto>
      resource="role"
      title="Role Management"
      label="Roles"
      plural="roles"
      spec={roleListSpec}
      useList={useRolesList}
      storage={{ limit: 'roleLimit' }}
      getId={(role) => role._id}
      getLabel={(role) => role.name}
      href={(id) => `/admin/roles/${id}/update`}
      card={(role) => (
        <RoleCard
          role={role}
          canUpdate={can('role', 'update')}
          canDelete={can('role', 'delete')}
          onDelete={confirmDelete}
          deleting={deletingId === role._id}
        />
      )}
      cardLinks
      gridCols={1}
      whole
      create={{ label: 'Create Role', to: '/admin/roles/create' }}
      emptyText={MESSAGES.noDataFound}
    />
  );
};
