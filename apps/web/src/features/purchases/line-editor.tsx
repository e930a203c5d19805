import {
  formatRupees,
  type GstRate,
  gstRateMessageOn,
  gstRatesOn,
  type LineMarginTier,
  MARGIN_TIER_LABELS,
  type MarginTier,
  SALE_MESSAGES,
  STOCK_LEDGER_MESSAGES,
  stockLabel,
  todayInAppZone,
} from '@karya/domain';
import { Alert, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ListEntry, ListError, useListEditor } from '../../components/form/list-editor';
import { LineTable } from '../../components/record/line-table';
import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { RowActions } from '../../components/record/row-actions';
import {
  beyondStock,
  checkLine,
  emptyDraft,
  hasUnsavedLine,
  type LineErrors,
  lineTotals,
  stockNotCreated,
  type TradeKind,
  type TradeLineDraft,
  type TradeLineState,
  tradeTotals,
  unitPaise,
} from './trade-lines';
import { fetchMarginTiers, itemDetails, itemSource } from './trade-sources';

const tierLabel = (t: LineMarginTier) => (t === 'custom' ? 'Custom' : MARGIN_TIER_LABELS[t as MarginTier]);
/** The picked item's stock as the picker read it: '12 In Stock' or 'Out of Stock' (and what this sale holds). */
const stockOf = (item: string, held: number) => {
  const found = itemDetails.get(item);
  if (!found) return undefined;
  const label = found.stock ? stockLabel(found.stock.currentStock) : STOCK_LEDGER_MESSAGES.noStock;
  return held > 0 ? `${label}, ${held} on this sale` : label;
};
const money = (paise: number | null) => (paise === null ? 'Computed on save' : formatRupees(paise));

/**
 * The lines of a purchase or sale (spec 3 §5): an item picked by name, quantity, price per unit and GST
 * (the slabs in force on the invoice date, gst-slabs.ts; the item's rate when in force, else 18); for a sale the margin tier (the tiers the user may read, and Custom), the price editable
 * only for Custom and otherwise shown as computed from the stock's price to show and the item's margin,
 * with the warning 'Item stock is not created. Buy the item first' when there is no price to show. Edit
 * moves a line back into the inputs, asking first when they hold unsaved input; Remove asks first. The
 * totals follow every change.
 */
export const TradeLinesEditor = ({
  kind,
  invoiceDate,
  lines,
  onChange,
  draft,
  onDraft,
  names,
  onNames,
  canSearchItems,
  canReadMargins,
  tiers = [],
  defaultTier,
  prefillItem,
  held,
  error,
}: {
  kind: TradeKind;
  /** The document's date ('YYYY-MM-DD'): which GST slabs its lines may use. Today when not yet chosen. */
  invoiceDate?: string;
  lines: TradeLineState[];
  onChange: (lines: TradeLineState[]) => void;
  draft: TradeLineDraft;
  onDraft: (draft: TradeLineDraft) => void;
  names: RefNames;
  onNames: (names: RefNames) => void;
  canSearchItems: boolean;
  canReadMargins: boolean;
  tiers?: readonly LineMarginTier[];
  defaultTier?: LineMarginTier;
  /** An item id to start the entry line with (the stock page's Create Sale / Create Purchase). */
  prefillItem?: string;
  /** A sale being changed: the quantity of each item it already holds (given back when it is saved). */
  held?: Readonly<Record<string, number>>;
  error?: string;
}) => {
  const { line, editing } = draft;
  /** The draft of the latest render, for answers that arrive after the user has gone on typing. */
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const known = lines.map((l) => ({ _id: l.item, name: l.name }));
  const sale = kind === 'sale';
  const editor = useListEditor<TradeLineState, keyof LineErrors>({
    items: lines,
    onChange,
    entry: line,
    editing,
    setEntry: (l, at) => onDraft({ line: l, editing: at }),
    clear: () => onDraft(emptyDraft(defaultTier)),
    unsaved: hasUnsavedLine(draft),
    confirmEdit: {
      title: 'Confirm Edit',
      message: 'The item being entered has not been added. Unsaved data will be reset. Continue?',
      confirmLabel: 'Edit',
    },
    confirmRemove: (l) => ({
      title: 'Remove Item',
      message: `Are you sure you want to remove ${l.name} from this ${kind}?`,
      confirmLabel: 'Remove',
    }),
  });
  const { errors, setErrors } = editor;
  const day = invoiceDate && /^\d{4}-\d{2}-\d{2}$/.test(invoiceDate) ? invoiceDate : todayInAppZone();
  const gstChoices = gstRatesOn(day);
  const set = (patch: Partial<TradeLineState>) => {
    onDraft({ ...draft, line: { ...line, ...patch } });
    setErrors({});
  };

  const pickItem = async (id: string | null) => {
    if (!id) {
      set({ item: '', name: '', priceToShow: undefined, margins: undefined });
      return;
    }
    const found = itemDetails.get(id);
    const base: TradeLineState = {
      ...line,
      item: id,
      name: names[id] ?? found?.name ?? '',
      gst:
        found?.gst !== null && found?.gst !== undefined && gstChoices.includes(found.gst)
          ? found.gst
          : line.gst,
      priceToShow: found ? (found.stock ? found.stock.priceToShow : 0) : undefined,
      margins: undefined,
      sold: undefined,
      available: sale && found ? (found.stock?.currentStock ?? 0) + (held?.[id] ?? 0) : undefined,
    };
    onDraft({ ...draft, line: base });
    setErrors({});
    if (sale && canReadMargins && found?.margin) {
      try {
        const margins = await fetchMarginTiers(found.margin._id);
        // Into the line as it is now: a tier or quantity chosen while the margins loaded is kept.
        const now = latestDraft.current;
        if (now.line.item === id) onDraft({ ...now, line: { ...now.line, margins } });
      } catch {
        // The price shows as computed on save.
      }
    }
  };

  // Once, on opening: the item is looked up as the picker would (its stock, margin and GST) and picked.
  const prefilled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with what the editor holds on opening
  useEffect(() => {
    if (!prefillItem || prefilled.current || !canSearchItems) return;
    prefilled.current = true;
    itemSource
      .fetch('', [prefillItem], new AbortController().signal)
      .then((found) => {
        const item = found.find((o) => o._id === prefillItem);
        if (!item) return;
        onNames({ ...names, [item._id]: item.name });
        return pickItem(item._id);
      })
      .catch(() => {
        // The line stays empty; the user picks the item.
      });
  }, [prefillItem]);

  const add = () => {
    const found = checkLine(line, kind, lines, editing);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    editor.commit({
      ...line,
      name: line.name || names[line.item] || line.item,
      quantity: String(Number(line.quantity.trim())),
      pricePerUnit: sale && line.marginTier !== 'custom' ? '' : line.pricePerUnit.trim(),
    });
  };

  const totals = tradeTotals(lines, kind);
  const entryUnit = unitPaise(line, kind);
  const priceEditable = !sale || line.marginTier === 'custom';

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
            sale && {
              key: 'tier',
              label: 'Tier',
              cell: (l) => (l.marginTier ? tierLabel(l.marginTier) : null),
            },
            { key: 'price', label: 'Price per unit', align: 'right', cell: (l) => money(unitPaise(l, kind)) },
            {
              key: 'gst',
              label: 'GST',
              align: 'right',
              cell: (l) => (gstChoices.includes(l.gst) ? `${l.gst}%` : `${l.gst}% (not in force)`),
            },
            {
              key: 'total',
              label: 'Total',
              align: 'right',
              cell: (l) => {
                const amounts = lineTotals(l, kind);
                return amounts ? formatRupees(amounts.total) : 'Computed on save';
              },
            },
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
        onCancelEdit={() => onDraft(emptyDraft(defaultTier))}
        onAdd={add}
        addLabel={{ add: 'Add Item', save: 'Save Item' }}
      >
        <SimpleGrid cols={{ base: 1, sm: sale ? 3 : 2, md: sale ? 5 : 4 }} spacing="sm">
          <RefSelect
            label="Item"
            value={line.item || null}
            onChange={(id) => void pickItem(id)}
            source={itemSource}
            canSearch={canSearchItems}
            plural="items"
            known={known}
            names={names}
            onNames={onNames}
            error={errors.item}
            description={sale && line.item ? stockOf(line.item, held?.[line.item] ?? 0) : undefined}
          />
          <TextInput
            label="Quantity"
            inputMode="numeric"
            autoComplete="off"
            value={line.quantity}
            error={errors.quantity ?? beyondStock(line, kind)}
            onChange={(e) => set({ quantity: e.currentTarget.value })}
          />
          {sale && (
            <NativeSelect
              label="Margin Tier"
              data={tiers.map((t) => ({ value: t, label: tierLabel(t) }))}
              value={line.marginTier ?? ''}
              error={errors.marginTier}
              onChange={(e) => set({ marginTier: e.currentTarget.value as LineMarginTier })}
            />
          )}
          {priceEditable ? (
            <TextInput
              label="Price per unit (₹)"
              inputMode="decimal"
              autoComplete="off"
              value={line.pricePerUnit}
              error={errors.pricePerUnit}
              onChange={(e) => set({ pricePerUnit: e.currentTarget.value })}
            />
          ) : (
            <TextInput
              label="Price per unit (₹)"
              readOnly
              value={entryUnit === null ? 'Computed on save' : (entryUnit / 100).toFixed(2)}
              description="From the price to show and the tier's margin"
            />
          )}
          <NativeSelect
            label="GST %"
            data={[
              ...(gstChoices.includes(line.gst)
                ? []
                : [{ value: String(line.gst), label: `${line.gst}% (not in force on this date)` }]),
              ...gstChoices.map((g) => ({ value: String(g), label: `${g}%` })),
            ]}
            value={String(line.gst)}
            error={gstChoices.includes(line.gst) ? undefined : gstRateMessageOn(day)}
            onChange={(e) => set({ gst: Number(e.currentTarget.value) as GstRate })}
          />
        </SimpleGrid>
        {sale && stockNotCreated(line) && (
          <Alert
            mt="sm"
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            {SALE_MESSAGES.stockNotCreated}
          </Alert>
        )}
      </ListEntry>
      <ListError message={error} attr="data-items-error" />
      <TradeTotalsView totals={totals} />
    </Stack>
  );
};

/** The document's totals as they stand (spec 3 §5: GST amount, and the total with GST). */
export const TradeTotalsView = ({
  totals,
}: {
  totals: { taxable: number; gst: number; total: number; complete: boolean };
}) => (
  <Paper withBorder radius="md" p="sm" aria-label="Totals" component="section">
    <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
      {[
        ['Subtotal', totals.taxable],
        ['GST Amount', totals.gst],
        ['Total', totals.total],
      ].map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={label === 'Total' ? 700 : 500} data-testid={`total-${label}`}>
            {formatRupees(value as number)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
    {!totals.complete && (
      <Text size="xs" c="dimmed" mt={4}>
        Some prices are computed on save; the totals above leave them out.
      </Text>
    )}
  </Paper>
);
