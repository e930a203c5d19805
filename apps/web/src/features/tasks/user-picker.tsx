import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { fetchUserSuggestions } from '../users/api';

/** Names of users by id, so picked users keep their names whatever the last search answered. */
export type UserNames = Record<string, string>;

/** A user reference as the tasks carry them. */
type Ref = { _id: string; name: string };

/** Merge user references into a names map (unchanged map when nothing is new, to avoid re-renders). */
export const withNames = (names: UserNames, refs: readonly (Ref | null | undefined)[]): UserNames => {
  const fresh = refs.filter((r): r is Ref => Boolean(r && names[r._id] !== r.name));
  return fresh.length ? { ...names, ...Object.fromEntries(fresh.map((r) => [r._id, r.name])) } : names;
};

/**
 * Several users picked by name: with `canSearch` (suggestion on user) the options come from
 * GET /admin/users/suggestion, asked 400 ms after typing stops; the names of picked users are kept in
 * `names` (owned by the caller, e.g. so a form draft can keep them). Without search only `self` (and the
 * users already picked) can be chosen.
 */
export const UserMultiPicker = ({
  label,
  value,
  onChange,
  names,
  onNames,
  canSearch,
  self,
  error,
  withAsterisk,
  description,
  onBlur,
}: {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  names: UserNames;
  onNames: (names: UserNames) => void;
  canSearch: boolean;
  /** The signed-in user, always offered (first). */
  self?: Ref | null;
  error?: string;
  withAsterisk?: boolean;
  description?: string;
  onBlur?: () => void;
}) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [opened, setOpened] = useState(false);
  // Picked ids whose names are unknown (e.g. filters restored from storage): the server answers them first.
  const missing = value.filter((id) => !names[id] && id !== self?._id);
  const suggestions = useQuery({
    queryKey: queryKeys.users.suggestion(opened ? debounced : '', missing.join(',')),
    queryFn: ({ signal }) => fetchUserSuggestions(opened ? debounced : '', signal, missing),
    enabled: canSearch && (opened || missing.length > 0),
    staleTime: 30_000,
  });

  useEffect(() => {
    const next = withNames(names, [self, ...(suggestions.data ?? [])]);
    if (next !== names) onNames(next);
  }, [suggestions.data, self, names, onNames]);

  const offered = canSearch && opened ? (suggestions.data ?? []).map((u) => u._id) : [];
  const ids = [...new Set([...(self ? [self._id] : []), ...value, ...offered])];
  const data = ids.map((id) => ({
    value: id,
    label: (id === self?._id ? self.name : names[id]) ?? 'Unknown user',
  }));

  return (
    <MultiSelect
      label={label}
      withAsterisk={withAsterisk}
      description={description}
      placeholder={value.length ? undefined : canSearch ? 'Search users by name' : 'Pick users'}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // With search the server has already filtered by name; without it the few options filter locally.
      filter={canSearch ? ({ options }) => options : undefined}
      hidePickedOptions
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={suggestions.isFetching ? 'Loading...' : 'No users found'}
      error={error}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};
