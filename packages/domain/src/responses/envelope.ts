import { type ZodType, z } from 'zod';
import type { ApiEnvelope, ApiErrorBody } from '../api.ts';
import type { Same } from './same.ts';

/**
 * The answers' envelopes as schemas, for the OpenAPI document (issue 29): what the server sends is what
 * `ok(message, data)` and the error handler write; these describe it, and a server test validates real
 * answers against them so the two cannot drift apart.
 */
export const successEnvelope = <T extends ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

/** `{success: false, message, error, errors?, data?, requestId}`: every error answer. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string().describe('A sentence for the person using the app'),
  error: z.string().optional().describe('A machine-readable code (ERROR_CODES), when there is one'),
  errors: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Every problem of a 400, field by field'),
  data: z
    .unknown()
    .optional()
    .describe('What some errors carry: a 409’s existing record, a 403’s missing permissions'),
  requestId: z
    .string()
    .optional()
    .describe('Quote it to an administrator: it is on every log line of the request'),
});

/** Data this document does not describe field by field (yet): any JSON value. */
export const untypedData = z.unknown();
/** Data that is an object whose fields this document does not list. */
export const untypedObject = z.looseObject({});
/** `data: null`: the answer says only its message. */
export const nullData = z.null();

/**
 * `{<key>: [...], <key>Count, countExact, page, limit}`: a list's answer (listPage on the server), its key
 * the list's own (CUSTOMER_LIST_KEY…), so clients read `data.customers` and `data.customersCount`.
 */
export const listAnswer = <K extends string, T extends ZodType>(key: K, item: T) =>
  z.object({
    [key]: z.array(item),
    [`${key}Count`]: z.number().int().min(0),
    countExact: z.boolean().describe('false: the count is a lower bound (decision 0021)'),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  } as { [k in K]: z.ZodArray<T> } & { [k in `${K}Count`]: z.ZodNumber } & {
    countExact: z.ZodBoolean;
    page: z.ZodNumber;
    limit: z.ZodNumber;
  });

// The TypeScript types the web reads and these schemas describe the same answers.
const envelopeAgrees: Same<
  z.output<ReturnType<typeof successEnvelope<z.ZodString>>>,
  Omit<ApiEnvelope<string>, 'success'> & { success: true }
> = true;
const errorAgrees: Same<
  Omit<z.output<typeof errorEnvelopeSchema>, 'data' | 'requestId'>,
  ApiErrorBody
> = true;
void envelopeAgrees;
void errorAgrees;
