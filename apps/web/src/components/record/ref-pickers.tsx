import { MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';

/** Spec 3 §9: a suggestion search waits for typing to pause this long. */
export const REF_SUGGESTION_DEBOUNCE_MS = 400;

/** A record as suggestion calls answer it (GET …/suggestion → [{_id, name}]). */
export type RefOption = { _id: string; name: string };

/** Names of records by id, so picked records keep their names whatever the last search answered. */
export type RefNames = Record<string, string>;

/**
 * A record type's suggestion call: `fetch(name, selectedIds)` answers the selected records first, then
 * those whose name matches (the server's `suggest`), and `queryKey` files the answer under the record
 * type's keys (e.g. `brandKeys.suggestion`), so a change to the records refreshes it.
 */
export type RefSource = {
  queryKey: (name: string, selected: string) => QueryKey;
  fetch: (name: string, selectedIds: string[], signal: AbortSignal) => Promise<RefOption[]>;
};

const mergeNames = (names: RefNames, refs: readonly RefOption[]): RefNames => {
  const fresh = refs.filter((r) => names[r._id] !== r.name);
  return fresh.length ? { ...names, ...Object.fromEntries(fresh.map((r) => [r._id, r.name])) } : names;
};

/** The server has already filtered the suggestions by name. */
const serverFiltered: OptionsFilter = ({ options }) => options;

type PickerOptions = {
  value: string[];
  source: RefSource;
  /** Suggestion on the record type's resource; without it only the picked records show (disabled). */
  canSearch: boolean;
  /** Lower-case plural for the texts: 'brands' → 'No brands found', 'Search brands by name'. */
  plural: string;
  /** Records whose names the caller already knows (e.g. those the edited record refers to). */
  known?: readonly RefOption[];
  names?: RefNames;
  onNames?: (names: RefNames) => void;
};

/**
 * What both pickers share (the user pickers' pattern, for any record type with a suggestion call): the
 * search asked 400 ms after typing pauses, once the dropdown has opened; picked ids whose names are
 * unknown (filters read from the URL, a restored draft) asked as `selectedIds`; the options (picked
 * records first, then the suggestions). The names live in `names` when the caller passes it (a form
 * draft keeps them), else inside the picker.
 */
const useRefPicker = ({
  value,
  source,
  canSearch,
  plural,
  known = [],
  names: callerNames,
  onNames: callerOnNames,
}: PickerOptions) => {
  const [ownNames, setOwnNames] = useState<RefNames>({});
  const names = callerNames && callerOnNames ? callerNames : ownNames;
  const onNames = callerNames && callerOnNames ? callerOnNames : setOwnNames;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), REF_SUGGESTION_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const knownNames = mergeNames(names, known);
  const missing = value.filter((id) => !knownNames[id]);
  const selected = [...missing].sort().join(',');
  const name = opened ? debounced : '';
  const suggestions = useQuery<RefOption[]>({
    queryKey: source.queryKey(name, selected),
    queryFn: ({ signal }) => source.fetch(name, selected ? selected.split(',') : [], signal),
    enabled: canSearch && (opened || missing.length > 0),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const next = mergeNames(names, [...known, ...(suggestions.data ?? [])]);
    if (next !== names) onNames(next);
  }, [suggestions.data, known, names, onNames]);

  const offered = canSearch && opened ? (suggestions.data ?? []).map((r) => r._id) : [];
  const ids = [...new Set([...value, ...offered])];
  const locked = !canSearch;
  return {
    data: ids.map((id) => ({ value: id, label: knownNames[id] ?? 'Unknown' })),
    searchable: true,
    searchValue: text,
    onSearchChange: setText,
    filter: serverFiltered,
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => setOpened(false),
    nothingFoundMessage: suggestions.isFetching ? 'Loading...' : `No ${plural} found`,
    disabled: locked,
    description: locked ? `You may not search ${plural}.` : undefined,
    placeholder: locked ? undefined : `Search ${plural} by name`,
    clearable: true,
    comboboxProps: { withinPortal: true },
  };
};

type PickerProps = Omit<PickerOptions, 'value'> & {
  label: string;
  error?: string;
  onBlur?: () => void;
  /** A required field's star beside the label. */
  withAsterisk?: boolean;
  /** A line under the field (e.g. the picked item's stock). */
  description?: ReactNode;
};

/** One record (brand, margin…) picked by name through its suggestion call. */
export const RefSelect = ({
  label,
  value,
  onChange,
  error,
  onBlur,
  withAsterisk,
  description,
  ...options
}: PickerProps & { value: string | null; onChange: (id: string | null) => void }) => {
  const props = useRefPicker({ ...options, value: value ? [value] : [] });
  return (
    <Select
      {...props}
      label={label}
      withAsterisk={withAsterisk}
      description={description}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      // A failed submit focuses the first field in error: its list opening on that focus covered the
      // message under it (issue 23, the purchase's vendor). A click or typing still opens it.
      openOnFocus={!error}
    />
  );
};

/** Several records (categories, classes…) picked by name through their suggestion call. */
export const RefMultiSelect = ({
  label,
  value,
  onChange,
  error,
  onBlur,
  ...options
}: PickerProps & { value: string[]; onChange: (ids: string[]) => void }) => {
  const { placeholder, ...props } = useRefPicker({ ...options, value });
  return (
    <MultiSelect
      {...props}
      placeholder={value.length ? undefined : placeholder}
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      hidePickedOptions
    />
  );
};
