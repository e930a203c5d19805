import { NEW_USER_PASSWORD_SPECIALS } from '@karya/domain';
import { MultiSelect, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type ComponentProps, useEffect, useState } from 'react';
import { useRoleSuggestions } from './form-api';

/**
 * Roles picker: searches GET /admin/roles/suggestion (debounced 400 ms) and keeps the names of the roles
 * already chosen, which the suggestion answer may leave out.
 */
export const RolesPicker = ({
  value,
  onChange,
  names,
  onNames,
  canSearch,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  names: Record<string, string>;
  onNames: (names: Record<string, string>) => void;
  canSearch: boolean;
  error?: string;
}) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [opened, setOpened] = useState(false);
  const suggestions = useRoleSuggestions(debounced, value, canSearch && opened);
  useEffect(() => {
    if (!suggestions.data?.length) return;
    const fresh = suggestions.data.filter((r) => names[r._id] !== r.name);
    if (fresh.length) onNames({ ...names, ...Object.fromEntries(fresh.map((r) => [r._id, r.name])) });
  }, [suggestions.data, names, onNames]);
  const ids = [...new Set([...value, ...(suggestions.data ?? []).map((r) => r._id)])];
  const data = ids.map((id) => ({ value: id, label: names[id] ?? 'Unknown role' }));
  return (
    <MultiSelect
      label="Roles"
      placeholder={value.length ? undefined : canSearch ? 'Search roles' : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name.
      filter={({ options }) => options}
      hidePickedOptions
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={suggestions.isFetching ? 'Loading...' : 'No roles found'}
      disabled={!canSearch}
      description={canSearch ? undefined : 'You may not search roles.'}
      error={error}
      clearable
    />
  );
};

const NEW_USER_RULES: { re: RegExp; label: string }[] = [
  { re: /.{8,}/, label: 'At least 8 characters' },
  { re: /[A-Z]/, label: 'At least one uppercase letter' },
  { re: /[a-z]/, label: 'At least one lowercase letter' },
  { re: /[0-9]/, label: 'At least one number' },
  { re: /[!@#$%^&*(),.?":{}|<>]/, label: `At least one special character (${NEW_USER_PASSWORD_SPECIALS})` },
];

/** The new-user password with a live strength hint built from the same rules the schema checks. */
export const NewUserPasswordInput = ({
  value,
  ...props
}: ComponentProps<typeof PasswordInput> & { value: string }) => {
  const met = NEW_USER_RULES.filter((r) => r.re.test(value)).length;
  const strength = (met / NEW_USER_RULES.length) * 100;
  const color = strength === 100 ? 'teal' : strength >= 60 ? 'yellow' : 'red';
  return (
    <Stack gap={6}>
      <PasswordInput value={value} autoComplete="new-password" {...props} />
      <Progress value={strength} color={color} size="sm" aria-label="Password strength" />
      <Stack gap={2}>
        {NEW_USER_RULES.map((r) => {
          const ok = r.re.test(value);
          return (
            <Text key={r.label} size="xs" c={ok ? 'teal.8' : 'dimmed'} style={{ display: 'flex', gap: 4 }}>
              {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
              {r.label}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
};
