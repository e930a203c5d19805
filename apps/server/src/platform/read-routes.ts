import { type ListQuery, type ListSpec, objectIdSchema } from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { permission, principalOf } from './access.ts';
import { envelopeText, ok, RawJson } from './envelope.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from './openapi.ts';
import { answers } from './openapi-answers.ts';
import type { Principal } from './principal.ts';
import { parseList } from './record-list.ts';

/**
 * The query of a numbered record's suggestion (quotations, projects): `title`, or the record's number
 * under `key` (digits or with its prefix, as `pattern` allows; `parse` gives the bare number),
 * `selectedId` and `customerId`. A pattern, not only a transform, so the OpenAPI document says what a
 * number looks like.
 */
export const numberedSuggestionQuery = <K extends string>(
  key: K,
  number: { pattern: RegExp; invalid: string; parse: (typed: string) => string | null },
) => {
  const numberField = z
    .string()
    .trim()
    .regex(number.pattern, number.invalid)
    .optional()
    .transform((v) => (v ? Number(number.parse(v)) : undefined));
  return z.object({
    title: z.string().trim().max(100, 'Search text is too long').optional().default(''),
    ...({ [key]: numberField } as Record<K, typeof numberField>),
    selectedId: objectIdSchema.optional(),
    customerId: objectIdSchema.optional(),
  });
};

type Read<Input> = {
  summary: string;
  /** The envelope's message. */
  message: string;
  /** The service call; routes stay thin (GUIDE convention 2). */
  run: (principal: Principal, input: Input) => Promise<unknown>;
};

/**
 * The read side of a row-scoped record type, registered in this order: GET base (the list, `list.spec`
 * parsed and documented), GET base/suggestion (its own query schema) and GET base/:id, with read and
 * suggestion on `resource`. Only the paths, the schemas, the OpenAPI text and the envelope are shared; the
 * words and the service calls are the module's. `scopeText` ends every description (the row-scope rule).
 */
export const registerReadRoutes = <Q extends ZodType>(
  app: FastifyInstance,
  spec: {
    base: string;
    tags: string[];
    resource: string;
    scopeText: string;
    list: Read<ListQuery> & {
      spec: ListSpec;
      description: string;
      /** The list's answer, for the OpenAPI document (`listAnswer(KEY, item)` from packages/domain). */
      answer: ZodType;
    };
    suggestion: Read<z.output<Q>> & { query: Q; answer: ZodType };
    one: Read<string> & { answer: ZodType };
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, resource, scopeText, list, suggestion, one } = spec;

  r.get(
    base,
    {
      config: {
        access: permission(resource, 'read'),
        answer: answers(list.answer),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(list.spec) }),
      },
      schema: {
        tags,
        summary: list.summary,
        description: `${LIST_QUERY_TEXT} ${list.description}${scopeText}`,
      },
    },
    async (request) =>
      ok(list.message, await list.run(principalOf(request), parseList(request.query, list.spec))),
  );

  r.get(
    `${base}/suggestion`,
    {
      config: { access: permission(resource, 'suggestion'), answer: answers(suggestion.answer) },
      schema: { tags, summary: suggestion.summary, description: scopeText, querystring: suggestion.query },
    },
    async (request) =>
      ok(suggestion.message, await suggestion.run(principalOf(request), request.query as z.output<Q>)),
  );

  r.get(
    `${base}/:id`,
    {
      config: { access: permission(resource, 'read'), answer: answers(one.answer) },
      schema: {
        tags,
        summary: one.summary,
        description: scopeText,
        params: z.object({ id: objectIdSchema }),
      },
    },
    async (request, reply) => {
      const data = await one.run(principalOf(request), (request.params as { id: string }).id);
      return data instanceof RawJson
        ? reply.type('application/json; charset=utf-8').send(envelopeText(one.message, data))
        : ok(one.message, data);
    },
  );
};
