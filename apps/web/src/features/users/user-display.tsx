import { DATE_FORMAT, DATE_TIME_FORMAT, type UserDto } from '@karya/domain';
import { Badge, Group, Tooltip } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';

/** Cosmetic colours (spec 1 §9). */
export const STATUS_COLORS: Record<string, string> = {
  Active: 'green',
  Inactive: 'gray',
  Deleted: 'red',
  Blocked: 'orange',
  Recovered: 'teal',
};

export const EMPLOYMENT_COLORS: Record<string, string> = {
  'Full-Time': 'blue',
  'Part-Time': 'cyan',
  Contract: 'grape',
  Freelance: 'indigo',
  Internship: 'pink',
};

/** dd/MM/yyyy; a bare YYYY-MM-DD is a calendar day, not a moment, so it is read without a zone shift. */
export const formatDate = (value: string | null | undefined) =>
  value ? dayjs(value.length === 10 ? `${value}T00:00:00` : value).format(DATE_FORMAT) : '—';

export const formatDateTime = (value: string | null | undefined) =>
  value ? dayjs(value).format(DATE_TIME_FORMAT) : '—';

export const StatusBadge = ({ status }: { status: string }) => (
  <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" size="sm">
    {status}
  </Badge>
);

/** Spec 1 §2: a role whose name contains 'admin' shows a shield badge. */
export const isAdminRole = (name: string) => name.toLowerCase().includes('admin');

export const RoleChips = ({ roles }: { roles: UserDto['roles'] }) =>
  roles.length ? (
    <Group gap={4} wrap="wrap">
      {roles.map((role) => {
        const expired = role.expiresAt ? dayjs(role.expiresAt).isBefore(dayjs().add(1, 'day'), 'day') : false;
        const badge = (
          <Badge
            key={role._id}
            variant={isAdminRole(role.name) ? 'filled' : 'outline'}
            color={expired ? 'gray' : isAdminRole(role.name) ? 'karya' : 'gray'}
            size="sm"
            leftSection={
              isAdminRole(role.name) ? <IconShieldCheck size={12} aria-label="Admin role" /> : null
            }
            style={{ textTransform: 'none' }}
          >
            {role.name}
            {expired ? ' (expired)' : ''}
          </Badge>
        );
        return expired ? (
          <Tooltip key={role._id} label="This role has expired">
            {badge}
          </Tooltip>
        ) : (
          badge
        );
      })}
    </Group>
  ) : null;
