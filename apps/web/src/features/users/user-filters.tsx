import { type DateRange, EMPLOYMENT_TYPES, GENDERS, MARITAL_STATUSES, USER_STATUSES } from '@karya/domain';
import { MultiSelect, Select, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const range = (v: unknown): [string | null, string | null] => {
  const r = (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as DateRange;
  return [r.start ?? null, r.end ?? null];
};
const toRange = ([start, end]: [string | null, string | null]): DateRange | undefined =>
  start || end ? { start: start ?? undefined, end: end ?? undefined } : undefined;

/** The inputs of the users filter drawer, bound to its draft. */
export const UserFilterFields = ({
  draft,
  canSeeDeleted,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
}) => {
  const { values, set } = draft;
  const textInput = (name: string, label: string, type = 'text') => (
    <FilterTextInput label={label} type={type} value={values[name]} onChange={(v) => set(name, v)} />
  );
  // Single choices are stored as one-element lists: the API takes these filters as arrays.
  const single = (name: string, label: string, data: readonly string[]) => (
    <Select
      label={label}
      data={data as string[]}
      value={list(values[name])[0] ?? null}
      onChange={(v) => set(name, v ? [v] : undefined)}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
  const dateRange = (name: string, label: string) => (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Pick dates"
      value={range(values[name])}
      onChange={(v) => set(name, toRange(v as [string | null, string | null]))}
      valueFormat="DD/MM/YYYY"
      clearable
      allowSingleDateInRange
    />
  );
  return (
    <>
      {textInput('name', 'Name')}
      {textInput('email', 'Email')}
      {textInput('phone', 'Phone', 'tel')}
      <MultiSelect
        label="Status"
        data={USER_STATUSES as unknown as string[]}
        value={list(values.status)}
        onChange={(v) => set('status', v)}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {single('maritalStatus', 'Marital Status', MARITAL_STATUSES)}
      {single('employmentType', 'Employment Type', EMPLOYMENT_TYPES)}
      {single('gender', 'Gender', GENDERS)}
      {textInput('address.city', 'City')}
      {textInput('address.state', 'State')}
      {dateRange('createdAt', 'Created Date')}
      {dateRange('updatedAt', 'Updated Date')}
      {canSeeDeleted && (
        <Switch
          label="Deleted"
          description="Show deleted users instead of live ones"
          checked={values.isDeleted === true}
          onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
          mt="xs"
        />
      )}
    </>
  );
};
