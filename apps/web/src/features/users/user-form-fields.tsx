import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
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
