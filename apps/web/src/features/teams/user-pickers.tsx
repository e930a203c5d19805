import type { UserSuggestionDto } from '@karya/domain';
import { Avatar, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { SUGGESTION_DEBOUNCE_MS, useUserSuggestions } from './api';

/** Name and e-mail of a user option; the avatar and e-mail are decoration, the option is named by the name. */
const renderUserOption = (users: Map<string, UserSuggestionDto>) =>
  function UserOption({ option }: { option: { value: string; label: string } }): ReactNode {
    const user = users.get(option.value);
    return (
      <Group gap="sm" wrap="nowrap">
        <Avatar
          src={user?.image?.url}
          name={option.label}
          color="initials"
          size="sm"
          radius="xl"
          aria-hidden
        />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm">{option.label}</Text>
          {/* Seen, not read out: an option's accessible name stays the user's name. */}
          {user?.email && (
            <Text size="xs" c="dimmed" truncate aria-hidden>
              {user.email}
            </Text>
          )}
        </Stack>
      </Group>
    );
  };

/** The search text, debounced; suggestions are asked only once the dropdown has opened. */
const useSearch = () => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SUGGESTION_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  return { search, setSearch, debounced, opened, open: () => setOpened(true) };
};

/**
 * One user, searched by name on the server (GET /admin/users/suggestion, 400 ms after typing pauses).
 * `onChange` hands over the whole user so the caller can show the name and e-mail.
 */
export const UserSelect = ({
  label,
  value,
  onChange,
  canSearch,
  error,
}: {
  label: string;
  value: UserSuggestionDto | null;
  onChange: (user: UserSuggestionDto | null) => void;
  canSearch: boolean;
  error?: string;
}) => {
  const s = useSearch();
  const suggestions = useUserSuggestions(s.debounced, value ? [value._id] : [], canSearch && s.opened);
  const users = new Map<string, UserSuggestionDto>();
  if (value) users.set(value._id, value);
  for (const u of suggestions.data ?? []) users.set(u._id, u);
  const data = [...users.values()].map((u) => ({ value: u._id, label: u.name }));
  return (
    <Select
      label={label}
      placeholder={canSearch ? 'Search users by name' : undefined}
      data={data}
      value={value?._id ?? null}
      onChange={(id) => onChange(id ? (users.get(id) ?? null) : null)}
      searchable
      searchValue={s.search}
      onSearchChange={s.setSearch}
      // The server already filtered by name.
      filter={({ options }) => options}
      onDropdownOpen={s.open}
      renderOption={renderUserOption(users)}
      nothingFoundMessage={suggestions.isFetching ? 'Loading...' : 'No users found'}
      disabled={!canSearch}
      description={canSearch ? undefined : 'You may not search users.'}
      error={error}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/**
 * Several users (a filter): searched on the server like UserSelect. The names of the chosen ids come back
 * with the suggestions (selected ids first), so a filter read from the URL still shows names.
 */
export const UserMultiSelect = ({
  label,
  value,
  onChange,
  canSearch,
}: {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  canSearch: boolean;
}) => {
  const s = useSearch();
  const [known, setKnown] = useState<Record<string, UserSuggestionDto>>({});
  const suggestions = useUserSuggestions(s.debounced, value, canSearch && (s.opened || value.length > 0));
  useEffect(() => {
    const fresh = (suggestions.data ?? []).filter((u) => known[u._id]?.name !== u.name);
    if (fresh.length) setKnown((k) => ({ ...k, ...Object.fromEntries(fresh.map((u) => [u._id, u])) }));
  }, [suggestions.data, known]);
  const users = new Map<string, UserSuggestionDto>();
  for (const id of value) if (known[id]) users.set(id, known[id]);
  for (const u of suggestions.data ?? []) users.set(u._id, u);
  const ids = [...new Set([...value, ...users.keys()])];
  const data = ids.map((id) => ({ value: id, label: users.get(id)?.name ?? 'Unknown user' }));
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : canSearch ? 'Search users by name' : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={s.search}
      onSearchChange={s.setSearch}
      filter={({ options }) => options}
      hidePickedOptions
      onDropdownOpen={s.open}
      renderOption={renderUserOption(users)}
      nothingFoundMessage={suggestions.isFetching ? 'Loading...' : 'No users found'}
      disabled={!canSearch}
      description={canSearch ? undefined : 'You may not search users.'}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};
