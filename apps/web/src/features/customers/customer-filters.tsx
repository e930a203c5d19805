import {
  ASSIGNMENT_STATES,
  COLLEGE_TYPES,
  CUSTOMER_MARGIN_TIERS,
  CUSTOMER_MESSAGES,
  CUSTOMER_TYPES,
  customerIdFilterValue,
  type DateRange,
  formatCustomerId,
  GOVERNMENT_TYPES,
  INSTITUTE_TYPES,
  OFFICE_TYPES,
  ORGANIZATION_TYPES,
  PRIVATE_TYPES,
  RATING_CATEGORIES,
  SCHOOL_BOARDS,
} from '@karya/domain';
import { Checkbox, Fieldset, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useState } from 'react';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { UserMultiSelect, type UserNames } from '../users/user-pickers';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const object = (v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** What the signed-in user may do that changes which filters show (spec 2 §6 "Customer"). */
export type CustomerFilterPermissions = {
  /** Assigned To: assign on customer. */
  assign: boolean;
  /** Re Assigned To: re-assign on customer. */
  reAssign: boolean;
  /** The state filter (Assigned, UnAssigned, Orphaned): view-all on customer. */
  state: boolean;
  /** Searching users (Created By, Deleted By, and the assignee pickers' search): suggestion on user. */
  users: boolean;
  /** Margin Tier: suggestion on product-margin. */
  marginTier: boolean;
};

/** The customer id filter: digits or CI followed by digits, sent without CI (spec 2 §5 "Customer filter"). */
const CustomerIdInput = ({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (v: string | undefined) => void;
}) => {
  const initial = text(value);
  const [typed, setTyped] = useState(/^\d+$/.test(initial) ? formatCustomerId(Number(initial)) : initial);
  const invalid = typed.trim() !== '' && customerIdFilterValue(typed) === null;
  return (
    <TextInput
      label="Customer ID"
      placeholder="CI0001 or 1"
      autoComplete="off"
      value={typed}
      error={invalid ? CUSTOMER_MESSAGES.customerIdInvalid : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setTyped(next);
        onChange(customerIdFilterValue(next) ?? undefined);
      }}
    />
  );
};

/** A from–to pair of numbers (establishment year, students, rating), kept as typed; the server reads them. */
const NumberRangeInput = ({
  label,
  value,
  onChange,
  decimals = false,
}: {
  label: string;
  value: unknown;
  onChange: (v: { min?: string; max?: string } | undefined) => void;
  decimals?: boolean;
}) => {
  const range = object(value);
  const clean = (v: string) => (decimals ? v.replace(/[^\d.]/g, '') : v.replace(/\D/g, ''));
  const set = (key: 'min' | 'max', v: string) => {
    const next = { min: text(range.min), max: text(range.max), [key]: clean(v) };
    onChange(next.min || next.max ? { min: next.min || undefined, max: next.max || undefined } : undefined);
  };
  return (
    <Fieldset legend={label} variant="unstyled">
      <Group grow gap="xs" wrap="nowrap">
        <TextInput
          label="From"
          aria-label={`${label} from`}
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text(range.min)}
          onChange={(e) => set('min', e.currentTarget.value)}
        />
        <TextInput
          label="To"
          aria-label={`${label} to`}
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text(range.max)}
          onChange={(e) => set('max', e.currentTarget.value)}
        />
      </Group>
    </Fieldset>
  );
};

const dateRange = (v: unknown): [string | null, string | null] => {
  const r = object(v) as DateRange;
  return [r.start ?? null, r.end ?? null];
};
const toRange = ([start, end]: [string | null, string | null]): DateRange | undefined =>
  start || end ? { start: start ?? undefined, end: end ?? undefined } : undefined;

/**
 * The inputs of 'Filter Customers' (spec 2 §2 "Customer filter side panel", §6): customer id, type, name,
 * e-mail, phone, website, GSTIN (ours), the organisation subtypes, address, establishment year / students / rating
 * ranges, courses, notes, rating category, margin tier, assigned and re-assigned to, created by, verified,
 * the contact fields, the assignment state (view-all), the created and updated dates, and Deleted /
 * Deleted By (bulk-restore).
 */
export const CustomerFilterFields = ({
  draft,
  canSeeDeleted,
  may,
  self,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  may: CustomerFilterPermissions;
  self?: { _id: string; name: string } | null;
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
  const users = (name: string, label: string, withSelf: boolean) => (
    <UserMultiSelect
      label={label}
      value={list(values[name])}
      onChange={(ids) => set(name, ids)}
      names={names}
      onNames={setNames}
      canSearch={may.users}
      self={withSelf ? self : null}
    />
  );
  const textField = (name: string, label: string) => (
    <FilterTextInput label={label} value={values[name]} onChange={(v) => set(name, v)} />
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
  const verified = values.verified === true ? 'true' : values.verified === false ? 'false' : null;
  return (
    <>
      <CustomerIdInput value={values.customerId} onChange={(v) => set('customerId', v)} />
      {multi('type', 'Type', CUSTOMER_TYPES)}
      {textField('name', 'Name')}
      {textField('email', 'Email')}
      {textField('phone', 'Phone')}
      {textField('website', 'Website')}
      {textField('gstin', 'GSTIN')}
      {multi('organizationType', 'Organization Type', ORGANIZATION_TYPES)}
      {multi('governmentType', 'Government Type', GOVERNMENT_TYPES)}
      {multi('privateType', 'Private Type', PRIVATE_TYPES)}
      {multi('officeType', 'Office Type', OFFICE_TYPES)}
      {multi('instituteType', 'Institute Type', INSTITUTE_TYPES)}
      {multi('schoolBoard', 'School Board', SCHOOL_BOARDS)}
      {multi('collegeType', 'College Type', COLLEGE_TYPES)}
      {textField('address', 'Address')}
      <NumberRangeInput
        label="Establishment Year"
        value={values.establishmentYear}
        onChange={(v) => set('establishmentYear', v)}
      />
      <NumberRangeInput
        label="Number of Students"
        value={values.numberOfStudents}
        onChange={(v) => set('numberOfStudents', v)}
      />
      {textField('coursesOffered', 'Courses Offered')}
      {textField('notes', 'Notes')}
      <NumberRangeInput label="Rating" value={values.rating} onChange={(v) => set('rating', v)} decimals />
      {multi('ratingCategory', 'Rating Category', RATING_CATEGORIES)}
      {may.marginTier && multi('marginTier', 'Margin Tier', CUSTOMER_MARGIN_TIERS)}
      {may.assign && users('assignedTo', 'Assigned To', true)}
      {may.reAssign && users('reAssignedTo', 'Re Assigned To', true)}
      {may.users && users('createdBy', 'Created By', false)}
      <Select
        label="Verified"
        data={[
          { value: 'true', label: 'Verified' },
          { value: 'false', label: 'Unverified' },
        ]}
        value={verified}
        onChange={(v) => set('verified', v === null ? undefined : v === 'true')}
        clearable
        placeholder="Any"
        comboboxProps={{ withinPortal: true }}
      />
      {textField('contactName', 'Contact Name')}
      {textField('contactEmail', 'Contact Email')}
      {textField('contactPhone', 'Contact Phone')}
      {may.state && multi('state', 'Assignment State', ASSIGNMENT_STATES)}
      {dates('createdAt', 'Created Date')}
      {dates('updatedAt', 'Updated Date')}
      {canSeeDeleted && (
        <>
          <Checkbox
            label="Deleted"
            description="Show deleted customers instead of live ones"
            checked={values.isDeleted === true}
            onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
            mt="xs"
          />
          {may.users && users('deletedBy', 'Deleted By', false)}
        </>
      )}
    </>
  );
};
