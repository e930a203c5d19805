import type { DateRange } from '@karya/domain';
import { Checkbox, Fieldset, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useState } from 'react';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { RefMultiSelect, type RefNames, type RefSource } from '../../components/record/ref-pickers';
import { UserMultiSelect } from '../users/user-pickers';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const object = (v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A min–max pair of amounts or counts, kept as typed (digits, and a dot for amounts). */
export const NumberRangeInput = ({
  label,
  value,
  onChange,
  decimals = true,
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
          label="Min"
          aria-label={`${label} min`}
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text(range.min)}
          onChange={(e) => set('min', e.currentTarget.value)}
        />
        <TextInput
          label="Max"
          aria-label={`${label} max`}
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
 * The filter panel of purchases and sales (spec 3 §2): the vendor or customer, invoice number, invoice
 * date range, total amount range, for sales the total GST amount as its own range, created by, and for
 * restore-permitted users deleted by and Deleted.
 */
export const TradeFilterFields = ({
  draft,
  canSeeDeleted,
  party,
  withGst,
  canSearchUsers,
  plural,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  party: { key: string; label: string; plural: string; source: RefSource; canSearch: boolean };
  withGst: boolean;
  canSearchUsers: boolean;
  plural: string;
}) => {
  const { values, set } = draft;
  const [names, setNames] = useState<RefNames>({});
  return (
    <>
      <RefMultiSelect
        label={party.label}
        plural={party.plural}
        source={party.source}
        canSearch={party.canSearch}
        value={list(values[party.key])}
        onChange={(ids) => set(party.key, ids)}
        names={names}
        onNames={setNames}
      />
      <FilterTextInput label="Invoice No" value={values.invoiceNo} onChange={(v) => set('invoiceNo', v)} />
      <DatePickerInput
        type="range"
        label="Invoice Date"
        placeholder="Pick dates"
        value={dateRange(values.invoiceDate)}
        onChange={(v) => set('invoiceDate', toRange(v as [string | null, string | null]))}
        valueFormat="DD/MM/YYYY"
        clearable
        allowSingleDateInRange
      />
      <NumberRangeInput
        label="Total Amount"
        value={values.totalAmount}
        onChange={(v) => set('totalAmount', v)}
      />
      {withGst && (
        <NumberRangeInput
          label="Total GST Amount"
          value={values.totalGSTAmount}
          onChange={(v) => set('totalGSTAmount', v)}
        />
      )}
      {canSearchUsers && (
        <UserMultiSelect
          label="Created By"
          value={list(values.createdBy)}
          onChange={(ids) => set('createdBy', ids)}
          canSearch
        />
      )}
      {canSeeDeleted && (
        <>
          <Checkbox
            label="Deleted"
            description={`Show deleted ${plural} instead of live ones`}
            checked={values.isDeleted === true}
            onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
            mt="xs"
          />
          {canSearchUsers && (
            <UserMultiSelect
              label="Deleted By"
              value={list(values.deletedBy)}
              onChange={(ids) => set('deletedBy', ids)}
              canSearch
            />
          )}
        </>
      )}
    </>
  );
};
