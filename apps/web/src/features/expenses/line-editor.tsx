import { EXPENSE_CATEGORIES, formatRupees } from '@karya/domain';
import { Badge, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { ListEntry, ListError, useListEditor } from '../../components/form/list-editor';
import { LineTable } from '../../components/record/line-table';
import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { RowActions } from '../../components/record/row-actions';
import { DateInput } from '../../lib/lazy-date-input';
import { customerSource } from '../requirements/ref-sources';
import { receiptUrl, uploadedReceiptUrl } from './api';
import {
  checkLine,
  emptyDraft,
  hasUnsavedLine,
  type LineDraft,
  type LineErrors,
  type LineState,
  linePaise,
  oldestDay,
} from './claim-lines';
import { dmy } from './expense-format';
import { PricedChoice } from './expense-widgets';
import { ReceiptField } from './receipt-field';

const CATEGORY_CHOICES = [
  { value: '', label: 'Choose a category', disabled: true },
  ...EXPENSE_CATEGORIES.map((c) => ({ value: c, label: c })),
];
const amountText = (paise: number | null) => (paise === null ? 'Priced on save' : formatRupees(paise));
/** Enter in a text input (not an open list of choices) runs `add`. */
const addOnEnter = (add: () => void) => (event: KeyboardEvent<HTMLDivElement>) => {
  const target = event.target as HTMLElement;
  if (event.key !== 'Enter' || event.defaultPrevented || target.tagName !== 'INPUT') return;
  if ((target as HTMLInputElement).type === 'radio' || target.getAttribute('aria-expanded') === 'true')
    return;
  event.preventDefault();
  add();
};
/** What a listed line is called: 'Travel, 16/11/2026'. */
const lineName = (l: LineState, i: number) => `expense ${i + 1} (${l.category}, ${dmy(l.date)})`;

/**
 * The expenses of a claim (the shared list editor): date (today by default; not after today, not more than
 * 90 days back), category, for travel a choice of by distance (km, priced live at the rate per km) or an
 * amount, a description, a customer (with suggestion on customer) and the receipt, uploaded at once. Edit
 * moves a line back into the inputs (asking first when they hold unsaved input); Remove asks first.
 */
export const ExpenseLinesEditor = ({
  lines,
  onChange,
  draft,
  onDraft,
  today,
  ratePaise,
  claimId,
  names,
  onNames,
  canPickCustomers,
  canUpload,
  error,
}: {
  lines: LineState[];
  onChange: (lines: LineState[]) => void;
  draft: LineDraft;
  onDraft: (draft: LineDraft) => void;
  today: string;
  /** The rate per km in paise; null while the rules are not known. */
  ratePaise: number | null;
  /** The saved claim whose receipts the listed lines may open through. */
  claimId: string | null;
  names: RefNames;
  onNames: (names: RefNames) => void;
  canPickCustomers: boolean;
  canUpload: boolean;
  error?: string;
}) => {
  const { line, editing } = draft;
  const editor = useListEditor<LineState, keyof LineErrors>({
    items: lines,
    onChange,
    entry: line,
    editing,
    setEntry: (l, at) => onDraft({ line: l, editing: at }),
    clear: () => onDraft(emptyDraft(today)),
    unsaved: hasUnsavedLine(draft),
    confirmEdit: {
      title: 'Discard Expense',
      message: 'The expense being entered has not been added. Discard it and edit this one instead?',
      confirmLabel: 'Discard',
    },
    confirmRemove: (l) => ({
      title: 'Remove Expense',
      message: `Remove the ${l.category.toLowerCase()} expense of ${dmy(l.date)} from this claim?`,
      confirmLabel: 'Remove',
    }),
  });
  const { errors, setErrors } = editor;
  const set = (patch: Partial<LineState>) => {
    onDraft({ ...draft, line: { ...line, ...patch } });
    setErrors({});
  };
  const viewUrl = (l: LineState) =>
    l.receipt
      ? l.receiptOnClaim && claimId
        ? receiptUrl(claimId, l.receipt._id)
        : uploadedReceiptUrl(l.receipt._id)
      : null;

  const add = () => {
    const found = checkLine(line, today);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    const travel = line.category === 'Travel';
    const byDistance = travel && line.byDistance;
    editor.commit({
      ...line,
      byDistance,
      distanceKm: byDistance ? line.distanceKm.trim() : '',
      amount: byDistance ? '' : line.amount.trim(),
      description: line.description.trim(),
      customerName: line.customer ? (names[line.customer] ?? line.customerName) : '',
    });
  };

  const travel = line.category === 'Travel';
  const entryPaise = travel && line.byDistance ? linePaise(line, ratePaise) : null;
  const rate = ratePaise === null ? null : formatRupees(ratePaise);

  return (
    <Stack gap="sm">
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No expenses added yet.
        </Text>
      ) : (
        <LineTable
          label="Listed expenses"
          rows={lines}
          getKey={(l, i) => `${i}:${l.date}:${l.category}`}
          rowStyle={(_, i) => (editing === i ? { opacity: 0.5 } : undefined)}
          columns={[
            { key: 'date', label: 'Date', cell: (l) => dmy(l.date) },
            { key: 'category', label: 'Category', cell: (l) => l.category },
            {
              key: 'description',
              label: 'Description',
              cell: (l) =>
                [
                  l.description,
                  l.byDistance ? `${l.distanceKm} km` : '',
                  l.customerName,
                  l.visitDate ? `Visit of ${dmy(l.visitDate)}` : '',
                ]
                  .filter(Boolean)
                  .join(' · '),
            },
            {
              key: 'receipt',
              label: 'Receipt',
              cell: (l) =>
                l.receipt ? (
                  <Badge variant="light" color="gray" tt="none">
                    Attached
                  </Badge>
                ) : null,
            },
            {
              key: 'amount',
              label: 'Amount',
              align: 'right',
              cell: (l) => amountText(linePaise(l, ratePaise)),
            },
            {
              key: 'actions',
              label: 'Actions',
              actions: true,
              cell: (l, i) => (
                <RowActions
                  name={lineName(l, i)}
                  onEdit={() => editor.edit(i)}
                  onRemove={() => editor.remove(i)}
                />
              ),
            },
          ]}
        />
      )}

      <ListEntry
        legend={{ add: 'Add an expense', edit: (n) => `Edit expense ${n}` }}
        editing={editing}
        onCancelEdit={() => onDraft(emptyDraft(today))}
        onAdd={add}
        addLabel={{ add: 'Add Expense', save: 'Save Expense' }}
      >
        {/* Enter in one of the entry's inputs adds the expense rather than saving the whole claim. */}
        <Stack gap="sm" onKeyDown={addOnEnter(add)}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateInput
              label="Date"
              withAsterisk
              placeholder="DD/MM/YYYY"
              valueFormat="DD/MM/YYYY"
              minDate={oldestDay(today)}
              maxDate={today}
              popoverProps={{ withinPortal: true }}
              value={line.date || null}
              error={errors.date}
              onChange={(v) => set({ date: typeof v === 'string' ? v.slice(0, 10) : '' })}
            />
            <NativeSelect
              label="Category"
              withAsterisk
              data={CATEGORY_CHOICES}
              value={line.category}
              error={errors.category}
              onChange={(e) => set({ category: e.currentTarget.value as LineState['category'] })}
            />
          </SimpleGrid>
          {travel && (
            <PricedChoice byDistance={line.byDistance} onChange={(byDistance) => set({ byDistance })} />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {travel && line.byDistance ? (
              <TextInput
                label="Distance (km)"
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                value={line.distanceKm}
                error={errors.distanceKm}
                description={rate ? `At ${rate} a km` : 'Priced at the company’s rate when saved'}
                onChange={(e) => set({ distanceKm: e.currentTarget.value })}
              />
            ) : (
              <TextInput
                label="Amount (₹)"
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                value={line.amount}
                error={errors.amount}
                onChange={(e) => set({ amount: e.currentTarget.value })}
              />
            )}
            <TextInput
              label="Description"
              autoComplete="off"
              maxLength={300}
              value={line.description}
              error={errors.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
            />
            {canPickCustomers && (
              <RefSelect
                label="Customer"
                value={line.customer || null}
                onChange={(id) => set({ customer: id ?? '', customerName: id ? (names[id] ?? '') : '' })}
                source={customerSource}
                canSearch
                plural="customers"
                known={
                  line.customer && line.customerName ? [{ _id: line.customer, name: line.customerName }] : []
                }
                names={names}
                onNames={onNames}
                error={errors.customer}
              />
            )}
          </SimpleGrid>
          {entryPaise !== null && rate && (
            <Text size="sm" fw={600} role="status" aria-live="polite">
              {line.distanceKm.trim()} km × {rate} = {formatRupees(entryPaise)}
            </Text>
          )}
          <ReceiptField
            value={line.receipt}
            onChange={(receipt) => set({ receipt, receiptOnClaim: false })}
            viewUrl={viewUrl(line)}
            upload={canUpload}
            error={errors.receipt}
          />
        </Stack>
      </ListEntry>
      <ListError message={error} attr="data-lines-error" />
    </Stack>
  );
};
