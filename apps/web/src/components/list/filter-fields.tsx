import { TEXT_FILTER_HINT } from '@karya/domain';
import { Checkbox, Fieldset, Group, MultiSelect, Switch, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { UserMultiSelect } from '../pickers/user-pickers';
import { RefMultiSelect, type RefSource } from '../record/ref-pickers';
import { useFilterPanel } from './filter-draft';

/**
 * The fields of filter panels, one piece per kind (GUIDE convention 18), each bound by its `name` to the
 * open panel's draft (FilterDrawer provides it). A panel is a short list of these; its date ranges and the
 * fields derived from the list's declaration are in filter-kinds.tsx (they carry the date pickers).
 */

const idsOf = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
export const objectOf = (v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

type Field = { name: string; label: string };

/** A text filter; says under the field how the server matches it (1 or 2 letters the start, 3 or more anywhere). */
export const TextFilter = ({ name, label, type = 'text' }: Field & { type?: string }) => {
  const { draft } = useFilterPanel();
  return (
    <TextInput
      label={label}
      type={type}
      description={TEXT_FILTER_HINT}
      value={typeof draft.values[name] === 'string' ? (draft.values[name] as string) : ''}
      onChange={(e) => draft.set(name, e.currentTarget.value)}
    />
  );
};

/** Any of a fixed set of values (an enum of the list's declaration). */
export const ChoiceFilter = ({
  name,
  label,
  data,
}: Field & { data: readonly string[] | readonly { value: string; label: string }[] }) => {
  const { draft } = useFilterPanel();
  return (
    <MultiSelect
      label={label}
      data={[...data]}
      value={idsOf(draft.values[name])}
      onChange={(v) => draft.set(name, v)}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/** A yes-only filter: checked sends true, unchecked drops the filter. */
export const CheckFilter = ({
  name,
  label,
  description,
  as = 'checkbox',
}: Field & { description?: string; as?: 'checkbox' | 'switch' }) => {
  const { draft } = useFilterPanel();
  const Toggle = as === 'switch' ? Switch : Checkbox;
  return (
    <Toggle
      label={label}
      description={description}
      checked={draft.values[name] === true}
      onChange={(e) => draft.set(name, e.currentTarget.checked ? true : undefined)}
      mt="xs"
    />
  );
};

/**
 * A min–max pair (years, counts, amounts), kept as typed (digits, and a dot with `decimals`), or as
 * numbers with `numbers`. Each end is named '<label> <end>' ('Budget from', 'Total Amount min'); the
 * group shows `legend` (default: the label).
 */
export const NumberRangeFilter = ({
  name,
  label,
  decimals = false,
  ends = ['From', 'To'],
  numbers = false,
  legend = label,
}: Field & { decimals?: boolean; ends?: readonly [string, string]; numbers?: boolean; legend?: string }) => {
  const { draft } = useFilterPanel();
  const range = objectOf(draft.values[name]);
  const clean = (v: string) => (decimals ? v.replace(/[^\d.]/g, '') : v.replace(/\D/g, ''));
  const set = (key: 'min' | 'max', v: string) => {
    const next = { min: textOf(range.min), max: textOf(range.max), [key]: clean(v) };
    const end = (t: string) => (t === '' ? undefined : numbers ? Number(t) : t);
    draft.set(name, next.min || next.max ? { min: end(next.min), max: end(next.max) } : undefined);
  };
  const input = (key: 'min' | 'max', end: string) => (
    <TextInput
      label={end}
      aria-label={`${label} ${end.toLowerCase()}`}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={textOf(range[key])}
      onChange={(e) => set(key, e.currentTarget.value)}
    />
  );
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Group grow gap="xs" wrap="nowrap">
        {input('min', ends[0])}
        {input('max', ends[1])}
      </Group>
    </Fieldset>
  );
};

/**
 * Users picked by name. `canSearch` is suggestion on user; without it only `self` (the signed-in user,
 * offered first where given) and the picked users can be chosen.
 */
export const UserFilter = ({
  name,
  label,
  canSearch,
  self,
}: Field & { canSearch: boolean; self?: { _id: string; name: string } | null }) => {
  const { draft, names, setNames } = useFilterPanel();
  return (
    <UserMultiSelect
      label={label}
      value={idsOf(draft.values[name])}
      onChange={(ids) => draft.set(name, ids)}
      names={names}
      onNames={setNames}
      canSearch={canSearch}
      self={self}
    />
  );
};

/** Records of another type (customers, items, brands…) picked by name through their suggestion call. */
export const RefFilter = ({
  name,
  label,
  plural,
  source,
  canSearch,
}: Field & { plural: string; source: RefSource; canSearch: boolean }) => {
  const { draft, names, setNames } = useFilterPanel();
  return (
    <RefMultiSelect
      label={label}
      plural={plural}
      source={source}
      canSearch={canSearch}
      value={idsOf(draft.values[name])}
      onChange={(ids) => draft.set(name, ids)}
      names={names}
      onNames={setNames}
    />
  );
};

/** One RefFilter's settings, for a panel that lists several (RefFilters). */
export type RefFilterSpec = {
  name: string;
  label: string;
  plural: string;
  source: RefSource;
  canSearch: boolean;
};

/** RefFilters in the order given: the pickers of the records a list's rows point at. */
export const RefFilters = ({ refs }: { refs: readonly RefFilterSpec[] }) => (
  <>
    {refs.map((r) => (
      <RefFilter key={r.name} {...r} />
    ))}
  </>
);

/**
 * A record number typed with or without its prefix ('CI0001' or '1'), sent as the bare number; what is
 * not a number shows `invalid` and is not sent.
 */
export const SequenceIdFilter = ({
  name,
  label,
  placeholder,
  format,
  parse,
  invalid,
}: Field & {
  placeholder: string;
  format: (n: number) => string;
  parse: (typed: string) => string | null;
  invalid: string;
}) => {
  const { draft } = useFilterPanel();
  const initial = textOf(draft.values[name]);
  const [typed, setTyped] = useState(/^\d+$/.test(initial) ? format(Number(initial)) : initial);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      autoComplete="off"
      value={typed}
      error={typed.trim() !== '' && parse(typed) === null ? invalid : undefined}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        draft.set(name, parse(e.currentTarget.value) ?? undefined);
      }}
    />
  );
};

/**
 * The lifecycle group that ends a panel: Created By, `children` (the dates, see DatedLifecycleFilters),
 * then with restore (`canSeeDeleted`) Deleted and Deleted By. `users`: the pickers show and search (true),
 * are hidden (false), or show without searching ({ canSearch: false }: only picked users and `self`).
 * `deleted` is the Deleted box's description.
 */
export const LifecycleFilters = ({
  canSeeDeleted,
  deleted,
  users,
  createdBy = true,
  toggle,
  self,
  children,
}: {
  canSeeDeleted: boolean;
  deleted: string;
  users: boolean | { canSearch: boolean };
  createdBy?: boolean;
  toggle?: 'checkbox' | 'switch';
  self?: { _id: string; name: string } | null;
  children?: ReactNode;
}) => {
  const canSearch = typeof users === 'boolean' ? users : users.canSearch;
  const pickers = users !== false;
  return (
    <>
      {pickers && createdBy && (
        <UserFilter name="createdBy" label="Created By" canSearch={canSearch} self={self} />
      )}
      {children}
      {canSeeDeleted && <CheckFilter name="isDeleted" label="Deleted" description={deleted} as={toggle} />}
      {canSeeDeleted && pickers && (
        <UserFilter name="deletedBy" label="Deleted By" canSearch={canSearch} self={self} />
      )}
    </>
  );
};

/** The Deleted box's usual description: 'Show deleted customers instead of live ones'. */
export const showDeleted = (plural: string, others = 'live') =>
  `Show deleted ${plural} instead of ${others} ones`;
