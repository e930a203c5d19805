import { errorEnvelopeSchema, successEnvelope, untypedData } from '@karya/domain';
import type { FastifySchema } from 'fastify';
import { type ZodType, z } from 'zod';
import type { Access } from './access.ts';

/**
 * What a route answers, for the OpenAPI document (issue 29). Set as `config.answer`; without one a route
 * answers 200 with the envelope around data this document does not describe. The schemas live in
 * packages/domain (`responses/`), next to the DTO types they are checked against.
 */
export type Answer =
  | {
      /** 201 for creates that answer 201; 200 otherwise. */
      status?: 200 | 201;
      /** The envelope's `data`. */
      data: ZodType;
      /** Error statuses beyond those worked out from the route (409 for a duplicate name, 429…). */
      errors?: readonly ErrorStatus[];
    }
  | {
      status?: 200;
      /** A file, not the envelope: its content types (a PDF, an .xlsx, an image…). */
      binary: readonly string[];
      errors?: readonly ErrorStatus[];
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    answer?: Answer;
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'The input is not valid (the first problem as message, all of them in errors)',
  401: 'Not signed in',
  403: 'Not allowed: a permission or what it depends on is missing, a password change or e-mail verification is due, or the Origin is not the app’s',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state of a record',
  413: 'The request is too large',
  415: 'The body’s content type is not accepted',
  429: 'Too many attempts: wait as Retry-After says',
  503: 'A service the request needs (the database, Redis) is unavailable for a moment: retry',
};

/** A zod schema as JSON Schema (2020-12, the dialect of OpenAPI 3.1), output side: what is sent. */
const converted = new WeakMap<ZodType, Record<string, unknown>>();
export const answerJsonSchema = (schema: ZodType) => {
  let json = converted.get(schema);
  if (!json) {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as Record<string, unknown>;
    json = rest;
    converted.set(schema, json);
  }
  return json;
};

const envelopeOf = new WeakMap<ZodType, ZodType>();
/** The success envelope around `data`, made once per data schema. */
export const envelopeSchema = (data: ZodType) => {
  let envelope = envelopeOf.get(data);
  if (!envelope) {
    envelope = successEnvelope(data);
    envelopeOf.set(data, envelope);
  }
  return envelope;
};

const BINARY = { type: 'string', format: 'binary' };
/** The error envelope, once in the document's components, referenced by every error answer. */
export const ERROR_COMPONENT = 'ErrorEnvelope';
export const errorComponents = () => ({ [ERROR_COMPONENT]: answerJsonSchema(errorEnvelopeSchema) });
const errorContent = {
  'application/json': { schema: { $ref: `#/components/schemas/${ERROR_COMPONENT}` } },
};
const json = (schema: ZodType) => ({ 'application/json': { schema: answerJsonSchema(schema) } });

/** The error statuses a route can answer, from what it declares (its access, input, path and method). */
const errorStatuses = (route: { method: string; url: string; access?: Access; schema: FastifySchema }) => {
  const { method, url, access, schema } = route;
  const statuses = new Set<ErrorStatus>([503]);
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  const hasBody = Boolean(schema.body) || (writes && method !== 'DELETE');
  if (schema.body || schema.querystring || schema.params || hasBody) statuses.add(400);
  if (!access || !('public' in access)) statuses.add(401);
  // A write without the app's Origin is refused whatever the access; a permission can be missing; a
  // signed-in route refuses a user who must change their password or verify their e-mail first.
  const gated =
    access && !('public' in access) && !(access.beforePasswordChange && access.beforeVerification);
  if (writes || (access && 'resource' in access) || gated) statuses.add(403);
  if (url.includes(':')) statuses.add(404);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  return statuses;
};

/** The `responses` of one operation: its success answer and the error envelope for each error status. */
export const responsesFor = (route: {
  method: string;
  url: string;
  access?: Access;
  answer?: Answer;
  schema: FastifySchema;
}) => {
  const { answer } = route;
  const status = answer?.status ?? 200;
  const success =
    answer && 'binary' in answer
      ? {
          description: 'The file',
          content: Object.fromEntries(answer.binary.map((type) => [type, { schema: BINARY }])),
        }
      : {
          description: status === 201 ? 'Created' : 'Done',
          content: json(envelopeSchema(answer?.data ?? untypedData)),
        };
  const errors = errorStatuses(route);
  for (const extra of answer?.errors ?? []) errors.add(extra);
  return {
    [status]: success,
    ...Object.fromEntries(
      [...errors].sort().map((code) => [code, { description: ERROR_TEXT[code], content: errorContent }]),
    ),
  };
};

/**
 * A stable, unique camelCase id from the method and the path: GET /api/crm/customers/:id is
 * getCrmCustomersById, DELETE /api/crm/customers/:id/permanent deleteCrmCustomersByIdPermanent.
 */
export const operationIdOf = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/** A create that answers 201 with `data` (the new record). */
export const created = (data: ZodType = untypedData): Answer => ({ status: 201, data });
/** A 200 answer with `data`. */
export const answers = (data: ZodType, errors?: readonly ErrorStatus[]): Answer => ({ data, errors });
/** A file answer of these content types. */
export const fileAnswer = (...types: string[]): Answer => ({ binary: types });
