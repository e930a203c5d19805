import {
  ASSIGNMENT_STATES,
  type DateRange,
  FOLLOW_UP_REASONS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_TYPES,
} from '@karya/domain';
import { Checkbox, MultiSelect, TextInput } from '@mantine/core';
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
 * The inputs of 'Filter Follow Ups', bound to the drawer's draft: number, type, reason, status, date, the
 * people (with suggestion on user), response, next follow-up, no response, the state (view-all), Deleted and
 * Deleted By (bulk-restore), created and updated dates.
 */
export const FollowUpFilterFields = ({
  draft,
  canSeeDeleted,
  may,
  self,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  may: { users: boolean; state: boolean };
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
      canSearch={may.users}
      self={self}
    />
  );
  const choice = (name: string, label: string, data: readonly string[]) => (
    <MultiSelect
      label={label}
      data={[...data]}
      value={list(values[name])}
      onChange={(v) => set(name, v)}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
  const number = typeof values.followUpId === 'string' ? values.followUpId : '';
  return (
    <>
      <TextInput
        label="Follow-up ID"
        placeholder="FI0012 or 12"
        value={number}
        onChange={(e) => {
          const t = e.currentTarget.value.trim().replace(/^FI/i, '');
          set('followUpId', /^\d{1,9}$/.test(t) ? String(Number(t)) : t ? e.currentTarget.value : undefined);
        }}
        error={number && !/^\d{1,9}$/.test(number) ? 'Invalid Follow-up ID' : undefined}
      />
      {choice('type', 'Type', FOLLOW_UP_TYPES)}
      {choice('reason', 'Reason', FOLLOW_UP_REASONS)}
      {choice('status', 'Status', FOLLOW_UP_STATUSES)}
      {dateRange('date', 'Date')}
      {users('followUpBy', 'Follow Up By')}
      {users('visitors', 'Visitors')}
      <FilterTextInput
        label="Response or remarks"
        value={values.response}
        onChange={(v) => set('response', v)}
      />
      <Checkbox
        label="Another follow up required"
        checked={values.nextRequired === true}
        onChange={(e) => set('nextRequired', e.currentTarget.checked ? true : undefined)}
        mt="xs"
      />
      {dateRange('nextDate', 'Next follow up date')}
      <Checkbox
        label="No response"
        description="Date passed and nothing written back"
        checked={values.noResponse === true}
        onChange={(e) => set('noResponse', e.currentTarget.checked ? true : undefined)}
        mt="xs"
      />
      {may.state && choice('state', 'State', ASSIGNMENT_STATES)}
      {users('createdBy', 'Created By')}
      {dateRange('createdAt', 'Created Date')}
      {dateRange('updatedAt', 'Updated Date')}
      {canSeeDeleted && (
        <Checkbox
          label="Deleted"
          description="Show deleted follow ups instead of active ones"
          checked={values.isDeleted === true}
          onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
          mt="xs"
        />
      )}
      {canSeeDeleted && users('deletedBy', 'Deleted By')}
    </>
  );
};
