import {
  ITEM_BOOLEAN_FIELDS,
  ITEM_FILE_MAX_BYTES,
  ITEM_IMAGES_MAX,
  ITEM_JSON_FIELDS,
  ITEM_MESSAGES,
  itemBulkCreateSchema,
  itemCreateSchema,
  itemDtoSchema,
  itemListAnswerSchema,
  itemListSpec,
  itemSuggestionSchema,
  itemUpdateSchema,
  objectIdSchema,
  suggestionQuerySchema,
} from '@karya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { lifecycleRoutes, registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { readRecordFormWithFiles } from '../../platform/multipart.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import { getItem, ITEM, itemLifecycle, listItems, suggestItems } from './items.service.ts';
import { bulkCreateItems, createItem, updateItem } from './items-write.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Product items'];
const BASE = '/crm/products/items';
const MB = ITEM_FILE_MAX_BYTES / 1024 / 1024;
const FORM_TEXT =
  'multipart/form-data (or JSON without files): the item fields, categories, classes and shipping as JSON ' +
  `text, numbers as text; up to ${ITEM_IMAGES_MAX} files in \`images\` (PNG, JPEG or WebP by content, at most ` +
  `${MB} MB each) and one PDF in \`specifications\` (at most ${MB} MB). A state of Verified needs ` +
  'verification on product-item. The answer carries only the prices the caller may read.';

const readForm = (request: FastifyRequest, schema: z.ZodObject, mode: 'create' | 'update') =>
  readRecordFormWithFiles(request, {
    files: {
      images: {
        max: ITEM_IMAGES_MAX,
        maxBytes: ITEM_FILE_MAX_BYTES,
        tooLarge: ITEM_MESSAGES.imageTooLarge,
        tooMany: ITEM_MESSAGES.imagesTooMany,
      },
      specifications: {
        max: 1,
        maxBytes: ITEM_FILE_MAX_BYTES,
        tooLarge: ITEM_MESSAGES.specificationTooLarge,
        tooMany: ITEM_MESSAGES.specificationTooMany,
      },
    },
    allowed: Object.keys(schema.shape),
    json: ITEM_JSON_FIELDS,
    boolean: ITEM_BOOLEAN_FIELDS,
    mode,
  });

/** Spec 3 §7 "Items (/crm/products/items)". */
export const itemsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('product-item', 'read'),
        answer: answers(itemListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(itemListSpec) }),
      },
      schema: {
        tags,
        summary: 'List items',
        description: `${LIST_QUERY_TEXT} The state filter needs verification on product-item. data: productItems, productItemsCount, page, limit.`,
      },
    },
    async (request) =>
      ok(ITEM.listed, await listItems(deps.db, principalOf(request), parseList(request.query, itemListSpec))),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: {
        answer: answers(z.array(itemSuggestionSchema)),
        access: permission('product-item', 'suggestion'),
      },
      schema: {
        tags,
        summary: 'Item suggestions (at most 20): _id, name, sku, gst, state, stock, margin',
        querystring: suggestionQuerySchema,
      },
    },
    async (request) => ok(ITEM.listed, await suggestItems(deps.db, principalOf(request), request.query)),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(itemDtoSchema), access: permission('product-item', 'read') },
      schema: { tags, summary: 'One item', params: idParams },
    },
    async (request) => ok(ITEM.fetched, await getItem(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    BASE,
    {
      config: {
        answer: created(itemDtoSchema),
        access: permission('product-item', 'create'),
        swaggerTransform: documentedInput({
          body: itemCreateSchema,
          multipartFile: ['images', 'specifications'],
        }),
      },
      schema: { tags, summary: 'Create an item', description: FORM_TEXT },
    },
    async (request, reply) => {
      const { values, files } = await readForm(request, itemCreateSchema, 'create');
      const input = itemCreateSchema.parse(values);
      return reply
        .status(201)
        .send(ok(ITEM.created, await createItem(deps, principalOf(request), input, files)));
    },
  );

  r.post(
    `${BASE}/bulk`,
    {
      config: { answer: created(z.array(itemDtoSchema)), access: permission('product-item', 'bulk-create') },
      schema: {
        tags,
        summary: 'Create items by name, at most 100',
        description:
          'A JSON list of {name}: names are trimmed, blanks ignored; none left is "No items to add", a name twice ' +
          'is refused. Each item starts Unverified with its stock record.',
        body: itemBulkCreateSchema,
      },
    },
    async (request, reply) => {
      const created = await bulkCreateItems(deps, principalOf(request), request.body);
      const message =
        created.length === 1 ? '1 item created successfully' : `${created.length} items created successfully`;
      return reply.status(201).send(ok(message, created));
    },
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: {
        answer: answers(itemDtoSchema),
        access: permission('product-item', 'update'),
        swaggerTransform: documentedInput({
          body: itemUpdateSchema,
          multipartFile: ['images', 'specifications'],
        }),
      },
      schema: {
        tags,
        summary: 'Update an item',
        description: `${FORM_TEXT} The fields sent are replaced; an empty one clears it. deletedImages (JSON list of image ids) and deleteSpecifications=true remove stored files and need delete-file; a new specification replaces the old one.`,
        params: idParams,
      },
    },
    async (request) => {
      const { values, files } = await readForm(request, itemUpdateSchema, 'update');
      const input = itemUpdateSchema.parse(values);
      return ok(ITEM.updated, await updateItem(deps, principalOf(request), request.params.id, input, files));
    },
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'item', many: 'items' },
    ...lifecycleRoutes(itemLifecycle, deps, 'product-item', [
      'delete',
      'restore',
      'delete-permanently',
      'bulk-delete',
      'bulk-restore',
      'bulk-delete-permanently',
      'read',
    ]),
  });
};
