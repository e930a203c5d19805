import type { UserSuggestionDto } from '@karya/domain';
import {
  Avatar,
  type ComboboxItem,
  Group,
  MultiSelect,
  type OptionsFilter,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { fetchUserSuggestions } from '../../features/users/api';
import { queryKeys } from '../../lib/query-keys';

/** Spec 1 §9: a search waits for typing to pause this long. */
export const SUGGESTION_DEBOUNCE_MS = 400;

/** Names of users by id, so picked users keep their names whatever the last search answered. */
export type UserNames = Record<string, string>;

/** A user reference as records carry them. */
type Ref = { _id: string; name: string };

/** Merge user references into a names map (unchanged map when nothing is new, to avoid re-renders). */
export const withNames = (names: UserNames, refs: readonly (Ref | null | undefined)[]): UserNames => {
  const fresh = refs.filter((r): r is Ref => Boolean(r && names[r._id] !== r.name));
  return fresh.length ? { ...names, ...Object.fromEntries(fresh.map((r) => [r._id, r.name])) } : names;
};

/**
 * Users matching `name` (GET /admin/users/suggestion, at most 20), the `selectedIds` first so pickers can
 * show the names of what is already chosen. Runs only while `enabled`.
 */
const useUserSuggestions = (name: string, selectedIds: readonly string[], enabled: boolean) => {
  const selected = [...selectedIds].sort().join(',');
  return useQuery<UserSuggestionDto[]>({
    queryKey: queryKeys.users.suggestion(name, selected),
    queryFn: ({ signal }) => fetchUserSuggestions(name, signal, selected ? selected.split(',') : []),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
};

/** Name and e-mail of a user option; the avatar and e-mail are decoration, the option is named by the name. */
const renderUserOption = (users: Map<string, UserSuggestionDto>) =>
  function UserOption({ option }: { option: ComboboxItem }): ReactNode {
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

/** The server has already filtered the suggestions by name. */
const serverFiltered: OptionsFilter = ({ options }) => options;

/** The names map a picker uses: the caller's when it passes one (e.g. to keep it in a form draft), else its own. */
const useNames = (names?: UserNames, onNames?: (names: UserNames) => void) => {
  const [own, setOwn] = useState<UserNames>({});
  return names && onNames ? { names, onNames } : { names: own, onNames: setOwn };
};

/**
 * What both pickers share: the search (suggestions asked 400 ms after typing pauses, once the dropdown has
 * opened), the names of the picked ids (unknown ones are asked as `selectedIds`), the options (`self`
 * first, then the picked users, then the suggestions) and the props of the Mantine input. Without
 * `canSearch` (suggestion on user) only `self` and the picked users are offered; with no `self` either, the
 * input is disabled.
 */
const useUserPicker = ({
  value,
  canSearch,
  self,
  known = [],
  names,
  onNames,
  description,
}: {
  value: string[];
  canSearch: boolean;
  self?: Ref | null;
  /** Users the caller already holds whole (name and e-mail). */
  known?: UserSuggestionDto[];
  names: UserNames;
  onNames: (names: UserNames) => void;
  description?: string;
}) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SUGGESTION_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  // Picked ids whose names are unknown (e.g. filters read from the URL or storage): the server answers them first.
  const missing = value.filter((id) => !names[id] && id !== self?._id && !known.some((u) => u._id === id));
  const suggestions = useUserSuggestions(
    opened ? debounced : '',
    missing,
    canSearch && (opened || missing.length > 0),
  );

  useEffect(() => {
    const next = withNames(names, [self, ...(suggestions.data ?? [])]);
    if (next !== names) onNames(next);
  }, [suggestions.data, self, names, onNames]);

  const users = new Map<string, UserSuggestionDto>();
  for (const u of [...known, ...(suggestions.data ?? [])]) users.set(u._id, u);
  const offered = canSearch && opened ? (suggestions.data ?? []).map((u) => u._id) : [];
  const ids = [...new Set([...(self ? [self._id] : []), ...value, ...offered])];
  const nameOf = (id: string) => (id === self?._id ? self.name : (names[id] ?? users.get(id)?.name));
  const locked = !canSearch && !self;
  return {
    users,
    placeholder: canSearch ? 'Search users by name' : self ? 'Pick users' : undefined,
    props: {
      data: ids.map((id) => ({ value: id, label: nameOf(id) ?? 'Unknown user' })),
      searchable: true,
      searchValue: search,
      onSearchChange: setSearch,
      // With search the server has already filtered by name; without it the few options filter locally.
      filter: canSearch ? serverFiltered : undefined,
      onDropdownOpen: () => setOpened(true),
      onDropdownClose: () => setOpened(false),
      renderOption: renderUserOption(users),
      nothingFoundMessage: suggestions.isFetching ? 'Loading...' : 'No users found',
      disabled: locked,
      description: description ?? (locked ? 'You may not search users.' : undefined),
      clearable: true,
      comboboxProps: { withinPortal: true },
    },
  };
};

type PickerProps = {
  label: string;
  /** Suggestion on user: without it only `self` (if given) can be picked, else the input is disabled. */
  canSearch: boolean;
  error?: string;
  description?: string;
};

/** One user, searched by name on the server; `onChange` hands over the whole user (name and e-mail). */
export const UserSelect = ({
  label,
  value,
  onChange,
  canSearch,
  error,
  description,
}: PickerProps & {
  value: UserSuggestionDto | null;
  onChange: (user: UserSuggestionDto | null) => void;
}) => {
  const { names, onNames } = useNames();
  const { users, placeholder, props } = useUserPicker({
    value: value ? [value._id] : [],
    known: value ? [value] : [],
    canSearch,
    names,
    onNames,
    description,
  });
  return (
    <Select
      {...props}
      label={label}
      placeholder={placeholder}
      value={value?._id ?? null}
      onChange={(id) => onChange(id ? (users.get(id) ?? null) : null)}
      error={error}
    />
  );
};

/**
 * Several users picked by name (a form field or a filter). `self`, the signed-in user, is always offered
 * first. The names of picked users are kept in `names` when the caller passes it (so a form draft can
 * keep them), otherwise inside the picker.
 */
export const UserMultiSelect = ({
  label,
  value,
  onChange,
  canSearch,
  self,
  names: callerNames,
  onNames: callerOnNames,
  error,
  description,
  withAsterisk,
  onBlur,
}: PickerProps & {
  value: string[];
  onChange: (ids: string[]) => void;
  self?: Ref | null;
  names?: UserNames;
  onNames?: (names: UserNames) => void;
  withAsterisk?: boolean;
  onBlur?: () => void;
}) => {
  const { names, onNames } = useNames(callerNames, callerOnNames);
  const { placeholder, props } = useUserPicker({ value, canSearch, self, names, onNames, description });
  return (
    <MultiSelect
      {...props}
      label={label}
      placeholder={value.length ? undefined : placeholder}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      withAsterisk={withAsterisk}
      error={error}
      hidePickedOptions
    />
  );
};
