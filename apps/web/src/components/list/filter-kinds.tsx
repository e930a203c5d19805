import type { DateRange, FilterKind, ListSpec } from '@karya/domain';
import { DatePickerInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them (a lazily loaded panel), not with every page.
import '@mantine/dates/styles.css';
import type { ComponentProps } from 'react';
import { useFilterPanel } from './filter-draft';
import {
  CheckFilter,
  ChoiceFilter,
  LifecycleFilters,
  NumberRangeFilter,
  objectOf,
  TextFilter,
} from './filter-fields';

const toRange = ([start, end]: [string | null, string | null]): DateRange | undefined =>
  start || end ? { start: start ?? undefined, end: end ?? undefined } : undefined;

/** A from–to date filter (both days inclusive; one day alone is a range too). */
export const DateRangeFilter = ({ name, label }: { name: string; label: string }) => {
  const { draft } = useFilterPanel();
  const range = objectOf(draft.values[name]) as DateRange;
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Pick dates"
      value={[range.start ?? null, range.end ?? null]}
      onChange={(v) => draft.set(name, toRange(v as [string | null, string | null]))}
      valueFormat="DD/MM/YYYY"
      clearable
      allowSingleDateInRange
    />
  );
};

/** The lifecycle group with Created Date and Updated Date between Created By and Deleted. */
export const DatedLifecycleFilters = (props: Omit<ComponentProps<typeof LifecycleFilters>, 'children'>) => (
  <LifecycleFilters {...props}>
    <DateRangeFilter name="createdAt" label="Created Date" />
    <DateRangeFilter name="updatedAt" label="Updated Date" />
  </LifecycleFilters>
);

const fieldOf = (name: string, label: string, kind: FilterKind | undefined) => {
  if (kind === 'text') return <TextFilter key={name} name={name} label={label} />;
  if (kind === 'dateRange') return <DateRangeFilter key={name} name={name} label={label} />;
  if (kind === 'numberRange') return <NumberRangeFilter key={name} name={name} label={label} />;
  if (kind === 'boolean') return <CheckFilter key={name} name={name} label={label} />;
  if (kind && typeof kind === 'object')
    return <ChoiceFilter key={name} name={name} label={label} data={kind.enum} />;
  // ids, integer and exact filters need more than their kind says (a picker, a number format): the panel
  // places the kit's piece itself.
  throw new Error(`Filter ${name} (${String(kind)}) needs its own field`);
};

/**
 * Fields whose kind in the list's declaration says enough, in the order given, by label: a text box for
 * text, a multi-select of the enum's values, a date range, a from–to number range, a yes box for boolean.
 */
export const KindFilters = <F extends Record<string, FilterKind>>({
  spec,
  labels,
}: {
  spec: ListSpec<F>;
  labels: Partial<Record<keyof F & string, string>>;
}) => (
  <>{Object.entries(labels).map(([name, label]) => fieldOf(name, label as string, spec.filters[name]))}</>
);
