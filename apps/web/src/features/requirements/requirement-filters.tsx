import {
  ASSIGNMENT_STATES,
  type DateRange,
  formatRequirementId,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  REQUIREMENT_TYPES,
  requirementIdFilterValue,
} from '@karya/domain';
import { Checkbox, Fieldset, Group, MultiSelect, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useState } from 'react';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { RefMultiSelect } from '../../components/record/ref-pickers';
import { UserMultiSelect, type UserNames } from '../users/user-pickers';
import { customerSource, itemSource } from './ref-sources';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const object = (v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const dateRange = (v: unknown): [string | null, string | null] => {
  const r = object(v) as DateRange;
  return [r.start ?? null, r.end ?? null];
};
const toRange = ([start, end]: [string | null, string | null]): DateRange | undefined =>
  start || end ? { start: start ?? undefined, end: end ?? undefined } : undefined;

/** What changes which filters show (spec 2 §6 "Requirement"). */
export type RequirementFilterPermissions = {
  /** The state filter: view-all on requirement. */
  state: boolean;
  /** Created By / Deleted By: suggestion on user. */
  users: boolean;
  /** The customer picker: suggestion on customer. */
  customers: boolean;
  /** The item picker: suggestion on product-item. */
  items: boolean;
};

/** The requirement number: digits or RI followed by digits, sent without RI. */
const RequirementIdInput = ({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (v: string | undefined) => void;
}) => {
  const initial = text(value);
  const [typed, setTyped] = useState(/^\d+$/.test(initial) ? formatRequirementId(Number(initial)) : initial);
  const invalid = typed.trim() !== '' && requirementIdFilterValue(typed) === null;
  return (
    <TextInput
      label="Requirement ID"
      placeholder="RI0001 or 1"
      autoComplete="off"
      value={typed}
      error={invalid ? REQUIREMENT_MESSAGES.requirementIdInvalid : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setTyped(next);
        onChange(requirementIdFilterValue(next) ?? undefined);
      }}
    />
  );
};

/**
 * The inputs of 'Filter Requirements': number, title, customer, type, priority, status, items, budget range,
 * purchase date range, notes, created by, state (view-all), dates, Deleted / Deleted By (bulk-restore).
 */
export const RequirementFilterFields = ({
  draft,
  canSeeDeleted,
  may,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  may: RequirementFilterPermissions;
}) => {
  const { values, set } = draft;
  const [names, setNames] = useState<UserNames>({});
  const multi = (name: string, label: string, data: readonly string[]) => (
    <MultiSelect
      label={label}
      data={[...data]}
      value={list(values[name])}
      onChange={(v) => set(name, v)}
      clearable
      comboboxProps={{ withinPortal: true }}
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
    />
  );
  const dates = (name: string, label: string) => (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Pick dates"
      value={dateRange(values[name])}
      onChange={(v) => set(name, toRange(v as [string | null, string | null]))}
      valueFormat="DD/MM/YYYY"
      clearable
      allowSingleDateInRange
    />
  );
  const budget = object(values.budget);
  const setBudget = (key: 'min' | 'max', v: string) => {
    const next = { min: text(budget.min), max: text(budget.max), [key]: v.replace(/[^\d.]/g, '') };
    set(
      'budget',
      next.min || next.max ? { min: next.min || undefined, max: next.max || undefined } : undefined,
    );
  };
  return (
    <>
      <RequirementIdInput value={values.requirementId} onChange={(v) => set('requirementId', v)} />
      <FilterTextInput label="Title" value={values.title} onChange={(v) => set('title', v)} />
      <RefMultiSelect
        label="Customer"
        value={list(values.customer)}
        onChange={(ids) => set('customer', ids)}
        source={customerSource}
        canSearch={may.customers}
        plural="customers"
      />
      {multi('type', 'Type', REQUIREMENT_TYPES)}
      {multi('priority', 'Priority', REQUIREMENT_PRIORITIES)}
      {multi('status', 'Status', REQUIREMENT_STATUSES)}
      <RefMultiSelect
        label="Items"
        value={list(values.items)}
        onChange={(ids) => set('items', ids)}
        source={itemSource}
        canSearch={may.items}
        plural="items"
      />
      <Fieldset legend="Budget (Rs.)" variant="unstyled">
        <Group grow gap="xs" wrap="nowrap">
          <TextInput
            label="From"
            aria-label="Budget from"
            inputMode="decimal"
            autoComplete="off"
            value={text(budget.min)}
            onChange={(e) => setBudget('min', e.currentTarget.value)}
          />
          <TextInput
            label="To"
            aria-label="Budget to"
            inputMode="decimal"
            autoComplete="off"
            value={text(budget.max)}
            onChange={(e) => setBudget('max', e.currentTarget.value)}
          />
        </Group>
      </Fieldset>
      {dates('purchaseDate', 'Purchase Date')}
      <FilterTextInput label="Notes" value={values.notes} onChange={(v) => set('notes', v)} />
      {may.users && users('createdBy', 'Created By')}
      {may.state && multi('state', 'Customer Assignment State', ASSIGNMENT_STATES)}
      {dates('createdAt', 'Created Date')}
      {dates('updatedAt', 'Updated Date')}
      {canSeeDeleted && (
        <>
          <Checkbox
            label="Deleted"
            description="Show deleted requirements instead of live ones"
            checked={values.isDeleted === true}
            onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
            mt="xs"
          />
          {may.users && users('deletedBy', 'Deleted By')}
        </>
      )}
    </>
  );
};
