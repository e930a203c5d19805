import { z } from 'zod';
import {
  COLLEGE_TYPES,
  CUSTOMER_LIST_KEY,
  CUSTOMER_TYPES,
  type CustomerCheckCard,
  type CustomerDto,
  type CustomerFeedback,
  type CustomerSuggestion,
  GOVERNMENT_TYPES,
  INSTITUTE_TYPES,
  OFFICE_TYPES,
  ORGANIZATION_TYPES,
  PRIVATE_TYPES,
  RATING_CATEGORIES,
  SCHOOL_BOARDS,
} from '../entities/customer-list.ts';
import type { CustomerDuplicates } from '../entities/customer-queries.ts';
import { MARGIN_TIERS } from '../entities/margin-list.ts';
import { requirementListAnswerSchema } from './crm.ts';
import { listAnswer } from './envelope.ts';
import { followUpListAnswerSchema } from './follow-ups.ts';
import { customerProjectListAnswerSchema, quotationListAnswerSchema } from './quotations.ts';
import type { Same } from './same.ts';
import { recordStampsShape, userRefSchema } from './users.ts';

const text = z.string().nullable();
const addressSchema = z.object({
  street: text,
  city: text,
  district: text,
  state: text,
  country: text,
  zipCode: text,
});
const instituteSchema = z.object({
  type: z.enum(INSTITUTE_TYPES),
  school: z.object({ board: z.enum(SCHOOL_BOARDS) }).optional(),
  college: z.object({ type: z.enum(COLLEGE_TYPES) }).optional(),
});
const organizationSchema = z.object({
  type: z.enum(ORGANIZATION_TYPES),
  government: z
    .object({
      type: z.enum(GOVERNMENT_TYPES),
      office: z.object({ type: z.enum(OFFICE_TYPES) }).optional(),
      institute: instituteSchema.optional(),
    })
    .optional(),
  private: z.object({ type: z.enum(PRIVATE_TYPES), institute: instituteSchema.optional() }).optional(),
});
const contactSchema = z.object({
  name: z.string(),
  designation: text,
  email: text,
  phone: text,
  isDefault: z.boolean(),
});

/** A feedback on a customer, newest first; the feedback routes answer every one the customer has. */
export const customerFeedbackDtoSchema = z.object({
  _id: z.string(),
  reviewer: userRefSchema.nullable(),
  rating: z.number(),
  comment: text,
  date: z.string(),
});

/** A customer as the list, the detail, a create and an update answer it. */
export const customerDtoSchema = z.object({
  ...recordStampsShape,
  _id: z.string(),
  customerId: z.number().int(),
  type: z.enum(CUSTOMER_TYPES),
  name: z.string(),
  email: text,
  phone: text,
  website: text,
  gstin: text,
  address: addressSchema,
  organization: organizationSchema.nullable(),
  contacts: z.array(contactSchema),
  additionalInfo: z.object({
    establishmentYear: z.number().int().nullable(),
    numberOfStudents: z.number().int().nullable(),
    coursesOffered: text,
    notes: text,
  }),
  rating: z.number().nullable(),
  ratingCategory: z.enum(RATING_CATEGORIES).nullable(),
  marginTier: z.enum(MARGIN_TIERS).nullable(),
  verified: z.boolean(),
  assignedTo: z.array(userRefSchema),
  reAssignedTo: z.array(userRefSchema),
  updatedBy: userRefSchema.nullable(),
  assignmentHistory: z
    .array(
      z.object({
        _id: z.string(),
        kind: z.enum(['assigned', 're-assigned']),
        assignedTo: userRefSchema.nullable(),
        assignedBy: userRefSchema.nullable(),
        assignedAt: z.string(),
        unassignedAt: z.string().nullable(),
      }),
    )
    .optional()
    .describe('Detail only'),
  feedbacks: z
    .array(customerFeedbackDtoSchema)
    .optional()
    .describe('Detail only, with feedback-read on customer'),
});

export const customerListAnswerSchema = listAnswer(CUSTOMER_LIST_KEY, customerDtoSchema);

export const customerSuggestionSchema = z.object({
  _id: z.string(),
  customerId: z.number().int(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  email: text,
  phone: text,
  address: addressSchema,
  marginTier: z.enum(MARGIN_TIERS).nullable(),
  contacts: z.array(contactSchema),
});

export const customerCheckCardSchema = z.object({
  _id: z.string(),
  customerId: z.number().int(),
  name: z.string(),
  address: addressSchema.pick({ city: true, district: true, state: true }),
  assignedTo: z.array(userRefSchema),
});

/** POST /crm/customers/duplicates: per customer checked (its index) with a match, the look-alikes. */
export const customerDuplicatesSchema = z.array(
  z.object({
    index: z.number().int().min(0),
    matches: z.array(
      z.object({
        _id: z.string(),
        customerId: z.number().int(),
        name: z.string(),
        city: text,
        district: text,
        reasons: z.array(z.enum(['name', 'phone', 'email'])),
        visible: z.boolean().describe('The caller may open it (row scope)'),
      }),
    ),
  }),
);

/** POST /crm/customers/bulk: the customers made, in the order sent. */
export const customerBulkCreatedSchema = z.array(
  z.object({ _id: z.string(), customerId: z.number().int(), name: z.string() }),
);

/** GET /crm/customers/{id}/{follow-ups|requirements|quotations|projects}, by the list's key. */
export const customerRelatedAnswerSchemas = {
  followUps: followUpListAnswerSchema,
  requirements: requirementListAnswerSchema,
  quotations: quotationListAnswerSchema,
  projects: customerProjectListAnswerSchema,
};

const checks: [
  Same<z.output<typeof customerFeedbackDtoSchema>, CustomerFeedback>,
  Same<z.output<typeof customerDuplicatesSchema>, CustomerDuplicates>,
  Same<z.output<typeof customerDtoSchema>, CustomerDto>,
  Same<z.output<typeof customerSuggestionSchema>, CustomerSuggestion>,
  Same<z.output<typeof customerCheckCardSchema>, CustomerCheckCard>,
] = [true, true, true, true, true];
void checks;
