import { z } from 'zod';
import { CUSTOMER_TYPES } from '../entities/customer-list.ts';
import { ITEM_STATES } from '../entities/item-list.ts';
import { MARGIN_TIERS } from '../entities/margin-list.ts';
import {
  LOST_TO,
  REJECTION_LIST_KEY,
  type RejectionAnalysisDto,
} from '../entities/rejection-analysis-list.ts';
import {
  REQUIREMENT_LIST_KEY,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  REQUIREMENT_TYPES,
  type RequirementDto,
  type RequirementSuggestion,
} from '../entities/requirement-list.ts';
import {
  STOCK_ADJUSTMENT_TYPES,
  STOCK_HISTORY_TYPES,
  STOCK_LIST_KEY,
  type StockDetailDto,
  type StockDto,
  type StockHistoryEntryDto,
  type StockSuggestion,
} from '../entities/stock-list.ts';
import type { WinLoss } from '../entities/win-loss.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';
import { recordStampsShape, userRefSchema } from './users.ts';

/** Answers of stocks, requirements and rejection analyses. */
const text = z.string().nullable();
const gstRate = z.number().describe('A GST rate of the slabs, in percent');

export const stockDtoSchema = z.object({
  _id: z.string(),
  item: z
    .object({ _id: z.string(), name: z.string(), sku: z.number().int(), isDeleted: z.boolean() })
    .nullable(),
  totalPurchased: z.number(),
  totalSold: z.number(),
  currentStock: z.number(),
  lastPurchasedStock: z.number(),
  lastSoldStock: z.number(),
  lastPurchasePrice: z.number(),
  averagePurchasePrice: z.number(),
  totalPurchasePrice: z.number(),
  lastGST: gstRate.nullable(),
  priceToShow: z.number(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** The stock list also says how many pages there are. */
export const stockListAnswerSchema = listAnswer(STOCK_LIST_KEY, stockDtoSchema).extend({
  totalPages: z.number().int(),
});
export const stockDetailDtoSchema = stockDtoSchema.extend({
  stockAdjustments: z.array(
    z.object({
      _id: z.string(),
      type: z.enum(STOCK_ADJUSTMENT_TYPES),
      quantity: z.number(),
      reason: text,
      date: z.string(),
      initialPrice: z.number().nullable(),
      createdBy: userRefSchema.nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const stockSuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.number().int(),
  currentStock: z.number(),
});

export const requirementDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  requirementId: z.number().int(),
  title: z.string(),
  customer: z
    .object({
      _id: z.string(),
      customerId: z.number().int(),
      name: z.string(),
      type: z.enum(CUSTOMER_TYPES),
      marginTier: z.enum(MARGIN_TIERS).nullable(),
      isDeleted: z.boolean(),
    })
    .nullable(),
  type: z.enum(REQUIREMENT_TYPES),
  priority: z.enum(REQUIREMENT_PRIORITIES),
  status: z.enum(REQUIREMENT_STATUSES),
  items: z.array(
    z.object({
      item: z
        .object({
          _id: z.string(),
          name: z.string(),
          sku: z.number().int(),
          state: z.enum(ITEM_STATES),
          gst: gstRate.nullable(),
          margin: z.object({ _id: z.string(), name: z.string() }).nullable(),
          hasPrice: z.boolean(),
          isDeleted: z.boolean(),
        })
        .nullable(),
      quantity: z.number(),
      note: text,
    }),
  ),
  budget: z.number().nullable(),
  purchaseDate: text,
  quotation: z.object({ _id: z.string(), quotationId: z.number().int() }).nullable(),
  notes: text,
  updatedBy: userRefSchema.nullable(),
});
export const requirementListAnswerSchema = listAnswer(REQUIREMENT_LIST_KEY, requirementDtoSchema);
export const requirementSuggestionSchema = z.object({
  _id: z.string(),
  requirementId: z.number().int(),
  title: z.string(),
  customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
  status: z.enum(REQUIREMENT_STATUSES),
});

export const rejectionAnalysisDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  quotation: z
    .object({
      _id: z.string(),
      quotationId: z.number().int(),
      versionNumber: z.number().int(),
      title: z.string(),
      isDeleted: z.boolean(),
    })
    .nullable(),
  quotationVersionId: z.string(),
  customer: z.object({ _id: z.string(), customerId: z.number().int(), name: z.string() }).nullable(),
  rejectionDate: z.string(),
  rejectionReasons: z.array(z.string()),
  detailedReason: text,
  lostTo: z.enum(LOST_TO),
  competitor: z.object({ name: text, offeredAmount: z.number().nullable() }),
  quotedAmount: z.number(),
  customerFeedback: text,
  rejectedPerson: z.object({ name: text, designation: text, email: text, phone: text }),
  updatedBy: userRefSchema.nullable(),
});
export const rejectionAnalysisListAnswerSchema = listAnswer(REJECTION_LIST_KEY, rejectionAnalysisDtoSchema);

/** GET /crm/products/stocks/{id}/history: the stock's ledger, newest first, paged. */
export const stockHistoryEntrySchema = z.object({
  _id: z.string(),
  invoiceNo: text,
  date: z.string(),
  type: z.enum(STOCK_HISTORY_TYPES),
  quantity: z.number().describe('Signed: what the entry added (+) or removed (−)'),
  pricePerUnit: z.number(),
  gst: z.number().nullable(),
  totalPrice: z.number(),
  documentId: text.describe('The purchase or sale the entry belongs to'),
  adjustmentType: z.enum(STOCK_ADJUSTMENT_TYPES).nullable(),
  reason: text,
});
export const stockHistoryPageSchema = z.object({
  history: z.array(stockHistoryEntrySchema),
  historyCount: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});

/** PATCH /crm/products/stocks/{id}/update-price: the stock's figures after the change. */
export const stockPriceAnswerSchema = z.object({
  _id: z.string(),
  currentStock: z.number(),
  priceToShow: z.number(),
});

/** GET /crm/win-loss (issue 26; decision 0017): values in rupees with GST, rates as fractions. */
const winLossMonth = {
  month: z.string(),
  won: z.number().int(),
  lost: z.number().int(),
  wonValue: z.number(),
  lostValue: z.number(),
};
const winRateRow = z.object({
  key: z.string(),
  won: z.number().int(),
  lost: z.number().int(),
  winRate: z.number().nullable().describe('null: nothing decided'),
});
const lostRow = z.object({ key: z.string(), count: z.number().int(), value: z.number() });
export const winLossSchema = z.object({
  from: z.string(),
  to: z.string(),
  createdBy: text,
  totals: z.object({ ...winLossMonth, winRate: z.number().nullable() }),
  months: z.array(z.object(winLossMonth)),
  byInstitutionType: z.array(winRateRow),
  byDistrict: z.array(winRateRow),
  lostByCompetitor: z.array(lostRow),
  lostByReason: z.array(lostRow),
  lostTo: z.array(lostRow.extend({ key: z.enum(LOST_TO) })),
  daysToApproval: z.object({
    count: z.number().int(),
    median: z.number().nullable(),
    average: z.number().nullable(),
    buckets: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
  }),
});

const checks: [
  Same<z.output<typeof stockHistoryEntrySchema>, StockHistoryEntryDto>,
  Same<z.output<typeof winLossSchema>, WinLoss>,
  Same<z.output<typeof stockDtoSchema>, StockDto>,
  Same<z.output<typeof stockDetailDtoSchema>, StockDetailDto>,
  Same<z.output<typeof stockSuggestionSchema>, StockSuggestion>,
  Same<z.output<typeof requirementDtoSchema>, RequirementDto>,
  Same<z.output<typeof requirementSuggestionSchema>, RequirementSuggestion>,
  Same<z.output<typeof rejectionAnalysisDtoSchema>, RejectionAnalysisDto>,
] = [true, true, true, true, true, true, true, true];
void checks;
