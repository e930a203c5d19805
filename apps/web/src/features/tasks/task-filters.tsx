import { type DateRange, TASK_PRIORITIES, TASK_STATUSES } from '@karya/domain';
import { Checkbox, MultiSelect } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useState } from 'react';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { UserMultiSelect, type UserNames } from '../users/user-pickers';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const range = (v: unknown): [string | null, string | null] => {
  const r = (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as DateRange;
  return [r.start ?? null, r.end ?? null];
};
const toRange = ([start, end]: [string | null, string | null]): DateRange | undefined =>
  start || end ? { start: start ?? undefined, end: end ?? undefined } : undefined;

/**
 * The inputs of 'Filter Tasks', bound to the drawer's draft: title, status, priority, date and deadline
 * ranges, assigned to (with suggestion on user), Deleted (with restore on task) and Deleted By (restore
 * on task and suggestion on user). Empty values are dropped when the filters are applied.
 */
export const TaskFilterFields = ({
  draft,
  canSeeDeleted,
  canPickUsers,
  self,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  canPickUsers: boolean;
  self?: { _id: string; name: string } | null;
}) => {
  const { values, set } = draft;
  const [names, setNames] = useState<UserNames>({});
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
  const users = (name: string, label: string) => (
    <UserMultiSelect
      label={label}
      value={list(values[name])}
      onChange={(ids) => set(name, ids)}
      names={names}
      onNames={setNames}
      canSearch
      self={self}
    />
  );
  return (
    <>
      <FilterTextInput label="Title" value={values.title} onChange={(v) => set('title', v)} />
      <MultiSelect
        label="Status"
        data={[...TASK_STATUSES]}
        value={list(values.status)}
        onChange={(v) => set('status', v)}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label="Priority"
        data={[...TASK_PRIORITIES]}
        value={list(values.priority)}
        onChange={(v) => set('priority', v)}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {dateRange('date', 'Date')}
      {dateRange('deadline', 'Deadline')}
      {canPickUsers && users('assignedTo', 'Assigned To')}
      {canSeeDeleted && (
        <Checkbox
          label="Deleted"
          description="Show deleted tasks instead of active ones"
          checked={values.isDeleted === true}
          onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
          mt="xs"
        />
      )}
      {canSeeDeleted && canPickUsers && users('deletedBy', 'Deleted By')}
    </>
  );
};
