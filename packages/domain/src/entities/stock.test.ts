import { describe, expect, it } from 'vitest';
import { documentTotals, lineAmounts, splitGst } from '../common/money.ts';
import { purchaseCreateSchema } from './purchase.ts';
import { invoiceNoTakenMessage } from './purchase-list.ts';
import { saleLineSchema } from './sale.ts';
import { isAdjustmentDateAllowed, stockAdjustSchema } from './stock.ts';
import { adjustmentDirection, notEnoughStockMessage, stockLabel } from './stock-list.ts';

const ID = '0123456789abcdef01234567';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('stock ledger rules', () => {
  it('adjustment types add or remove', () => {
    expect(['Found', 'Initial Stock'].map((t) => adjustmentDirection(t as 'Found'))).toEqual([1, 1]);
    expect(
      ['Damaged', 'Expired', 'Stolen', 'Missing'].map((t) => adjustmentDirection(t as 'Damaged')),
    ).toEqual([-1, -1, -1, -1]);
  });

  it('labels stock and names what is missing', () => {
    expect(stockLabel(6)).toBe('6 In Stock');
    expect(stockLabel(0)).toBe('Out of Stock');
    expect(notEnoughStockMessage('Servo', 4, 6)).toBe('Not enough stock of Servo: 4 available, 6 needed');
  });

  it('an adjustment: type, positive integer quantity, reason, a date not in the future; the price only for Initial Stock', () => {
    const ok = { type: 'Damaged', quantity: '2', reason: ' Broken ', date: '2026-01-10', initialPrice: 40 };
    expect(stockAdjustSchema.parse(ok)).toEqual({
      type: 'Damaged',
      quantity: 2,
      reason: 'Broken',
      date: '2026-01-10',
      initialPrice: null,
    });
    expect(stockAdjustSchema.parse({ ...ok, type: 'Initial Stock' }).initialPrice).toBe(40);
    expect(firstMessage(stockAdjustSchema.safeParse({ ...ok, type: '' }))).toBe(
      'Adjustment type is required',
    );
    expect(firstMessage(stockAdjustSchema.safeParse({ ...ok, quantity: -1 }))).toBe(
      'Quantity must be greater than 0',
    );
    expect(firstMessage(stockAdjustSchema.safeParse({ ...ok, reason: '' }))).toBe('Reason is required');
    expect(firstMessage(stockAdjustSchema.safeParse({ ...ok, date: '' }))).toBe(
      'Adjustment date is required',
    );
    expect(firstMessage(stockAdjustSchema.safeParse({ ...ok, date: '2999-12-31' }))).toBe(
      'Adjusted date cannot be in the future',
    );
    expect(isAdjustmentDateAllowed('2026-05-01', '2026-05-01')).toBe(true);
    expect(isAdjustmentDateAllowed('2026-05-02', '2026-05-01')).toBe(false);
  });

  it('purchase lines: GST defaults to 18 (in force in every period); totals are not part of the body', () => {
    const parsed = purchaseCreateSchema.parse({
      vendor: ID,
      invoiceNo: 'PB-1',
      invoiceDate: '2026-01-10T10:00:00Z',
      items: [{ item: ID, quantity: 2, pricePerUnit: '10.50', totalPrice: 1 }],
      totalAmount: 1,
    });
    expect(parsed).toEqual({
      vendor: ID,
      invoiceNo: 'PB-1',
      invoiceDate: '2026-01-10',
      items: [{ item: ID, quantity: 2, pricePerUnit: 10.5, gst: 18 }],
    });
    expect(
      firstMessage(
        purchaseCreateSchema.safeParse({
          ...parsed,
          items: [{ item: ID, quantity: 1, pricePerUnit: 1.005 }],
        }),
      ),
    ).toBe('Per unit price can have at most 2 decimal places');
  });

  it("invoice number: empty is 'required', one character says it is too short; the taken message names the document", () => {
    const doc = {
      vendor: ID,
      invoiceDate: '2026-01-10',
      items: [{ item: ID, quantity: 1, pricePerUnit: 1 }],
    };
    const message = (invoiceNo: string) =>
      firstMessage(purchaseCreateSchema.safeParse({ ...doc, invoiceNo }));
    expect(message('  ')).toBe('Invoice number is required');
    expect(message(' 7 ')).toBe('Invoice number must be at least 2 characters');
    expect(message('PB')).toBeNull();
    expect(
      invoiceNoTakenMessage('sale', {
        invoiceNo: 'INV-12',
        invoiceDate: '2026-03-12',
        party: 'DAV Public School',
      }),
    ).toBe('Invoice number INV-12 is already used by the sale of 12/03/2026 to DAV Public School.');
    expect(
      invoiceNoTakenMessage('purchase', { invoiceNo: 'P-1', invoiceDate: '2026-03-12', party: null }),
    ).toBe('Invoice number P-1 is already used by the purchase of 12/03/2026.');
  });

  it('sale lines: a tier, and a price only required for custom', () => {
    expect(saleLineSchema.safeParse({ item: ID, quantity: 1, marginTier: 't1' }).success).toBe(true);
    expect(firstMessage(saleLineSchema.safeParse({ item: ID, quantity: 1 }))).toBe('Margin tier is required');
    expect(firstMessage(saleLineSchema.safeParse({ item: ID, quantity: 1, marginTier: 'custom' }))).toBe(
      'Per unit price is required',
    );
  });

  it("a quantity below 1 says so; 'At least one item is required' is for an empty list of lines (issue 23)", () => {
    const doc = { vendor: ID, invoiceNo: 'PB-1', invoiceDate: '2026-01-10' };
    const purchase = (items: unknown[]) => firstMessage(purchaseCreateSchema.safeParse({ ...doc, items }));
    for (const quantity of [0, -3, '0', ''])
      expect(purchase([{ item: ID, quantity, pricePerUnit: 1 }])).toBe('Quantity must be at least 1');
    expect(purchase([])).toBe('At least one item is required');
    expect(firstMessage(saleLineSchema.safeParse({ item: ID, quantity: 0, marginTier: 't1' }))).toBe(
      'Quantity must be at least 1',
    );
  });

  it('rounds GST once per line, then sums; the split of an odd paisa goes to SGST', () => {
    // 3 × ₹333.33 at 18%: 179.9982 → ₹180.00; 1 × ₹0.05 at 5%: 0.25 paise → 0.
    const lines = [lineAmounts(3, 33333, 18), lineAmounts(1, 5, 5)];
    expect(lines.map((l) => l.gst)).toEqual([18000, 0]);
    expect(documentTotals(lines)).toEqual({ taxable: 100004, gst: 18000, total: 118004 });
    expect(splitGst(1999, true)).toEqual({ cgst: 999, sgst: 1000, igst: 0 });
    expect(splitGst(1999, false)).toEqual({ cgst: 0, sgst: 0, igst: 1999 });
  });
});
