import { z } from 'zod';
import { GST_ZERO_KINDS } from '../common/gst-slabs.ts';
import { LINE_MARGIN_TIERS } from '../common/money.ts';
import { CUSTOMER_TYPES } from '../entities/customer-list.ts';
import { MARGIN_TIERS } from '../entities/margin-list.ts';
import {
  PROJECT_LIST_KEY,
  PROJECT_STATUSES,
  type ProjectCreated,
  type ProjectDto,
  type ProjectListDto,
  type ProjectSuggestion,
} from '../entities/project-list.ts';
import {
  QUOTATION_CHANGE_TYPES,
  QUOTATION_LIST_KEY,
  QUOTATION_STATUSES,
  type QuotationDto,
  type QuotationListDto,
  type QuotationSuggestion,
  REVIEW_STATUSES,
} from '../entities/quotation-list.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';
import { recordStampsShape, userRefSchema } from './users.ts';

/** Answers of quotations (every version a frozen snapshot) and projects. */
const text = z.string().nullable();

export const quotationLineDtoSchema = z.object({
  item: z.object({ _id: z.string(), isDeleted: z.boolean() }).nullable(),
  name: z.string(),
  sku: z.number().int().nullable(),
  modalNo: text,
  hsn: text,
  brand: text,
  description: text,
  quantity: z.number(),
  marginTier: z.enum(LINE_MARGIN_TIERS),
  marginPercentage: z.number(),
  gst: z.number(),
  gstZeroKind: z.enum(GST_ZERO_KINDS).nullable().optional(),
  unitPrice: z.number(),
  gstPerUnit: z.number(),
  taxableAmount: z.number(),
  gstAmount: z.number(),
  totalPrice: z.number(),
});

const review = z
  .object({
    status: z.enum(REVIEW_STATUSES),
    reason: text,
    reviewedBy: userRefSchema.nullable(),
    reviewedAt: text,
  })
  .nullable();

const quotationVersionDtoSchema = z.object({
  _id: z.string(),
  versionNumber: z.number().int(),
  title: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  validUntil: z.string(),
  notes: text,
  items: z.array(quotationLineDtoSchema),
  taxableAmount: z.number(),
  totalGSTAmount: z.number(),
  totalPrice: z.number(),
  totalAmount: z.number(),
  gstSplit: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }),
  placeOfSupply: z.object({ code: text, state: text, interState: z.boolean() }),
  previousVersion: text,
  nextVersion: text,
  isMain: z.boolean(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  changes: z.array(
    z.object({ type: z.enum(QUOTATION_CHANGE_TYPES), item: z.string(), description: z.string() }),
  ),
  review,
});

export const quotationDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  quotationId: z.number().int(),
  customer: z
    .object({
      _id: z.string(),
      customerId: z.number().int(),
      name: z.string(),
      type: z.enum(CUSTOMER_TYPES),
      marginTier: z.enum(MARGIN_TIERS).nullable(),
      email: text,
      phone: text,
      address: z
        .object({ street: text, city: text, district: text, state: text, country: text, zipCode: text })
        .nullable()
        .optional(),
      gstin: text.optional(),
      isDeleted: z.boolean(),
    })
    .nullable(),
  requirement: z
    .object({ _id: z.string(), requirementId: z.number().int(), title: z.string(), isDeleted: z.boolean() })
    .nullable(),
  project: z.object({ _id: z.string(), projectId: z.number().int(), isDeleted: z.boolean() }).nullable(),
  activeVersion: quotationVersionDtoSchema,
  versions: z.array(quotationVersionDtoSchema),
  updatedBy: userRefSchema.nullable(),
});

export const quotationListDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  quotationId: z.number().int(),
  customer: z.object({ _id: z.string(), customerId: z.number().int(), name: z.string() }).nullable(),
  requirement: z.object({ _id: z.string(), requirementId: z.number().int(), title: z.string() }).nullable(),
  activeVersion: quotationVersionDtoSchema.pick({
    _id: true,
    versionNumber: true,
    title: true,
    status: true,
    validUntil: true,
    totalPrice: true,
    review: true,
    createdBy: true,
  }),
  versionCount: z.number().int(),
});
export const quotationListAnswerSchema = listAnswer(QUOTATION_LIST_KEY, quotationListDtoSchema);

const projectFile = z.object({ url: z.string(), name: z.string(), size: z.number() }).nullable();
export const projectDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  projectId: z.number().int(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  customer: z
    .object({ _id: z.string(), customerId: z.number().int(), name: z.string(), isDeleted: z.boolean() })
    .nullable(),
  requirement: z
    .object({ _id: z.string(), requirementId: z.number().int(), title: z.string(), isDeleted: z.boolean() })
    .nullable(),
  quotation: z
    .object({
      _id: z.string(),
      quotationId: z.number().int(),
      versionNumber: z.number().int(),
      isDeleted: z.boolean(),
    })
    .nullable(),
  items: z.array(quotationLineDtoSchema),
  totalPrice: z.number(),
  files: z.object({ agreementFile: projectFile, purchaseOrderFile: projectFile }),
  statusHistory: z.array(
    z.object({
      from: z.enum(PROJECT_STATUSES).nullable(),
      to: z.enum(PROJECT_STATUSES),
      reason: text,
      changedBy: userRefSchema.nullable(),
      changedAt: z.string(),
    }),
  ),
  updatedBy: userRefSchema.nullable(),
});

export const projectListDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  projectId: z.number().int(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  customer: z.object({ _id: z.string(), customerId: z.number().int(), name: z.string() }).nullable(),
  totalPrice: z.number(),
});
export const projectListAnswerSchema = listAnswer(PROJECT_LIST_KEY, projectListDtoSchema);

export const quotationSuggestionSchema = z.object({
  _id: z.string(),
  quotationId: z.number().int(),
  title: z.string(),
  versionNumber: z.number().int(),
  status: z.enum(QUOTATION_STATUSES),
  customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export const projectSuggestionSchema = z.object({
  _id: z.string(),
  projectId: z.number().int(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

/** GET /crm/customers/{id}/projects: a customer's projects with their quotation's active version. */
export const customerProjectSchema = z.object({
  _id: z.string(),
  projectId: z.number().int(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  totalPrice: z.number(),
  quotation: z.object({ _id: z.string(), quotationId: z.number().int() }).nullable(),
  quotationId: z.number().int().nullable(),
  activeVersion: z
    .object({
      title: z.string(),
      status: z.enum(QUOTATION_STATUSES),
      versionNumber: z.number().int(),
      totalPrice: z.number(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const customerProjectListAnswerSchema = listAnswer(PROJECT_LIST_KEY, customerProjectSchema);

/** POST /crm/projects: the project made from the quotation approved. */
export const projectCreatedSchema = z.object({
  _id: z.string(),
  projectId: z.number().int(),
  quotation: z.string().describe('The quotation’s id'),
});

/** POST /crm/quotations/{id}/send: where it went, which version, and the attachment's name. */
export const quotationSentSchema = z.object({
  email: z.string(),
  version: z.string().describe('The version’s id'),
  fileName: z.string(),
});

const checks: [
  Same<z.output<typeof projectCreatedSchema>, ProjectCreated>,
  Same<z.output<typeof quotationDtoSchema>, QuotationDto>,
  Same<z.output<typeof quotationListDtoSchema>, QuotationListDto>,
  Same<z.output<typeof projectDtoSchema>, ProjectDto>,
  Same<z.output<typeof projectListDtoSchema>, ProjectListDto>,
  Same<z.output<typeof quotationSuggestionSchema>, QuotationSuggestion>,
  Same<z.output<typeof projectSuggestionSchema>, ProjectSuggestion>,
] = [true, true, true, true, true, true, true];
void checks;
