import {
  CUSTOMER_BULK_MAX,
  CUSTOMER_DUPLICATE_CHECK_MAX,
  customerBulkCreatedSchema,
  customerBulkCreateSchema,
  customerCheckCardSchema,
  customerCheckNamesSchema,
  customerCheckQuerySchema,
  customerCreateSchema,
  customerDtoSchema,
  customerDuplicateCheckSchema,
  customerDuplicatesSchema,
  customerFeedbackDtoSchema,
  customerFeedbackSchema,
  customerListAnswerSchema,
  customerListSpec,
  customerRelatedAnswerSchemas,
  customerSuggestionQuerySchema,
  customerSuggestionSchema,
  customerUpdateSchema,
  objectIdSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { historyQueryDocs } from '../../platform/history.ts';
import { lifecycleRoutes, registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import { CUSTOMER } from './customer-dto.ts';
import { customerRelatedList, RELATED_LISTS, relatedListSpec } from './customer-related.ts';
import {
  checkCustomers,
  customerLifecycle,
  existingNames,
  getCustomer,
  listCustomers,
  suggestCustomers,
} from './customers.service.ts';
import { customerExportRoutes } from './customers-export.routes.ts';
import { addFeedback, deleteFeedback } from './customers-feedback.ts';
import { bulkCreateCustomers, createCustomer, updateCustomer } from './customers-write.ts';
import { findDuplicates } from './duplicates.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Customers'];
const BASE = '/crm/customers';
const SCOPE_TEXT =
  ' Without view-all on customer, only customers assigned or re-assigned to the caller or created by them exist (404 otherwise).';
const ASSIGN_TEXT =
  ' Changing assignedTo needs assign on customer and changing reAssignedTo needs re-assign (adding only oneself needs neither).';
/** A bulk create of the import's 10,000 rows is a few MB of JSON. */
const BULK_BODY_LIMIT = 16 * 1024 * 1024;

/** Spec 2 §7 "Customers" (ENDPOINTS.md); decision 0006. */
export const customersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await customerExportRoutes(app, deps);

  r.get(
    BASE,
    {
      config: {
        answer: answers(customerListAnswerSchema),
        access: permission('customer', 'read'),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(customerListSpec) }),
      },
      schema: {
        tags,
        summary: 'List customers',
        description: `${LIST_QUERY_TEXT} The Deleted and Deleted By filters need bulk-restore on customer, the state filter (Assigned, UnAssigned, Orphaned) view-all. data: customers, customersCount, page, limit.${SCOPE_TEXT}`,
      },
    },
    async (request) =>
      ok(
        CUSTOMER.listed,
        await listCustomers(deps.db, principalOf(request), parseList(request.query, customerListSpec)),
      ),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: {
        answer: answers(z.array(customerSuggestionSchema)),
        access: permission('customer', 'suggestion'),
      },
      schema: {
        tags,
        summary:
          'Customer suggestions (at most 20): by customerId (digits or CI0001) or name; selected first',
        description: SCOPE_TEXT,
        querystring: customerSuggestionQuerySchema,
      },
    },
    async (request) =>
      ok(CUSTOMER.listed, await suggestCustomers(deps.db, principalOf(request), request.query)),
  );

  // The check-existence page: every live customer, whatever the caller's scope, as a card only.
  r.get(
    `${BASE}/check`,
    {
      config: {
        answer: answers(z.array(customerCheckCardSchema)),
        access: permission('customer', 'suggestion'),
      },
      schema: {
        tags,
        summary: 'Does a customer exist? Cards (number, name, city, district, state, assignees), at most 20',
        description: 'Searches every live customer by name, whatever the caller’s scope (decision 0006).',
        querystring: customerCheckQuerySchema,
      },
    },
    async (request) => ok(CUSTOMER.listed, await checkCustomers(deps.db, request.query.name)),
  );

  // The duplicate guard (issue 11): asked by the create form, the bulk dialog and the import before saving.
  r.post(
    `${BASE}/duplicates`,
    {
      config: { answer: answers(customerDuplicatesSchema), access: permission('customer', 'create') },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Likely duplicates of customers about to be created',
        description:
          `At most ${CUSTOMER_DUPLICATE_CHECK_MAX} customers {name, city, district, phone, email}: for each with matches, ` +
          'the live customers with a similar name in the same city or district (or a near-identical name), the same ' +
          'phone or the same e-mail; whatever the caller’s scope, as number, name and place, `visible` saying whether ' +
          'the caller may open it. data: [{index, matches: [{_id, customerId, name, city, district, reasons, visible}]}].',
        body: customerDuplicateCheckSchema,
      },
    },
    async (request) => ok(CUSTOMER.listed, await findDuplicates(deps.db, principalOf(request), request.body)),
  );

  // Spec 2 §6: bulk create (and the import that uses it) need bulk-create; check-names is its first step.
  r.post(
    `${BASE}/check-names`,
    {
      config: { answer: answers(z.array(z.string())), access: permission('customer', 'bulk-create') },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Which of these names do live customers already have? data: those names',
        description: `A JSON list of names (at most ${CUSTOMER_BULK_MAX}); compared without case, across all customers.`,
        body: customerCheckNamesSchema,
      },
    },
    async (request) => ok(CUSTOMER.namesChecked, await existingNames(deps.db, request.body)),
  );

  r.post(
    `${BASE}/bulk`,
    {
      config: { answer: created(customerBulkCreatedSchema), access: permission('customer', 'bulk-create') },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        summary: `Create customers, at most ${CUSTOMER_BULK_MAX}, all or none`,
        description:
          'A JSON list of customers, each checked by the customer rules (a row without a type is an Organization); ' +
          'createdBy is taken from the session. Names must differ within the list and from live customers ' +
          `("${CUSTOMER.existsOnServer}"). Every customer starts unverified. data: [{_id, customerId, name}].${ASSIGN_TEXT}`,
        body: customerBulkCreateSchema,
      },
    },
    async (request, reply) => {
      const created = await bulkCreateCustomers(deps, principalOf(request), request.body);
      const message =
        created.length === 1
          ? '1 customer created successfully'
          : `${created.length} customers created successfully`;
      return reply.status(201).send(ok(message, created));
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(customerDtoSchema), access: permission('customer', 'read') },
      schema: {
        tags,
        summary: 'One customer, with its assignment history (and feedbacks with feedback-read)',
        description: SCOPE_TEXT,
        params: idParams,
      },
    },
    async (request) =>
      ok(CUSTOMER.fetched, await getCustomer(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    BASE,
    {
      config: {
        answer: { ...created(customerDtoSchema), errors: [409] },
        access: permission('customer', 'create'),
      },
      schema: {
        tags,
        summary: 'Create a customer',
        description: ASSIGN_TEXT.trim(),
        body: customerCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(CUSTOMER.created, await createCustomer(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(customerDtoSchema, [409]), access: permission('customer', 'update') },
      schema: {
        tags,
        summary: 'Update a customer',
        description: `The fields sent are replaced (address and additionalInfo field by field); an empty one clears it; the whole customer is checked again.${ASSIGN_TEXT}${SCOPE_TEXT}`,
        params: idParams,
        body: customerUpdateSchema,
      },
    },
    async (request) =>
      ok(CUSTOMER.updated, await updateCustomer(deps, principalOf(request), request.params.id, request.body)),
  );

  r.patch(
    `${BASE}/:id/feedback`,
    {
      config: {
        answer: answers(z.array(customerFeedbackDtoSchema)),
        access: permission('customer', 'feedback-create'),
      },
      schema: {
        tags,
        summary:
          'Give feedback (1 to 5 stars and a comment); the reviewer is the caller. data: the feedbacks',
        description: SCOPE_TEXT,
        params: idParams,
        body: customerFeedbackSchema,
      },
    },
    async (request) =>
      ok(
        CUSTOMER.feedbackAdded,
        await addFeedback(deps, principalOf(request), request.params.id, request.body),
      ),
  );

  r.delete(
    `${BASE}/:id/feedback/:feedbackId`,
    {
      config: {
        answer: answers(z.array(customerFeedbackDtoSchema)),
        access: permission('customer', 'feedback-delete'),
      },
      schema: {
        tags,
        summary: 'Delete a feedback. data: the feedbacks left',
        description: SCOPE_TEXT,
        params: z.object({ id: objectIdSchema, feedbackId: objectIdSchema }),
      },
    },
    async (request) =>
      ok(
        CUSTOMER.feedbackDeleted,
        await deleteFeedback(deps, principalOf(request), request.params.id, request.params.feedbackId),
      ),
  );

  // The related sections of the detail: read on that record type (and on customer); empty until it exists.
  for (const [path, { resource, key }] of Object.entries(RELATED_LISTS)) {
    r.get(
      `${BASE}/:id/${path}`,
      {
        config: {
          answer: answers(customerRelatedAnswerSchemas[key]),
          access: permission(resource, 'read'),
          swaggerTransform: historyQueryDocs,
        },
        schema: {
          tags,
          summary: `A customer's ${path} (page, limit): {${key}, ${key}Count, page, limit}`,
          description: `Needs read on ${resource} and on customer.${SCOPE_TEXT}`,
          params: idParams,
        },
      },
      async (request) =>
        ok(
          CUSTOMER.listed,
          await customerRelatedList(
            deps,
            principalOf(request),
            request.params.id,
            key,
            parseList(request.query, relatedListSpec),
          ),
        ),
    );
  }

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'customer', many: 'customers' },
    ...lifecycleRoutes(
      customerLifecycle,
      deps,
      'customer',
      [
        'delete',
        'restore',
        'delete-permanently',
        'bulk-delete',
        'bulk-restore',
        'bulk-delete-permanently',
        'read',
      ],
      SCOPE_TEXT,
    ),
  });
};
