import { z } from 'zod';
import { GST_ZERO_KINDS } from '../common/gst-slabs.ts';
import { LINE_MARGIN_TIERS } from '../common/money.ts';
import { CUSTOMER_TYPES } from '../entities/customer-list.ts';
import {
  ITEM_LIST_KEY,
  ITEM_PRICE_KEYS,
  ITEM_STATES,
  type ItemDto,
  type ItemSuggestion,
  UNITS_OF_QUANTITY,
  type UnitOfQuantity,
} from '../entities/item-list.ts';
import { MARGIN_TIERS } from '../entities/margin-list.ts';
import { PURCHASE_LIST_KEY, type PurchaseDto } from '../entities/purchase-list.ts';
import { SALE_LIST_KEY, type SaleDto } from '../entities/sale-list.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';
import { recordStampsShape, userRefSchema } from './users.ts';

/** Answers of the product records: items, purchases and sales. */
const text = z.string().nullable();
const ref = z.object({ _id: z.string(), name: z.string() });
const file = z.object({ _id: z.string(), url: z.string(), name: z.string() });
const gstRate = z.number().describe('A GST rate of the slabs, in percent');
const stockRef = z.object({ _id: z.string(), currentStock: z.number(), priceToShow: z.number().optional() });
const uqc = z.enum(Object.keys(UNITS_OF_QUANTITY) as [UnitOfQuantity, ...UnitOfQuantity[]]);

export const itemDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  name: z.string(),
  sku: z.number().int(),
  modalNo: text,
  description: text,
  brand: ref.nullable(),
  categories: z.array(ref),
  classes: z.array(ref),
  margin: ref.nullable(),
  gst: gstRate.nullable(),
  gstZeroKind: z.enum(GST_ZERO_KINDS).nullable(),
  uqc,
  hsnCode: text,
  shipping: z.object({
    weight: z.number().nullable(),
    dimensions: z.object({
      length: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    }),
  }),
  state: z.enum(ITEM_STATES),
  targetPrice: z.number().nullable(),
  preferredBrand: text,
  images: z.array(file),
  specifications: file.nullable(),
  stock: stockRef.nullable(),
  prices: z
    .object(
      Object.fromEntries(ITEM_PRICE_KEYS.map((k) => [k, z.number().nullable().optional()])) as Record<
        (typeof ITEM_PRICE_KEYS)[number],
        z.ZodOptional<z.ZodNullable<z.ZodNumber>>
      >,
    )
    .describe('Rupees; null for N/A; a price the caller may not read is absent'),
  rating: z.number().nullable(),
  updatedBy: userRefSchema.nullable(),
});
export const itemListAnswerSchema = listAnswer(ITEM_LIST_KEY, itemDtoSchema);

export const itemSuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.number().int(),
  gst: gstRate.nullable(),
  state: z.enum(ITEM_STATES),
  stock: stockRef.nullable(),
  margin: ref.nullable(),
});

const tradeDocumentShape = {
  ...recordStampsShape,
  _id: z.string(),
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  notes: text,
  items: z.array(
    z.object({
      item: z.object({ _id: z.string(), name: z.string(), sku: z.number().int(), hsnCode: text }).nullable(),
      quantity: z.number(),
      pricePerUnit: z.number(),
      gst: gstRate,
      taxableAmount: z.number(),
      gstAmount: z.number(),
      totalPrice: z.number(),
      marginTier: z.enum(LINE_MARGIN_TIERS).optional(),
    }),
  ),
  taxableAmount: z.number(),
  totalGSTAmount: z.number(),
  totalAmount: z.number(),
  gstSplit: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }),
  supplyState: text,
  interState: z.boolean(),
  updatedBy: userRefSchema.nullable(),
};

export const purchaseDtoSchema = z.object({ ...tradeDocumentShape, vendor: ref.nullable() });
export const purchaseListAnswerSchema = listAnswer(PURCHASE_LIST_KEY, purchaseDtoSchema);

export const saleDtoSchema = z.object({
  ...tradeDocumentShape,
  customer: z
    .object({
      _id: z.string(),
      customerId: z.number().int(),
      name: z.string(),
      type: z.enum(CUSTOMER_TYPES),
      state: text,
      marginTier: z.enum(MARGIN_TIERS).nullable(),
    })
    .nullable(),
  eWayBillNo: text,
  vehicleNo: text,
});
export const saleListAnswerSchema = listAnswer(SALE_LIST_KEY, saleDtoSchema);

/** POST /crm/products/sales/{id}/send: where the tax invoice went and the attachment's name. */
export const saleInvoiceSentSchema = z.object({ email: z.string(), fileName: z.string() });

/** GET /crm/products/sales/next-invoice-no: a proposal, in the company's series. */
export const nextSaleInvoiceNoSchema = z.object({
  invoiceNo: z.string(),
  series: z.string().describe('The company settings’ series, e.g. INV/{FY}/'),
});

const checks: [
  Same<z.output<typeof itemDtoSchema>, ItemDto>,
  Same<z.output<typeof itemSuggestionSchema>, ItemSuggestion>,
  Same<z.output<typeof purchaseDtoSchema>, PurchaseDto>,
  Same<z.output<typeof saleDtoSchema>, SaleDto>,
] = [true, true, true, true];
void checks;
