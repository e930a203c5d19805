import { formatRupees, type LineMarginTier, QUOTATION_MESSAGES as M } from '@karya/domain';
import { Alert, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ListEntry, ListError, useListEditor } from '../../components/form/list-editor';
import { LineTable } from '../../components/record/line-table';
import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { RowActions } from '../../components/record/row-actions';
import { itemDetails, itemSource } from '../purchases/trade-sources';
import { fetchLinePricing } from './form-sources';
import {
  addingItemWarnings,
  checkLine,
  committedLine,
  emptyLineDraft,
  formTotals,
  hasUnsavedLine,
  isDuplicateItem,
  type LineDraft,
  type LineErrors,
  lineMargin,
  lineMinimum,
  type QuotationLineState,
  rupeesText,
  tierLabel,
  tierUnitPaise,
  unitPaise,
} from './line-pricing';

export type LineEditorProps = {
  lines: QuotationLineState[];
  onChange: (lines: QuotationLineState[]) => void;
  draft: LineDraft;
  onDraft: (draft: LineDraft) => void;
  names: RefNames;
  onNames: (names: RefNames) => void;
  canSearchItems: boolean;
  /** Read on product-item (the item's tier prices) and on product-margin (its margins). */
  may: { readItem: boolean; readMargins: boolean };
  /** The tiers the user may quote at, and Custom. */
  tiers: readonly LineMarginTier[];
  /** The tier a new line starts with (the customer's). */
  defaultTier: LineMarginTier | '';
  /** interState: the GST of the totals as IGST, else CGST + SGST. */
  interState: boolean;
  error?: string;
};

/**
 * The items of a quotation (spec 3 §5 "Adding an item to a quotation", §9): an item picked by name, checked
 * as it is picked (verified, a margin, a stock, a GST rate: else its warning shows and the pick is cleared;
 * already listed: 'This item is already listed below'); quantity; the margin tier (those the user may read,
 * and Custom; the customer's preselected); the unit price computed from the tier (read-only) or typed when
 * Custom, never below the minimum unit price; the margin it carries and the tier it matches; GST from the
 * item. Edit asks 'Confirm Edit' when the entry holds input; Remove asks 'Remove Item'.
 */
export const QuotationLineEditor = ({
  lines,
  onChange,
  draft,
  onDraft,
  names,
  onNames,
  canSearchItems,
  may,
  tiers,
  defaultTier,
  interState,
  error,
}: LineEditorProps) => {
  const { line, editing } = draft;
  /** The draft of the latest render: prices arriving after the user went on typing go into it. */
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const [warning, setWarning] = useState<string | null>(null);
  /** Remounts the item picker: a refused pick clears what was typed into it too. */
  const [pickerKey, setPickerKey] = useState(0);
  const known = lines.map((l) => ({ _id: l.item, name: l.name }));
  const editor = useListEditor<QuotationLineState, keyof LineErrors>({
    items: lines,
    onChange,
    entry: line,
    editing,
    setEntry: (l, at) => {
      onDraft({ line: l, editing: at });
      if (!l.pricing && l.item) void loadPricing(l.item);
    },
    clear: () => onDraft(emptyLineDraft(defaultTier)),
    unsaved: hasUnsavedLine(draft),
    confirmEdit: {
      title: 'Confirm Edit',
      message: 'The item being entered has not been added. Unsaved data will be reset. Continue?',
      confirmLabel: 'Edit',
    },
    confirmRemove: (l) => ({
      title: 'Remove Item',
      message: `Are you sure you want to remove ${l.name} from this quotation?`,
      confirmLabel: 'Remove',
    }),
  });
  const { errors, setErrors } = editor;

  /** The entry with a patch; a tier prices it from what is known of the item. */
  const withTier = (l: QuotationLineState): QuotationLineState => {
    if (l.marginTier === 'custom' || l.marginTier === '') return l;
    const unit = tierUnitPaise(l.pricing, l.marginTier);
    return unit === null ? l : { ...l, unitPrice: rupeesText(unit) };
  };
  const set = (patch: Partial<QuotationLineState>) => {
    onDraft({ ...draft, line: withTier({ ...line, ...patch }) });
    setErrors({});
  };

  const loadPricing = async (id: string) => {
    try {
      const pricing = await fetchLinePricing(id, may, itemDetails.get(id));
      // Into the entry as it is now: a tier, quantity or price chosen meanwhile is kept.
      const now = latestDraft.current;
      if (now.line.item === id) onDraft({ ...now, line: withTier({ ...now.line, pricing }) });
    } catch {
      // The price stays as it is; the server prices the line.
    }
  };

  const pickItem = (id: string | null) => {
    setWarning(null);
    if (!id) {
      set({ item: '', name: '', gst: null, pricing: undefined, unitPrice: '' });
      return;
    }
    const found = itemDetails.get(id);
    const name = found?.name ?? names[id] ?? '';
    const problems = found ? addingItemWarnings(found) : [];
    if (problems.length) {
      // Spec 3 §5: the warning shows and the selection clears.
      setWarning(problems.join('\n'));
      set({ item: '', name: '', gst: null, pricing: undefined, unitPrice: '' });
      setPickerKey((k) => k + 1);
      return;
    }
    if (isDuplicateItem(lines, id, editing)) {
      onDraft({ ...draft, line: { ...line, item: '', name: '', gst: null, pricing: undefined } });
      setErrors({ item: M.itemDuplicate });
      setPickerKey((k) => k + 1);
      return;
    }
    onDraft({
      ...draft,
      line: {
        ...line,
        item: id,
        name,
        gst: found?.gst ?? null,
        pricing: undefined,
        unitPrice: line.marginTier === 'custom' ? line.unitPrice : '',
      },
    });
    setErrors({});
    void loadPricing(id);
  };

  const add = () => {
    const found = checkLine(line, lines, editing);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    editor.commit(committedLine({ ...line, name: line.name || names[line.item] || line.item }, tiers));
  };

  const totals = formTotals(lines, interState);
  const custom = line.marginTier === 'custom';
  const minimum = lineMinimum(line);
  const margin = lineMargin(line);
  const money = (paise: number | null | undefined) => (typeof paise === 'number' ? formatRupees(paise) : '—');

  return (
    <Stack gap="sm">
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No items added yet.
        </Text>
      ) : (
        <LineTable
          label="Listed items"
          rows={lines}
          getKey={(l) => l.item}
          rowStyle={(_, i) => (editing === i ? { opacity: 0.5 } : undefined)}
          columns={[
            { key: 'item', label: 'Item', cell: (l) => l.name },
            { key: 'quantity', label: 'Quantity', align: 'right', cell: (l) => l.quantity },
            { key: 'tier', label: 'Tier', cell: (l) => tierLabel(l.marginTier) },
            {
              key: 'price',
              label: 'Unit Price',
              align: 'right',
              cell: (l) => money(unitPaise(l)),
            },
            { key: 'gst', label: 'GST', align: 'right', cell: (l) => (l.gst === null ? '—' : `${l.gst}%`) },
            { key: 'total', label: 'Total', align: 'right', cell: (_, i) => money(totals.lines[i]?.total) },
            {
              key: 'actions',
              label: 'Actions',
              actions: true,
              cell: (l, i) => (
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <RowActions name={l.name} onEdit={() => editor.edit(i)} onRemove={() => editor.remove(i)} />
                </Group>
              ),
            },
          ]}
        />
      )}

      <ListEntry
        legend={{ add: 'Add an item', edit: (n) => `Edit item ${n}` }}
        editing={editing}
        onCancelEdit={() => onDraft(emptyLineDraft(defaultTier))}
        onAdd={add}
        addLabel={{ add: 'Add Item', save: 'Save Item' }}
      >
        {warning && (
          <Alert
            mb="sm"
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            style={{ whiteSpace: 'pre-line' }}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setWarning(null)}
          >
            {warning}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3, md: 5 }} spacing="sm">
          <RefSelect
            key={pickerKey}
            label="Item"
            value={line.item || null}
            onChange={pickItem}
            source={itemSource}
            canSearch={canSearchItems}
            plural="items"
            known={known}
            names={names}
            onNames={onNames}
            error={errors.item}
          />
          <TextInput
            label="Quantity"
            inputMode="numeric"
            autoComplete="off"
            value={line.quantity}
            error={errors.quantity}
            onChange={(e) => set({ quantity: e.currentTarget.value })}
          />
          <NativeSelect
            label="Margin Tier"
            data={[
              ...(line.marginTier === '' ? [{ value: '', label: 'Select a tier' }] : []),
              ...tiers.map((t) => ({ value: t, label: tierLabel(t) })),
              // A saved line's tier the user may not quote at: shown as it is, not silently another.
              ...(line.marginTier && !tiers.includes(line.marginTier)
                ? [{ value: line.marginTier, label: tierLabel(line.marginTier) }]
                : []),
            ]}
            value={line.marginTier}
            error={errors.marginTier}
            onChange={(e) => set({ marginTier: e.currentTarget.value as LineMarginTier })}
          />
          <TextInput
            label="Unit Price (₹)"
            inputMode="decimal"
            autoComplete="off"
            readOnly={!custom}
            value={line.unitPrice}
            placeholder={
              custom || !line.item ? undefined : line.pricing ? 'Not known: choose Custom' : 'Loading price…'
            }
            description={
              custom
                ? minimum !== null
                  ? `At least ${formatRupees(minimum)}`
                  : undefined
                : "From the price to show and the tier's margin"
            }
            error={errors.unitPrice}
            onChange={(e) => set({ unitPrice: e.currentTarget.value })}
          />
          <TextInput
            label="GST %"
            readOnly
            value={line.gst === null ? '' : String(line.gst)}
            error={errors.gst}
            description="From the item"
          />
        </SimpleGrid>
        {margin && (
          <Text size="xs" c="dimmed" mt={4} data-testid="line-margin">
            Margin {margin.percentage.toFixed(2)}%
            {margin.tier !== 'custom' ? ` (${tierLabel(margin.tier)})` : ''}
          </Text>
        )}
      </ListEntry>
      <ListError message={error} attr="data-items-error" />
    </Stack>
  );
};
