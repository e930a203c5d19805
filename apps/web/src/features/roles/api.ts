import { type ListPage, MAX_PAGE_SIZE, type RoleDto } from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { LIST_STALE_MS, queryKeys } from '../../lib/query-keys';
import { buildRolePayload, type ResourceItem, type RoleFormValues } from './permission-state';

export type RolesPage = ListPage<'roles', RoleDto>;

/** The role list is small and shown whole: one page of the server's maximum size. */
export const useRoles = () =>
  useQuery({
    queryKey: queryKeys.roles.list(),
    queryFn: async () =>
      (await api.get<RolesPage>('/admin/roles', { page: '1', limit: String(MAX_PAGE_SIZE) })).data,
    staleTime: LIST_STALE_MS,
  });

export const useRole = (id: string) =>
  useQuery({
    queryKey: queryKeys.roles.detail(id),
    queryFn: async () => (await api.get<RoleDto>(`/admin/roles/${id}`)).data,
  });

export const useResources = () =>
  useQuery({
    queryKey: queryKeys.resources,
    queryFn: async () => (await api.get<ResourceItem[]>('/admin/resources')).data,
    staleTime: LIST_STALE_MS,
  });

export const createRole = (values: RoleFormValues, idempotencyKey?: string) =>
  api.post<RoleDto>('/admin/roles', buildRolePayload(values), { idempotencyKey });

/** expiresAt: null must reach the server so an unchecked expiry really clears the stored date. */
export const updateRole = (id: string, values: RoleFormValues, idempotencyKey?: string) =>
  api.patch<RoleDto>(`/admin/roles/${id}`, buildRolePayload(values), { keepEmpty: true, idempotencyKey });

export const deleteRole = (id: string) => api.delete<null>(`/admin/roles/${id}`);
