import { TEAM_MESSAGES, type TeamMemberRole, type UserRef, type UserSuggestionDto } from '@karya/domain';
import { ActionIcon, Avatar, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { UserSelect } from '../../components/pickers/user-pickers';
import { ROLE_OPTIONS } from './team-display';
import { type MemberInfo, type TeamFormState, teamValidation } from './team-form-values';

type Member = TeamFormState['members'][number];
type PickErrors = { user?: string; role?: string };

/**
 * What the form asks the editor on submit: a user (and role) picked but not added yet is added (`added`),
 * or, when that cannot be done (no role, already a member), named in a message (`incomplete`).
 */
export type MembersPicker = { flush: () => 'none' | 'added' | 'incomplete' };

/** The member rows' errors the schema may give (e.g. a duplicate sent anyway). */
export type MemberErrors = ({ user?: { message?: string }; role?: { message?: string } } | undefined)[];

/**
 * The members of a team: pick a user and a role, then Add member; each member row changes its role or is
 * removed. A user already in the list is refused with 'User already in team'. `info` holds the names and
 * e-mails of the members (the value holds ids only).
 */
export const MembersEditor = ({
  value,
  onChange,
  info,
  onInfo,
  canSearch,
  error,
  memberErrors,
  ref,
}: {
  ref?: Ref<MembersPicker>;
  value: Member[];
  onChange: (members: Member[]) => void;
  info: MemberInfo;
  onInfo: (user: UserRef) => void;
  canSearch: boolean;
  /** A form-level message, e.g. 'At least one team member is required'. */
  error?: string;
  memberErrors?: MemberErrors;
}) => {
  const [user, setUser] = useState<UserSuggestionDto | null>(null);
  const [role, setRole] = useState<TeamMemberRole | null>(null);
  const [errors, setErrors] = useState<PickErrors>({});
  /** Set when a submit found a picked user that could not be added. */
  const [notAdded, setNotAdded] = useState<string | null>(null);

  // The picker's messages are about the list as it was: a change to the list (say the member the picked
  // user duplicated was removed) makes them stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of the list only
  useEffect(() => {
    setErrors((e) => (e.user === TEAM_MESSAGES.userAlreadyInTeam ? { ...e, user: undefined } : e));
  }, [value]);

  // The pick is checked by the domain's schema, in the form's validation module (loaded as the form renders).
  const validation = teamValidation.use();
  const add = () => {
    const checks = teamValidation.current();
    if (!checks) return false;
    const parsed = checks.teamMemberSchema.safeParse({ user: user?._id ?? '', role: role ?? '' });
    if (!parsed.success) {
      const next: PickErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PickErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return false;
    }
    if (value.some((m) => m.user === parsed.data.user)) {
      setErrors({ user: TEAM_MESSAGES.userAlreadyInTeam });
      return false;
    }
    if (user) onInfo({ _id: user._id, name: user.name, email: user.email, image: user.image });
    onChange([...value, parsed.data]);
    setUser(null);
    setErrors({});
    setNotAdded(null);
    return true;
  };

  useImperativeHandle(ref, () => ({
    flush: () => {
      if (!user) return 'none';
      if (add()) return 'added';
      setNotAdded(`${user.name} is picked but not added: choose a role and press Add member, or clear User.`);
      return 'incomplete';
    },
  }));

  const nameOf = (id: string) => info[id]?.name ?? 'Unknown user';

  return (
    <Stack gap="sm">
      {/* Above the pickers, so their dropdowns (which open below them) never cover it. */}
      {(error || notAdded) && (
        <Text size="sm" c="red" role="alert">
          {notAdded ?? error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'start' }}>
        <UserSelect
          label="User"
          value={user}
          onChange={(u) => {
            setUser(u);
            setErrors((e) => ({ ...e, user: undefined }));
            setNotAdded(null);
          }}
          canSearch={canSearch}
          error={errors.user}
        />
        <Select
          label="Role"
          placeholder="Pick a role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(r) => {
            setRole(r as TeamMemberRole | null);
            setErrors((e) => ({ ...e, role: undefined }));
          }}
          error={errors.role}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          // Until the checks have arrived (a moment after the form shows, longer on a slow link).
          loading={!validation}
          mt={{ base: 0, sm: 25 }}
        >
          Add member
        </Button>
      </SimpleGrid>

      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No members added yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label="Team members" p={0} m={0} style={{ listStyle: 'none' }}>
          {value.map((m, i) => {
            const name = nameOf(m.user);
            const rowError = memberErrors?.[i]?.user?.message ?? memberErrors?.[i]?.role?.message;
            return (
              <Paper component="li" key={m.user} withBorder radius="md" p="xs">
                {/* On a phone the role and remove controls wrap under the name instead of squeezing it. */}
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 180px' }}>
                    <Avatar
                      src={info[m.user]?.image?.url}
                      name={name}
                      color="initials"
                      radius="xl"
                      size="md"
                      aria-hidden
                    />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {name}
                      </Text>
                      {info[m.user]?.email && (
                        <Text size="xs" c="dimmed" truncate>
                          {info[m.user]?.email}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <Group gap="xs" wrap="nowrap" ml="auto">
                    {/* No 'Role' or 'User' in this name: those two label the picker above, and a browser
                        test's substring match on them must find one control. */}
                    <Select
                      aria-label={`Membership of ${name}`}
                      data={ROLE_OPTIONS}
                      value={m.role}
                      onChange={(r) =>
                        r &&
                        onChange(value.map((x, j) => (j === i ? { ...x, role: r as TeamMemberRole } : x)))
                      }
                      allowDeselect={false}
                      w={120}
                      size="xs"
                      comboboxProps={{ withinPortal: true }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      onClick={() => onChange(value.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                {rowError && (
                  <Text size="xs" c="red" mt={4}>
                    {rowError}
                  </Text>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
};
