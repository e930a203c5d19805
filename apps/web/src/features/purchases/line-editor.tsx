import {
  formatRupees,
  GST_RATES,
  type GstRate,
  type LineMarginTier,
  MARGIN_TIER_LABELS,
  type MarginTier,
  SALE_MESSAGES,
} from '@karya/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { confirmAction } from '../../components/record/confirm';
import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { RowActions } from '../../components/record/row-actions';
import {
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
const money = (paise: number | null) => (paise === null ? 'Computed on save' : formatRupees(paise));

/**
 * The lines of a purchase or sale (spec 3 §5): an item picked by name, quantity, price per unit and GST
 * (default 28); for a sale the margin tier (the tiers the user may read, and Custom), the price editable
 * only for Custom and otherwise shown as computed from the stock's price to show and the item's margin,
 * with the warning 'Item stock is not created. Buy the item first' when there is no price to show. Edit
 * moves a line back into the inputs, asking first when they hold unsaved input; Remove asks first. The
 * totals follow every change.
 */
export const TradeLinesEditor = ({
  kind,
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
  error,
}: {
  kind: TradeKind;
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
  error?: string;
}) => {
  const [errors, setErrors] = useState<LineErrors>({});
  const { line, editing } = draft;
  const known = lines.map((l) => ({ _id: l.item, name: l.name }));
  const sale = kind === 'sale';
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
      gst: (found?.gst ?? line.gst) as GstRate,
      priceToShow: found ? (found.stock ? found.stock.priceToShow : 0) : undefined,
      margins: undefined,
      sold: undefined,
    };
    onDraft({ ...draft, line: base });
    setErrors({});
    if (sale && canReadMargins && found?.margin) {
      try {
        const margins = await fetchMarginTiers(found.margin._id);
        onDraft({ ...draft, line: { ...base, margins } });
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
    const saved: TradeLineState = {
      ...line,
      name: line.name || names[line.item] || line.item,
      quantity: String(Number(line.quantity.trim())),
      pricePerUnit: sale && line.marginTier !== 'custom' ? '' : line.pricePerUnit.trim(),
    };
    onChange(editing === null ? [...lines, saved] : lines.map((l, i) => (i === editing ? saved : l)));
    onDraft(emptyDraft(defaultTier));
    setErrors({});
  };

  const edit = async (index: number) => {
    if (hasUnsavedLine(draft)) {
      const yes = await confirmAction({
        title: 'Confirm Edit',
        message: 'The item being entered has not been added. Unsaved data will be reset. Continue?',
        confirmLabel: 'Edit',
        danger: true,
      });
      if (!yes) return;
    }
    onDraft({ line: lines[index]!, editing: index });
    setErrors({});
  };

  const remove = async (index: number) => {
    const l = lines[index]!;
    const yes = await confirmAction({
      title: 'Remove Item',
      message: `Are you sure you want to remove ${l.name} from this ${kind}?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!yes) return;
    onChange(lines.filter((_, i) => i !== index));
    if (editing === index) onDraft(emptyDraft(defaultTier));
    else if (editing !== null && editing > index) onDraft({ ...draft, editing: editing - 1 });
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
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Listed items" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                {sale && <Table.Th>Tier</Table.Th>}
                <Table.Th ta="right">Price per unit</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => {
                const amounts = lineTotals(l, kind);
                return (
                  <Table.Tr key={l.item} opacity={editing === i ? 0.5 : 1}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.name}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    {sale && <Table.Td>{l.marginTier ? tierLabel(l.marginTier) : '-'}</Table.Td>}
                    <Table.Td ta="right">{money(unitPaise(l, kind))}</Table.Td>
                    <Table.Td ta="right">{l.gst}%</Table.Td>
                    <Table.Td ta="right">
                      {amounts ? formatRupees(amounts.total) : 'Computed on save'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        <RowActions name={l.name} onEdit={() => edit(i)} onRemove={() => remove(i)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Paper withBorder radius="md" p="sm" component="fieldset" m={0}>
        <Text component="legend" size="sm" fw={500} px={4}>
          {editing === null ? 'Add an item' : `Edit item ${editing + 1}`}
        </Text>
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
          />
          <TextInput
            label="Quantity"
            inputMode="numeric"
            autoComplete="off"
            value={line.quantity}
            error={errors.quantity}
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
            data={GST_RATES.map((g) => ({ value: String(g), label: `${g}%` }))}
            value={String(line.gst)}
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
        <Group justify="flex-end" mt="sm" gap="xs">
          {editing !== null && (
            <Button variant="default" size="xs" onClick={() => onDraft(emptyDraft(defaultTier))}>
              Cancel Edit
            </Button>
          )}
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
            {editing === null ? 'Add Item' : 'Save Item'}
          </Button>
        </Group>
      </Paper>
      {error && (
        <Text size="sm" c="red.8" role="alert" data-items-error tabIndex={-1}>
          {error}
        </Text>
      )}
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
