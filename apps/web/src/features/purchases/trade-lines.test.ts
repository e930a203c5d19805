import { SALE_MESSAGES, TRADE_MESSAGES } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import {
  beyondStock,
  checkDocument,
  checkLine,
  emptyLine,
  hasUnsavedLine,
  type TradeLineState,
  toTradeBody,
  tradeTotals,
  unitPaise,
} from './trade-lines';

const line = (patch: Partial<TradeLineState>): TradeLineState => ({
  ...emptyLine(),
  item: 'a',
  name: 'A',
  ...patch,
});
const MARGINS = { t1: 10, t2: 20, t3: 30, pt1: 5, pt2: 15, pt3: 25 };

describe('trade lines', () => {
  it('totals: each line rounded once, GST at its rate, summed', () => {
    const t = tradeTotals(
      [
        line({ quantity: '3', pricePerUnit: '33.33', gst: 18 }), // 99.99, GST 17.9982 → 18.00
        line({ item: 'b', quantity: '1', pricePerUnit: '0.05', gst: 5 }), // 0.05, GST 0.0025 → 0.00
      ],
      'purchase',
    );
    expect(t).toEqual({ taxable: 10004, gst: 1800, total: 11804, complete: true });
  });

  it('a sale tier price is the price to show plus the tier margin; unknown → computed on save', () => {
    expect(unitPaise(line({ marginTier: 't2', priceToShow: 100, margins: MARGINS }), 'sale')).toBe(12000);
    expect(unitPaise(line({ marginTier: 't2', priceToShow: 100 }), 'sale')).toBeNull();
    expect(unitPaise(line({ marginTier: 'custom', pricePerUnit: '99.5' }), 'sale')).toBe(9950);
    // A saved line keeps the price it was sold at while its tier is unchanged.
    const sold = line({
      marginTier: 't1',
      priceToShow: 200,
      margins: MARGINS,
      sold: { marginTier: 't1', pricePerUnit: 110 },
    });
    expect(unitPaise(sold, 'sale')).toBe(11000);
    expect(unitPaise({ ...sold, marginTier: 't3' }, 'sale')).toBe(26000);
    const t = tradeTotals([line({ marginTier: 't1', priceToShow: 100 })], 'sale');
    expect(t.complete).toBe(false);
  });

  it("checks a line with the spec's messages", () => {
    expect(checkLine(emptyLine(), 'purchase', [], null)).toEqual({
      item: TRADE_MESSAGES.itemRequired,
      pricePerUnit: TRADE_MESSAGES.priceRequired,
    });
    expect(checkLine(line({ quantity: '0', pricePerUnit: '1.234' }), 'purchase', [], null)).toEqual({
      quantity: TRADE_MESSAGES.quantityMin,
      pricePerUnit: TRADE_MESSAGES.priceDecimals,
    });
    expect(checkLine(line({ quantity: '1.5', pricePerUnit: '1' }), 'purchase', [], null).quantity).toBe(
      TRADE_MESSAGES.quantityInteger,
    );
    expect(checkLine(line({ pricePerUnit: '1' }), 'purchase', [line({})], null).item).toBe(
      TRADE_MESSAGES.itemDuplicate,
    );
    // Editing the listed line itself is no duplicate.
    expect(checkLine(line({ pricePerUnit: '1' }), 'purchase', [line({})], 0)).toEqual({});
    expect(checkLine(line({ marginTier: undefined }), 'sale', [], null).marginTier).toBe(
      SALE_MESSAGES.marginTierRequired,
    );
    expect(checkLine(line({ marginTier: 't1', priceToShow: 0 }), 'sale', [], null).item).toBe(
      SALE_MESSAGES.stockNotCreated,
    );
    expect(
      checkLine(line({ marginTier: 'custom', priceToShow: 0, pricePerUnit: '' }), 'sale', [], null),
    ).toEqual({
      pricePerUnit: TRADE_MESSAGES.priceRequired,
    });
  });

  it("flags a sale quantity beyond the stock the picker read, with the server's message; purchases never", () => {
    const sale = line({ name: 'Servo', marginTier: 'custom', pricePerUnit: '10', available: 4 });
    expect(beyondStock({ ...sale, quantity: '4' }, 'sale')).toBeUndefined();
    expect(beyondStock({ ...sale, quantity: '6' }, 'sale')).toBe(
      'Not enough stock of Servo: 4 available, 6 needed',
    );
    expect(checkLine({ ...sale, quantity: '6' }, 'sale', [], null).quantity).toBe(
      'Not enough stock of Servo: 4 available, 6 needed',
    );
    expect(beyondStock({ ...sale, quantity: '6', available: undefined }, 'sale')).toBeUndefined();
    expect(beyondStock({ ...sale, quantity: '6' }, 'purchase')).toBeUndefined();
  });

  it('checks the document and refuses to save with an unsaved entry', () => {
    const v = { party: '', invoiceNo: 'A', invoiceDate: '', notes: '', lines: [] };
    expect(checkDocument(v, 'sale', false)).toEqual({
      party: SALE_MESSAGES.customerRequired,
      invoiceNo: TRADE_MESSAGES.invoiceNoMin,
      invoiceDate: TRADE_MESSAGES.invoiceDateRequired,
      items: TRADE_MESSAGES.itemsRequired,
    });
    const ok = { party: 'v', invoiceNo: 'INV-1', invoiceDate: '2026-01-02', notes: '', lines: [line({})] };
    expect(checkDocument(ok, 'purchase', false)).toEqual({});
    expect(checkDocument(ok, 'purchase', true).items).toBeTruthy();
    expect(hasUnsavedLine({ line: emptyLine('t1'), editing: null })).toBe(false);
    expect(hasUnsavedLine({ line: line({}), editing: null })).toBe(true);
  });

  it('sends tier lines without a price and custom lines with theirs; never totals', () => {
    const body = toTradeBody(
      {
        party: 'c',
        invoiceNo: ' S-1 ',
        invoiceDate: '2026-01-02',
        notes: ' ',
        lines: [
          line({ quantity: '2', marginTier: 't1', pricePerUnit: '5', gst: 18 }),
          line({ item: 'b', quantity: '1', marginTier: 'custom', pricePerUnit: '1,250.50' }),
        ],
      },
      'sale',
    );
    expect(body).toEqual({
      customer: 'c',
      invoiceNo: 'S-1',
      invoiceDate: '2026-01-02',
      notes: null,
      items: [
        { item: 'a', quantity: 2, marginTier: 't1', gst: 18 },
        { item: 'b', quantity: 1, marginTier: 'custom', pricePerUnit: 1250.5, gst: 18 },
      ],
    });
  });
});
