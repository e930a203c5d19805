import { type PermissionRef, permissionRefKey, whoCanSentence } from '@karya/domain';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type WhoCanAnswer = { users: { _id: string; name: string }[]; total: number };

/** GET /auth/who-can: the active users holding every one of `needs` (names, at most five, and the count). */
export const whoCanQuery = (needs: readonly PermissionRef[]) => {
  const keys = needs.map(permissionRefKey);
  return {
    queryKey: ['who-can', ...keys],
    queryFn: async () => (await api.get<WhoCanAnswer>('/auth/who-can', { needs: keys.join(',') })).data,
    staleTime: 5 * 60_000,
  };
};

export const useWhoCan = (needs: readonly PermissionRef[], enabled = true) =>
  useQuery({ ...whoCanQuery(needs), enabled: enabled && needs.length > 0 });

/**
 * "Priyanka Sahoo, Administrator can do it.", or a quiet line while it loads. Imported lazily where it is
 * used (LazyWhoCan, and on the click that needs it): shared by several pages, a static import would have the
 * bundler inline it into the entry, which the sign-in page loads.
 */
export const WhoCan = ({ needs, enabled = true }: { needs: readonly PermissionRef[]; enabled?: boolean }) => {
  const who = useWhoCan(needs, enabled);
  if (who.isError) return null;
  return (
    <Text size="sm" c={who.data ? undefined : 'dimmed'} data-testid="who-can">
      {who.data
        ? whoCanSentence(
            who.data.users.map((u) => u.name),
            who.data.total,
          )
        : 'Finding who can…'}
    </Text>
  );
};

export default WhoCan;
