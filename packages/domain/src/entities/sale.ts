import { z } from 'zod';
import { clearable } from '../common/fields.ts';
import { LINE_MARGIN_TIERS } from '../common/money.ts';
import { oneLineText } from '../common/text.ts';
import { objectIdSchema } from '../ids.ts';
import {
  tradeDocumentFields,
  tradeGstSchema,
  tradeItemIdSchema,
  tradeLinesSchema,
  tradePriceSchema,
  tradeQuantitySchema,
  withDatedGst,
} from './purchase.ts';
import { TRADE_MESSAGES } from './purchase-list.ts';
import {
  E_WAY_BILL_MESSAGES,
  SALE_INVOICE_NO_MAX,
  SALE_INVOICE_NO_MAX_MESSAGE,
  SALE_MESSAGES,
} from './sale-list.ts';

/**
 * A sale line (spec 3 §5): the margin tier decides the price — the stock's price to show plus the tier's
 * margin, computed by the server — unless it is custom, when the price sent is the price.
 */
export const saleLineSchema = z
  .object(
    {
      item: tradeItemIdSchema,
      quantity: tradeQuantitySchema,
      marginTier: z.enum(LINE_MARGIN_TIERS, { error: SALE_MESSAGES.marginTierRequired }),
      pricePerUnit: tradePriceSchema.optional(),
      gst: tradeGstSchema,
    },
    { error: TRADE_MESSAGES.itemRequired },
  )
  .superRefine((l, ctx) => {
    if (l.marginTier === 'custom' && l.pricePerUnit === undefined)
      ctx.addIssue({ code: 'custom', path: ['pricePerUnit'], message: TRADE_MESSAGES.priceRequired });
  });
export type SaleLineInput = z.infer<typeof saleLineSchema>;

const saleFields = {
  customer: z
    .string({ error: SALE_MESSAGES.customerRequired })
    .min(1, SALE_MESSAGES.customerRequired)
    .pipe(objectIdSchema),
  ...tradeDocumentFields,
  // Rule 46: a tax invoice's number has at most 16 characters (a purchase keeps its vendor's).
  invoiceNo: tradeDocumentFields.invoiceNo.refine(
    (v) => v.length <= SALE_INVOICE_NO_MAX,
    SALE_INVOICE_NO_MAX_MESSAGE,
  ),
  items: tradeLinesSchema(saleLineSchema),
  // Transport (issue 27 §2): asked for above ₹50,000, printed on the invoice; spaces and dashes are ignored.
  eWayBillNo: clearable(
    oneLineText({ error: E_WAY_BILL_MESSAGES.numberInvalid })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{12}$/.test(v), E_WAY_BILL_MESSAGES.numberInvalid),
  ).optional(),
  vehicleNo: clearable(
    oneLineText({ error: E_WAY_BILL_MESSAGES.vehicleInvalid })
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
      .refine(
        (v) => /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{1,4}$|^\d{2}BH\d{4}[A-Z]{1,2}$/.test(v),
        E_WAY_BILL_MESSAGES.vehicleInvalid,
      ),
  ).optional(),
};

/** POST /crm/products/sales. */
export const saleCreateSchema = withDatedGst(z.object(saleFields));
export type SaleInput = z.infer<typeof saleCreateSchema>;
/** PATCH /crm/products/sales/{id}: the fields sent replace the stored ones; items replace every line. */
export const saleUpdateSchema = withDatedGst(z.object(saleFields).partial());
export type SaleUpdateInput = z.infer<typeof saleUpdateSchema>;
