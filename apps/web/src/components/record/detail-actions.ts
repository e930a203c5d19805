import { useNavigate } from 'react-router';
import { useCan } from '../../app/auth';

/** The single-record handlers of useRecordLifecycle a detail page uses; each resolves true on success. */
type DetailLifecycle = {
  remove: (id: string) => Promise<boolean>;
  restore: (id: string) => Promise<boolean>;
  removePermanently: (id: string) => Promise<boolean>;
  running: boolean;
};

/**
 * What every detail page wires the same way, as DetailFrame props: Update / Delete / Restore / Delete
 * Permanently by the resource's permissions, each through the record type's confirmed lifecycle calls,
 * the buttons disabled while one runs, and the list opened after a permanent delete (the record is gone).
 *
 * ```tsx
 * const actions = useDetailActions({ resource: 'task', id, lifecycle: useTaskLifecycle(), listPath: '/hrm/tasks' });
 * <DetailFrame {...actions} onUpdate={updatePanel.open} ...>
 * ```
 */
export const useDetailActions = ({
  resource,
  id,
  lifecycle,
  listPath,
}: {
  resource: string;
  id: string;
  lifecycle: DetailLifecycle;
  listPath: string;
}) => {
  const { can } = useCan();
  const navigate = useNavigate();
  return {
    canUpdate: can(resource, 'update'),
    canDelete: can(resource, 'delete'),
    canRestore: can(resource, 'restore'),
    canDeletePermanently: can(resource, 'delete-permanently'),
    onDelete: () => lifecycle.remove(id),
    onRestore: () => lifecycle.restore(id),
    onDeletePermanently: async () => {
      if (await lifecycle.removePermanently(id)) navigate(listPath, { replace: true });
    },
    busy: lifecycle.running,
  };
};
