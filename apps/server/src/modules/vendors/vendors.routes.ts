import {
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_TOO_LARGE,
  nameSuggestionSchema,
  objectIdSchema,
  singleSuggestionQuerySchema,
  VENDOR_JSON_FIELDS,
  vendorCreateSchema,
  vendorDtoSchema,
  vendorListAnswerSchema,
  vendorListSpec,
  vendorUpdateSchema,
} from '@karya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { lifecycleRoutes, registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { readRecordForm } from '../../platform/multipart.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import {
  createVendor,
  getVendor,
  listVendors,
  suggestVendors,
  updateVendor,
  VENDOR,
  vendorLifecycle,
} from './vendors.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Product vendors'];
const BASE = '/crm/products/vendors';
const FORM_TEXT =
  'multipart/form-data (or JSON without an image): the vendor fields, contactPerson as JSON text, rating ' +
  `as a number, the image in \`image\` (JPEG or PNG by content, at most ${CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024} MB).`;

const readForm = (request: FastifyRequest, schema: z.ZodObject, mode: 'create' | 'update') =>
  readRecordForm(request, {
    fileField: 'image',
    maxFileBytes: CATALOGUE_IMAGE_MAX_BYTES,
    tooLargeMessage: CATALOGUE_IMAGE_TOO_LARGE,
    allowed: Object.keys(schema.shape),
    json: VENDOR_JSON_FIELDS,
    boolean: ['deleteImage'],
    mode,
  });

/** Spec 3 §7 "Vendors". */
export const vendorsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('product-vendor', 'read'),
        answer: answers(vendorListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(vendorListSpec) }),
      },
      schema: {
        tags,
        summary: 'List vendors',
        description: `${LIST_QUERY_TEXT} data: productVendors, productVendorsCount, page, limit.`,
      },
    },
    async (request) =>
      ok(
        VENDOR.listed,
        await listVendors(deps.db, principalOf(request), parseList(request.query, vendorListSpec)),
      ),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: {
        answer: answers(z.array(nameSuggestionSchema)),
        access: permission('product-vendor', 'suggestion'),
      },
      schema: { tags, summary: 'Vendor suggestions (at most 20)', querystring: singleSuggestionQuerySchema },
    },
    async (request) =>
      ok(
        VENDOR.listed,
        await suggestVendors(deps.db, { name: request.query.name, selectedIds: request.query.selectedId }),
      ),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(vendorDtoSchema), access: permission('product-vendor', 'read') },
      schema: { tags, summary: 'One vendor', params: idParams },
    },
    async (request) => ok(VENDOR.fetched, await getVendor(deps.db, request.params.id)),
  );

  r.post(
    BASE,
    {
      config: {
        answer: created(vendorDtoSchema),
        access: permission('product-vendor', 'create'),
        swaggerTransform: documentedInput({ body: vendorCreateSchema, multipartFile: 'image' }),
      },
      schema: { tags, summary: 'Create a vendor', description: FORM_TEXT },
    },
    async (request, reply) => {
      const { values, upload } = await readForm(request, vendorCreateSchema, 'create');
      const input = vendorCreateSchema.parse(values);
      return reply
        .status(201)
        .send(ok(VENDOR.created, await createVendor(deps, principalOf(request), input, upload)));
    },
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: {
        answer: answers(vendorDtoSchema),
        access: permission('product-vendor', 'update'),
        swaggerTransform: documentedInput({ body: vendorUpdateSchema, multipartFile: 'image' }),
      },
      schema: {
        tags,
        summary: 'Update a vendor',
        description: `${FORM_TEXT} The fields sent are replaced; an empty one clears it; deleteImage=true removes the image.`,
        params: idParams,
      },
    },
    async (request) => {
      const { values, upload } = await readForm(request, vendorUpdateSchema, 'update');
      const input = vendorUpdateSchema.parse(values);
      return ok(
        VENDOR.updated,
        await updateVendor(deps, principalOf(request), request.params.id, input, upload),
      );
    },
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'vendor', many: 'vendors' },
    ...lifecycleRoutes(vendorLifecycle, deps, 'product-vendor', [
      'delete',
      'restore',
      'delete-permanently',
      'read',
    ]),
  });
};
