import {
  CATALOGUE,
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_TOO_LARGE,
  CATALOGUE_SCHEMAS,
  type CatalogueKind,
  catalogueListSpec,
  catalogueRecordDtoSchema,
  listAnswer,
  nameSuggestionSchema,
  objectIdSchema,
  singleSuggestionQuerySchema,
  suggestionQuerySchema,
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
  catalogueLifecycles,
  catalogueMessages,
  createCatalogueRecord,
  getCatalogueRecord,
  listCatalogue,
  suggestCatalogue,
  updateCatalogueRecord,
} from './catalogue.service.ts';

const idParams = z.object({ id: objectIdSchema });

const FORM_TEXT =
  'multipart/form-data (or JSON without an image): name, description and the image in `image` ' +
  `(JPEG or PNG by content, at most ${CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024} MB). ` +
  'Only these fields are read (createdBy and the stamps come from the session).';

const readForm = (request: FastifyRequest, schema: z.ZodObject, mode: 'create' | 'update') =>
  readRecordForm(request, {
    fileField: 'image',
    maxFileBytes: CATALOGUE_IMAGE_MAX_BYTES,
    tooLargeMessage: CATALOGUE_IMAGE_TOO_LARGE,
    allowed: Object.keys(schema.shape),
    boolean: ['deleteImage'],
    mode,
  });

/**
 * The routes of one catalogue kind (spec 3 §7, ENDPOINTS "Catalogue"): list, suggestion, one, create,
 * update (both multipart), and delete / restore / permanent delete with history. `resource` is the kind's
 * resource ('product-brand', …) and each route names the action it needs. Brands send one `selectedId` to
 * the suggestion call, categories and classes a comma list in `selectedIds`. No bulk forms: the spec names
 * them for items and quotations only.
 */
const catalogueRoutes = (
  app: FastifyInstance,
  deps: AppDeps,
  kind: CatalogueKind,
  resource: 'product-brand' | 'product-category' | 'product-class',
  suggestionQuery: typeof suggestionQuerySchema | typeof singleSuggestionQuerySchema,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const info = CATALOGUE[kind];
  const base = info.path;
  const tags = [`Product ${info.titlePlural.toLowerCase()}`];
  const messages = catalogueMessages(kind);
  const schemas = CATALOGUE_SCHEMAS[kind];

  r.get(
    base,
    {
      config: {
        access: permission(resource, 'read'),
        answer: answers(listAnswer(info.listKey, catalogueRecordDtoSchema)),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(catalogueListSpec) }),
      },
      schema: {
        tags,
        summary: `List ${info.plural}`,
        description: `${LIST_QUERY_TEXT} data: ${info.listKey}, ${info.listKey}Count, page, limit.`,
      },
    },
    async (request) =>
      ok(
        messages.listed,
        await listCatalogue(deps.db, kind, principalOf(request), parseList(request.query, catalogueListSpec)),
      ),
  );

  r.get(
    `${base}/suggestion`,
    {
      config: { answer: answers(z.array(nameSuggestionSchema)), access: permission(resource, 'suggestion') },
      schema: { tags, summary: `${info.title} suggestions (at most 20)`, querystring: suggestionQuery },
    },
    async (request) =>
      ok(
        messages.listed,
        await suggestCatalogue(deps.db, kind, {
          name: request.query.name,
          selectedIds: 'selectedIds' in request.query ? request.query.selectedIds : request.query.selectedId,
        }),
      ),
  );

  r.get(
    `${base}/:id`,
    {
      config: { answer: answers(catalogueRecordDtoSchema), access: permission(resource, 'read') },
      schema: { tags, summary: `One ${info.noun}`, params: idParams },
    },
    async (request) => ok(messages.fetched, await getCatalogueRecord(deps.db, kind, request.params.id)),
  );

  r.post(
    base,
    {
      config: {
        answer: created(catalogueRecordDtoSchema),
        access: permission(resource, 'create'),
        swaggerTransform: documentedInput({ body: schemas.create, multipartFile: 'image' }),
      },
      schema: { tags, summary: `Create a ${info.noun}`, description: FORM_TEXT },
    },
    async (request, reply) => {
      const { values, upload } = await readForm(request, schemas.create, 'create');
      const input = schemas.create.parse(values);
      const created = await createCatalogueRecord(deps, kind, principalOf(request), input, upload);
      return reply.status(201).send(ok(messages.created, created));
    },
  );

  r.patch(
    `${base}/:id`,
    {
      config: {
        answer: answers(catalogueRecordDtoSchema),
        access: permission(resource, 'update'),
        swaggerTransform: documentedInput({ body: schemas.update, multipartFile: 'image' }),
      },
      schema: {
        tags,
        summary: `Update a ${info.noun}`,
        description: `${FORM_TEXT} The fields sent are replaced; an empty description clears it; deleteImage=true removes the image.`,
        params: idParams,
      },
    },
    async (request) => {
      const { values, upload } = await readForm(request, schemas.update, 'update');
      const input = schemas.update.parse(values);
      return ok(
        messages.updated,
        await updateCatalogueRecord(deps, kind, principalOf(request), request.params.id, input, upload),
      );
    },
  );

  registerLifecycleRoutes(app, {
    base,
    tags,
    noun: { one: info.noun, many: info.plural },
    ...lifecycleRoutes(catalogueLifecycles[kind], deps, resource, [
      'delete',
      'restore',
      'delete-permanently',
      'read',
    ]),
  });
};

/** Spec 3: brands, categories and classes under /crm/products. */
export const catalogueModuleRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  catalogueRoutes(app, deps, 'brand', 'product-brand', singleSuggestionQuerySchema);
  catalogueRoutes(app, deps, 'category', 'product-category', suggestionQuerySchema);
  catalogueRoutes(app, deps, 'class', 'product-class', suggestionQuerySchema);
};
