import {
  E_WAY_BILL_MESSAGES,
  type LineMarginTier,
  type MarginTier,
  needsEWayBill,
  type PurchaseDto,
  SALE_INVOICE_NO_MAX,
  type SaleDto,
  TRADE_INVOICE_NO_MAX,
  todayInAppZone,
} from '@karya/domain';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../app/auth';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { useIdempotencyKey } from '../../lib/idempotency';
import { DateInput } from '../../lib/lazy-date-input';
import { messageOf, withLoadingToast } from '../../lib/notify';
import { useNextInvoiceNo } from '../sales/invoice-series';
import { TradeLinesEditor } from './line-editor';
import { stockMovingKeys } from './trade-api';
import {
  checkDocument,
  emptyDraft,
  hasUnsavedLine,
  linesFrom,
  sellableTiers,
  type TradeErrors,
  type TradeFormState,
  type TradeKind,
  type TradeLineDraft,
  toTradeBody,
  tradeTotals,
} from './trade-lines';
import { customerDetails, customerSource, vendorSource } from './trade-sources';

type Doc = PurchaseDto | SaleDto;
const partyOf = (doc: Doc | undefined) =>
  doc ? ('vendor' in doc ? doc.vendor : (doc as SaleDto).customer) : null;

/**
 * The purchase or sale form (spec 3 §2, §5): Purchase/Sale Details (vendor or customer, invoice number,
 * invoice date), the items with their line editor and live totals, and Additional Things (notes). The
 * form checks the spec's rules first; the server checks again and its refusals ('Not enough stock of …')
 * show above the form. Create sends the document; update sends it whole (its lines replace the old ones).
 * Every save carries the form's Idempotency-Key (lib/idempotency.ts): Save pressed again after a lost answer
 * replays the first answer instead of taking the stock twice. A number another document holds (409) names
 * it, with a link to it.
 */
/** The document a 409 names (invoice number taken): its id, from the answer's data. */
const holderOf = (e: unknown) => {
  if (!isApiError(e) || e.status !== 409) return null;
  const data = (e.body as { data?: { _id?: unknown; invoiceNo?: unknown } } | undefined)?.data;
  return typeof data?._id === 'string' ? { _id: data._id, invoiceNo: String(data.invoiceNo ?? '') } : null;
};

export const TradeForm = ({
  kind,
  mode,
  doc,
  save,
  pathOf,
}: {
  kind: TradeKind;
  mode: 'create' | 'update';
  doc?: Doc;
  save: (
    body: unknown,
    idempotencyKey: string,
  ) => Promise<{ message?: string; data?: { _id: string } | null }>;
  pathOf: (id: string) => string;
}) => {
  const { can } = useCan();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const client = useQueryClient();
  const sale = kind === 'sale';
  const Noun = sale ? 'Sale' : 'Purchase';
  const party = partyOf(doc);
  const initial = useMemo<TradeFormState>(
    () => ({
      party: party?._id ?? '',
      invoiceNo: doc?.invoiceNo ?? '',
      invoiceDate: doc?.invoiceDate?.slice(0, 10) ?? todayInAppZone(),
      notes: doc?.notes ?? '',
      lines: doc ? linesFrom(doc) : [],
      ...(sale
        ? {
            eWayBillNo: (doc as SaleDto | undefined)?.eWayBillNo ?? '',
            vehicleNo: (doc as SaleDto | undefined)?.vehicleNo ?? '',
          }
        : {}),
    }),
    [doc, party, sale],
  );
  const [values, setValues] = useState<TradeFormState>(initial);
  // A new sale starts with the next number of the company's series (issue 27 §2) until the user types one.
  const typedInvoiceNo = useRef(false);
  const proposal = useNextInvoiceNo(
    values.invoiceDate,
    sale && mode === 'create' && can('product-sale', 'create'),
  );
  const proposed = proposal.data?.invoiceNo;
  useEffect(() => {
    if (proposed && !typedInvoiceNo.current) setValues((v) => ({ ...v, invoiceNo: proposed }));
  }, [proposed]);
  const tiers = useMemo(
    () => (sale ? sellableTiers((t) => can('product-item-price', `read-${t}`)) : []),
    [sale, can],
  );
  const tierFor = (customerTier: string | null | undefined): LineMarginTier | undefined => {
    if (!sale) return undefined;
    if (customerTier && (tiers as string[]).includes(customerTier)) return customerTier as MarginTier;
    return tiers[0];
  };
  const saleDoc = sale ? (doc as SaleDto | undefined) : undefined;
  // What the sale being changed holds of each item: the server gives it back before taking the new lines.
  const held = useMemo(
    () =>
      saleDoc?.isDeleted === false
        ? Object.fromEntries(saleDoc.items.flatMap((l) => (l.item ? [[l.item._id, l.quantity]] : [])))
        : undefined,
    [saleDoc],
  );
  const [defaultTier, setDefaultTier] = useState<LineMarginTier | undefined>(() =>
    tierFor(saleDoc?.customer?.marginTier),
  );
  const [lineDraft, setLineDraft] = useState<TradeLineDraft>(() => emptyDraft(defaultTier));
  const [names, setNames] = useState<RefNames>(() =>
    Object.fromEntries(
      [...(party ? [party] : []), ...(doc?.items.flatMap((l) => (l.item ? [l.item] : [])) ?? [])].map((r) => [
        r._id,
        r.name,
      ]),
    ),
  );
  const [errors, setErrors] = useState<TradeErrors>({});
  const [serverError, setServerError] = useState<{
    message: string;
    holder: { _id: string; invoiceNo: string } | null;
  } | null>(null);
  const keeper = useIdempotencyKey();
  const running = useRef(false);
  const [saving, setSaving] = useState(false);
  const rootRef = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial) || hasUnsavedLine(lineDraft);
  const guard = usePageFormGuard(dirty);

  const set = (patch: Partial<TradeFormState>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[(k === 'lines' ? 'items' : k) as keyof TradeErrors];
      return next;
    });
  };

  const pickParty = (id: string | null) => {
    set({ party: id ?? '' });
    if (!sale || !id) return;
    // Spec 3 §4: the customer's margin tier preselects the tier of the lines still to be added.
    const tier = tierFor(customerDetails.get(id)?.marginTier);
    setDefaultTier(tier);
    if (!hasUnsavedLine(lineDraft) && lineDraft.editing === null) setLineDraft(emptyDraft(tier));
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    const found = checkDocument(values, kind, hasUnsavedLine(lineDraft));
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) {
      queueMicrotask(() => focusFirstError(rootRef.current, '[data-items-error]'));
      return;
    }
    running.current = true;
    setSaving(true);
    try {
      const answer = await withLoadingToast(`${mode === 'create' ? 'Creating' : 'Updating'} ${kind}`, () =>
        keeper.run((key) => save(toTradeBody(values, kind), key)),
      );
      guard.release();
      for (const queryKey of stockMovingKeys) void client.invalidateQueries({ queryKey });
      navigate(pathOf(answer.data?._id ?? doc?._id ?? ''));
    } catch (e) {
      // The toast has said it too; the message stays by the form (e.g. 'Not enough stock of …').
      setServerError({ message: messageOf(e), holder: holderOf(e) });
      if (isApiError(e)) rootRef.current?.querySelector<HTMLElement>('[data-server-error]')?.focus();
    } finally {
      running.current = false;
      setSaving(false);
    }
  };

  const partyLabel = sale ? 'Customer' : 'Vendor';
  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={`${mode === 'create' ? 'Create' : 'Update'} ${Noun}`}
      onSubmit={submit}
    >
      <Stack gap="md">
        {serverError && (
          <Paper
            withBorder
            p="sm"
            radius="md"
            c="red.8"
            role="alert"
            tabIndex={-1}
            data-server-error
            style={{ borderColor: 'var(--mantine-color-red-6)' }}
          >
            {serverError.message}
            {serverError.holder && (
              <Anchor component={Link} to={pathOf(serverError.holder._id)} size="sm" display="block">
                Open the {kind} {serverError.holder.invoiceNo}
              </Anchor>
            )}
          </Paper>
        )}
        <FormSection title={`${Noun} Details`}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <RefSelect
              label={partyLabel}
              withAsterisk
              value={values.party || null}
              onChange={pickParty}
              source={sale ? customerSource : vendorSource}
              canSearch={can(sale ? 'customer' : 'product-vendor', 'suggestion')}
              plural={sale ? 'customers' : 'vendors'}
              known={party ? [party] : []}
              names={names}
              onNames={setNames}
              error={errors.party}
            />
            <TextInput
              label="Invoice No"
              withAsterisk
              autoComplete="off"
              maxLength={sale ? SALE_INVOICE_NO_MAX : TRADE_INVOICE_NO_MAX}
              description={
                proposal.data && values.invoiceNo === proposal.data.invoiceNo
                  ? `Next in the series ${proposal.data.series}`
                  : undefined
              }
              value={values.invoiceNo}
              error={errors.invoiceNo}
              onChange={(e) => {
                typedInvoiceNo.current = true;
                set({ invoiceNo: e.currentTarget.value });
              }}
            />
            <DateInput
              label="Invoice Date"
              withAsterisk
              placeholder="DD/MM/YYYY"
              valueFormat="DD/MM/YYYY"
              value={values.invoiceDate || null}
              onChange={(v) => set({ invoiceDate: typeof v === 'string' ? v.slice(0, 10) : '' })}
              error={errors.invoiceDate}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title="Items">
          <TradeLinesEditor
            kind={kind}
            invoiceDate={values.invoiceDate}
            lines={values.lines}
            onChange={(lines) => set({ lines })}
            draft={lineDraft}
            onDraft={(d) => {
              setLineDraft(d);
              setErrors((e) => ({ ...e, items: undefined }));
            }}
            names={names}
            onNames={setNames}
            canSearchItems={can('product-item', 'suggestion')}
            canReadMargins={can('product-margin', 'read')}
            tiers={tiers}
            defaultTier={defaultTier}
            prefillItem={mode === 'create' ? (searchParams.get('item') ?? undefined) : undefined}
            held={held}
            error={errors.items}
          />
        </FormSection>
        {sale &&
          (needsEWayBill(tradeTotals(values.lines, kind).total) || values.eWayBillNo || values.vehicleNo) && (
            <FormSection title="E-way Bill">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="E-way bill No"
                  description={E_WAY_BILL_MESSAGES.hint}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={14}
                  value={values.eWayBillNo ?? ''}
                  onChange={(e) => set({ eWayBillNo: e.currentTarget.value })}
                />
                <TextInput
                  label="Vehicle No"
                  placeholder="OD02AB1234"
                  autoComplete="off"
                  maxLength={13}
                  value={values.vehicleNo ?? ''}
                  onChange={(e) => set({ vehicleNo: e.currentTarget.value })}
                />
              </SimpleGrid>
            </FormSection>
          )}
        <FormSection title="Additional Things">
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={values.notes}
            error={errors.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
        </FormSection>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {mode === 'create' ? `Create ${Noun}` : `Update ${Noun}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
