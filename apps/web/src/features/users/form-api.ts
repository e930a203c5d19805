import type { MeDto, UserDto } from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { api, toFormData } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { UserFormMode } from './user-form-values';

export type RoleOption = { _id: string; name: string };

/** Roles for the picker: GET /admin/roles/suggestion?name=&selectedIds=a,b (at most 20). */
export const useRoleSuggestions = (name: string, selectedIds: string[], enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.roles.suggestion(name), selectedIds.join(',')],
    queryFn: async ({ signal }) =>
      (
        await api.get<RoleOption[]>(
          '/admin/roles/suggestion',
          { name, selectedIds: selectedIds.join(',') || undefined },
          { signal },
        )
      ).data,
    enabled,
    staleTime: 30_000,
  });

/**
 * Create, update or profile update, as multipart (text fields, nested values as JSON, file `image`). An
 * update's payload holds only changed fields and keeps its empty ones: they clear the stored value.
 */
export const saveUser = (
  mode: UserFormMode,
  id: string | undefined,
  payload: Record<string, unknown>,
  file: File | null,
  idempotencyKey?: string,
) => {
  const body = toFormData(payload, { field: 'image', file }, { keepEmpty: mode !== 'create' });
  if (mode === 'create') return api.post<UserDto>('/admin/users', body, { idempotencyKey });
  if (mode === 'update') return api.patch<UserDto>(`/admin/users/${id}`, body, { idempotencyKey });
  return api.patch<MeDto | UserDto>(`/auth/profile/${id}`, body, { idempotencyKey });
};

export const adminChangePassword = (id: string, body: { newPassword: string; confirmNewPassword: string }) =>
  api.post<unknown>(`/admin/users/${id}/change-password`, body);
