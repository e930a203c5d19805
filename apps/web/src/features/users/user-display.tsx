import { DATE_FORMAT, DATE_TIME_FORMAT, type UserDto } from '@karya/domain';
import { Anchor, Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconShieldCheck,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

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

/** A role expires at the end of its day: one that ends today already counts as expired. */
const hasExpired = (role: UserDto['roles'][number]) =>
  role.expiresAt ? dayjs(role.expiresAt).isBefore(dayjs().add(1, 'day'), 'day') : false;

export const RoleChips = ({
  roles,
  expiredNames,
}: {
  roles: UserDto['roles'];
  /** The names the server reports as expired, where it does; otherwise each role's date decides. */
  expiredNames?: string[];
}) =>
  roles.length ? (
    <Group gap={4} wrap="wrap">
      {roles.map((role) => {
        const expired = expiredNames ? expiredNames.includes(role.name) : hasExpired(role);
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

/** A titled block of a user's details; a labelled region so each section can be found by its name. */
export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

/** A label over its value; an empty value shows a dash. */
export const DetailField = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text component="div" size="sm" style={{ overflowWrap: 'break-word' }}>
      {children || '—'}
    </Text>
  </div>
);

export type DetailItem = { label: string; value: ReactNode };

/** Fields in two columns from the xs breakpoint, one below it. */
export const DetailGrid = ({ items }: { items: DetailItem[] }) => (
  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
    {items.map((item) => (
      <DetailField key={item.label} label={item.label}>
        {item.value}
      </DetailField>
    ))}
  </SimpleGrid>
);

export const formatAddress = (a: UserDto['address']) =>
  a ? [a.street, a.city, a.state, a.country, a.zipCode].filter(Boolean).join(', ') : '';

export const LanguageBadges = ({ languages }: { languages: string[] }) =>
  languages.length ? (
    <Group gap={6} component="span">
      {languages.map((l) => (
        <Badge key={l} variant="light" size="sm" style={{ textTransform: 'none' }}>
          {l}
        </Badge>
      ))}
    </Group>
  ) : null;

/** Photo, name, status, email and roles at the head of a user's details. */
export const UserSummary = ({
  user,
  expiredRoles,
  noRolesText,
}: {
  user: UserDto;
  /** Names the server reports as expired; without them expiry is read from each role's date. */
  expiredRoles?: string[];
  /** Said where there are no roles; without it nothing is shown. */
  noRolesText?: string;
}) => (
  <Group gap="md" wrap="wrap" align="center">
    <Avatar
      src={user.image?.url}
      name={user.name}
      alt={`${user.name}'s profile image`}
      color="initials"
      size={84}
      radius="xl"
    />
    <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
      <Group gap="xs" wrap="wrap">
        <Title order={3} style={{ overflowWrap: 'break-word' }}>
          {user.name}
        </Title>
        <StatusBadge status={user.status} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
        {user.email}
      </Text>
      {user.roles.length || !noRolesText ? (
        <RoleChips roles={user.roles} expiredNames={expiredRoles} />
      ) : (
        <Text size="xs" c="dimmed">
          {noRolesText}
        </Text>
      )}
    </Stack>
  </Group>
);

export const EmergencyContacts = ({ contacts }: { contacts: UserDto['emergencyContact'] | undefined }) =>
  contacts?.length ? (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {contacts.map((c) => (
        <Card key={`${c.name}-${c.relationship}-${c.phone}`} withBorder padding="sm" radius="sm">
          <Text fw={500} size="sm">
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.relationship}
          </Text>
          <Anchor href={`tel:${c.phone}`} size="sm">
            {c.phone}
          </Anchor>
        </Card>
      ))}
    </SimpleGrid>
  ) : (
    <Text size="sm" c="dimmed">
      No emergency contacts.
    </Text>
  );

const SOCIAL: { key: string; label: string; icon: ReactNode }[] = [
  { key: 'facebook', label: 'Facebook', icon: <IconBrandFacebook size={16} aria-hidden /> },
  { key: 'twitter', label: 'Twitter', icon: <IconBrandX size={16} aria-hidden /> },
  { key: 'instagram', label: 'Instagram', icon: <IconBrandInstagram size={16} aria-hidden /> },
  { key: 'linkedin', label: 'LinkedIn', icon: <IconBrandLinkedin size={16} aria-hidden /> },
  { key: 'youtube', label: 'YouTube', icon: <IconBrandYoutube size={16} aria-hidden /> },
];

export const SocialMediaLinks = ({ links }: { links: UserDto['socialMedia'] | undefined }) => {
  const present = SOCIAL.filter((s) => links?.[s.key]);
  return present.length ? (
    <Stack gap={6}>
      {present.map((s) => (
        <Group key={s.key} gap="xs" wrap="nowrap">
          {s.icon}
          <Anchor
            href={links?.[s.key]}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'break-word' }}
          >
            {s.label}
          </Anchor>
        </Group>
      ))}
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      No social media links.
    </Text>
  );
};
