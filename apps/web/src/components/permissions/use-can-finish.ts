import { can, canFinish, canUseField, missingDependencies } from '@karya/domain';
import { useMemo } from 'react';
import { useAuth } from '../../app/auth';

/**
 * useCan's checks plus what an action needs besides its own permission (packages/domain
 * permission-dependencies, decision 0014): canFinish('product-sale', 'create') holds the action and its
 * form's pickers; a screen offers an action only then (BlockedAction says what is missing otherwise).
 * canUseField: a field that needs more than its form; without it the field falls back. Apart from useCan
 * so that the sign-in page's first load carries none of this.
 */
export const useCanFinish = () => {
  const { permissions } = useAuth();
  return useMemo(
    () => ({
      can: (resource: string, action: string) => can(permissions, resource, action),
      canFinish: (resource: string, action: string) => canFinish(permissions, resource, action),
      missing: (resource: string, action: string) => missingDependencies(permissions, resource, action),
      canUseField: (resource: string, action: string, field: string) =>
        canUseField(permissions, resource, action, field),
    }),
    [permissions],
  );
};
