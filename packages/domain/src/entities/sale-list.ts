// What the sale list page, its cards and the sale detail need at first paint, kept free of zod (see
// catalogue-list.ts). Spec 3 §2 "Sales", §3 "Sale", §5, §8; issue 12; decision 0011.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { CustomerType } from './customer-list.ts';
import type { MarginTier } from './margin-list.ts';
import type { TradeDocumentDto } from './purchase-list.ts';

export const SALE_RESOURCE = 'product-sale';
export const SALE_LIST_KEY = 'productSales';

export const SALE_MESSAGES = {
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
  marginTierRequired: 'Margin tier is required',
  stockNotCreated: 'Item stock is not created. Buy the item first',
  notFound: 'Sale not found',
  empty: 'No Sales Available',
  filterTitle: 'Filter Products',
} as const;

/** 'Item {name} does not have margin. Please add margin to item first.' (spec 3 §5, as quotations say it). */
export const itemWithoutMarginMessage = (name: string) =>
  `Item ${name} does not have margin. Please add margin to item first.`;
/** A tier the caller may not read (spec 3 §6: tiers limited to those the user may read plus custom). */
export const tierForbiddenMessage = (tier: string) =>
  `You don’t have permission to sell at the ${tier.toUpperCase()} price`;

/** Rule 46: a tax invoice's number has at most 16 characters. */
export const SALE_INVOICE_NO_MAX = 16;
export const SALE_INVOICE_NO_MAX_MESSAGE = `Invoice number must not exceed ${SALE_INVOICE_NO_MAX} characters (rule 46 of the CGST Rules)`;

/**
 * An e-way bill is needed when goods worth more than ₹50,000 (with their tax) move (rule 138 of the CGST
 * Rules); the sale asks for its number and the vehicle's and prints them on the invoice (issue 27 §2).
 */
export const E_WAY_BILL_ABOVE_PAISE = 5_000_000;
export const needsEWayBill = (totalAmountPaise: number) => totalAmountPaise > E_WAY_BILL_ABOVE_PAISE;
/** The list filter of sales that need an e-way bill and lack its number. */
export const E_WAY_BILL_FILTER = ['Missing'] as const;
export const E_WAY_BILL_MESSAGES = {
  numberInvalid: 'E-way bill number must be 12 digits',
  vehicleInvalid: 'Vehicle number must look like OD02AB1234',
  hint: 'Goods worth more than ₹50,000 move under an e-way bill: its number and the vehicle’s',
} as const;

/**
 * Spec 3 §2 "Sale filter panel": the total GST amount range is its own range (the source wired it to the
 * total amount's fields, a defect the spec lets a build fix).
 */
export const saleListSpec = defineList({
  filters: {
    customer: 'ids',
    invoiceNo: 'text',
    invoiceDate: 'dateRange',
    totalAmount: 'numberRange',
    totalGSTAmount: 'numberRange',
    eWayBill: { enum: E_WAY_BILL_FILTER },
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['createdAt', 'updatedAt', 'invoiceDate'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export type SaleCustomerRef = {
  _id: string;
  customerId: number;
  name: string;
  type: CustomerType;
  state: string | null;
  marginTier: MarginTier | null;
};

export type SaleDto = TradeDocumentDto & {
  customer: SaleCustomerRef | null;
  eWayBillNo: string | null;
  vehicleNo: string | null;
};
