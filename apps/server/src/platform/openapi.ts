import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  type FilterKind,
  LIST_COUNT_BOUND,
  type ListSpec,
  MAX_LIST_PAGE,
  MAX_PAGE_SIZE,
} from '@karya/domain';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { type Access, signedIn } from './access.ts';
import { errorComponents, operationIdOf, responsesFor } from './openapi-answers.ts';
import { SESSION_COOKIE } from './sessions.ts';

/** Swagger UI at /api/docs, the document at /api/docs/json (and /api/docs/yaml). */
export const DOCS_PREFIX = '/api/docs';

/** The reference lists every endpoint and permission: an internal system shows it to signed-in staff only. */
export const DOCS_ACCESS: Access = signedIn({ beforePasswordChange: true, beforeVerification: true });

export const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * Swagger UI's routes (and the static files under them) are made by the plugin, so they cannot declare
 * `config.access` themselves. This onRoute hook must be added BEFORE the access plugin: onRoute hooks run
 * in the order they were added, so the access rule is in place when the access plugin checks for it.
 * Only hidden routes under the docs prefix get it; a real endpoint there still has to declare its own.
 */
export const grantDocsAccess = (route: RouteOptions) => {
  if (!isDocsRoute(route.url) || route.config?.access || !route.schema?.hide) return;
  route.config = { ...route.config, access: DOCS_ACCESS };
};

const TAGS = [
  { name: 'Health', description: 'Liveness and version' },
  { name: 'Auth', description: 'Sign-in, session, own password, e-mail verification, password reset' },
  { name: 'Users', description: 'Staff users, their profiles and activity log' },
  { name: 'Roles', description: 'Roles and the permission catalogue' },
  { name: 'Dashboard', description: 'Dashboard figures' },
  { name: 'Files', description: 'Stored files (profile images)' },
];

// Generation reads the INPUT side of each zod schema (what a client sends), so transforms and refinements
// are fine; anything zod cannot express in JSON Schema becomes `{}` instead of failing the whole document.
const zodTransform = createJsonSchemaTransform({
  skipList: [],
  zodToJsonConfig: { unrepresentable: 'any' },
});

const accessText = (access: Access | undefined): string | undefined => {
  if (!access) return undefined;
  if ('public' in access) return 'Access: public (no session needed).';
  const before = [
    access.beforePasswordChange ? 'before a required password change' : '',
    access.beforeVerification ? 'before e-mail verification' : '',
  ].filter(Boolean);
  const also = before.length ? ` Also allowed ${before.join(' and ')}.` : '';
  if ('resource' in access)
    return `Access: permission \`${access.resource}: ${access.actions.join(', ')}\`.${also}`;
  return `Access: any signed-in user.${also}`;
};

const joinText = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('\n\n') || undefined;

type DocSchema = FastifySchema & { hide?: boolean; operationId?: string };

/**
 * The app-wide transform: zod schemas to JSON Schema, only /api routes, the route's access rule written
 * into its description, public routes marked as needing no session, every answer described (the route's
 * `config.answer`, the error envelope for each error it can answer: openapi-answers.ts) and an
 * operationId from the method and the path unless the route names one.
 */
export const openapiTransform: SwaggerTransform<DocSchema> = (document) => {
  if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
  const { response: _ignored, ...input } = document.schema ?? {};
  const result = zodTransform({ ...document, schema: input });
  const schema: DocSchema = result.schema ?? {};
  if (schema.hide) return result;
  const { config } = document.route;
  const access = config?.access;
  const method = [document.route.method].flat()[0] ?? 'GET';
  return {
    url: result.url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, document.url),
      description: joinText(schema.description, accessText(access)),
      ...(access && 'public' in access ? { security: [] } : {}),
      response: responsesFor({ method, url: document.url, access, answer: config?.answer, schema }),
    },
  };
};

/**
 * For a route that reads its input in the handler (multipart forms, bracket-style list queries): the
 * schema is documented here without being validated a second time. Set as the route's
 * `config.swaggerTransform`.
 */
export const documentedInput =
  (input: {
    body?: ZodType;
    querystring?: ZodType;
    /** The body is multipart/form-data; this part (or these parts) carries the file(s). */
    multipartFile?: string | string[];
  }): SwaggerTransform<DocSchema> =>
  (document) => {
    const result = openapiTransform({
      ...document,
      schema: {
        ...document.schema,
        ...(input.body ? { body: input.body } : {}),
        ...(input.querystring ? { querystring: input.querystring } : {}),
      },
    });
    if (!input.multipartFile || !result.schema.body) return result;
    const body = result.schema.body as { properties?: Record<string, unknown> };
    return {
      url: result.url,
      schema: {
        ...result.schema,
        consumes: ['multipart/form-data'],
        body: {
          ...body,
          properties: {
            ...body.properties,
            ...Object.fromEntries(
              [input.multipartFile].flat().map((f) => [f, { type: 'string', format: 'binary' }]),
            ),
          },
        },
      },
    };
  };

const filterParams = (name: string, kind: FilterKind): Record<string, ZodType> => {
  const key = `filters[${name}]`;
  if (kind === 'text')
    return {
      [key]: z.string().describe('contains, case-insensitive (from 3 characters; 1 or 2 match the start)'),
    };
  if (kind === 'exact') return { [key]: z.string() };
  if (kind === 'integer') return { [key]: z.number().int().min(0) };
  if (kind === 'boolean') return { [key]: z.enum(['true', 'false']) };
  if (kind === 'ids') return { [`${key}[]`]: z.array(z.string().regex(/^[0-9a-f]{24}$/)) };
  if (kind === 'dateRange')
    return { [`${key}[start]`]: z.iso.date(), [`${key}[end]`]: z.iso.date().describe('inclusive') };
  if (kind === 'numberRange') return { [`${key}[min]`]: z.number(), [`${key}[max]`]: z.number() };
  return { [`${key}[]`]: z.array(z.enum(kind.enum as [string, ...string[]])) };
};

/** The list-query contract of one list (page, limit, sort, whitelisted filters), for the docs. */
export const listQueryDocs = (spec: ListSpec): ZodType =>
  z
    .object({
      page: z.number().int().min(1).max(MAX_LIST_PAGE).default(1),
      limit: z.number().int().min(1).max(MAX_PAGE_SIZE),
      sortBy: z.enum(spec.sortFields as [string, ...string[]]),
      sortOrder: z.enum(['asc', 'desc']),
      count: z
        .enum(['exact'])
        .describe(
          `Without it, matches are counted exactly up to ${LIST_COUNT_BOUND.toLocaleString('en')}; past that the answer's count is a lower bound and countExact is false.`,
        ),
      ...Object.assign({}, ...Object.entries(spec.filters).map(([name, kind]) => filterParams(name, kind))),
    })
    .partial();

/** @fastify/swagger (collects the routes, so it is registered before them) and Swagger UI at /api/docs. */
export const registerDocs = async (app: FastifyInstance, version: string, publicUrl?: string) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Karya API',
        version,
        description:
          'Every answer is the envelope `{success, message, data}`; errors are `{success: false, message, error}`. ' +
          'Calls that change state need the `Origin` header of the app. Sign in with POST /api/auth/login: ' +
          `the session lives in the \`${SESSION_COOKIE}\` cookie, which the browser sends with "Try it out".`,
      },
      // The app's own origin (PUBLIC_URL when configured): paths start with /api.
      servers: [{ url: publicUrl ?? '/', description: 'This Karya server' }],
      tags: TAGS,
      components: {
        schemas: errorComponents(),
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
      security: [{ session: [] }],
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The page only loads its own files, so the app's CSP (no inline scripts) holds for it unchanged.
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Karya API' },
  });
};

export const LIST_QUERY_TEXT =
  'Filters are bracket-style query parameters: `filters[name]=x`, `filters[status][]=A&filters[status][]=B`, ' +
  '`filters[createdAt][start]=2026-01-01`. Unknown parameters or filters answer 400.';
