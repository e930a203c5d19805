import { ERROR_CODES, TEXT_MESSAGES, unstorableText } from '@karya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * PostgreSQL text cannot hold a NUL, and a lone surrogate is no character at all (issue 22 part 1): a
 * request carrying either anywhere is answered 400 here, before its handler runs, on every route. The
 * domain's text rule (packages/domain common/text.ts) refuses them field by field with the field's name;
 * this guard is the net under it, for values no schema reads (passwords, unknown keys, raw query values).
 * Multipart text fields are read in the handler (multipart.ts), which checks them with assertStorableText.
 */

/** More values than any form sends (a bulk create of 1000 customers is about 40,000). */
const MAX_VALUES = 200_000;

/** A name fit for a message: short, and without the characters being refused. */
const shown = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are replaced for display
  name.slice(0, 60).replace(/[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/g, '?');

const refuse = (where: string) => new AppError(400, TEXT_MESSAGES.unstorable(where), ERROR_CODES.VALIDATION);

/** Throws 400 when a text value holds a NUL or a lone surrogate; `where` names it in the message. */
export const assertStorableText = (value: string, where: string) => {
  if (unstorableText(value)) throw refuse(where);
};

/** A multipart text field's value, checked (its name too: it may become a key of the record). */
export const storableFormField = (name: string, value: unknown) => {
  const text = String(value ?? '');
  assertStorableText(name, `the form field "${shown(name)}"`);
  assertStorableText(text, `the form field "${shown(name)}"`);
  return text;
};

/** An uploaded file's name as sent (or 'file'), checked: it is stored with the file. */
export const storableFileName = (name: string | undefined) => {
  assertStorableText(name ?? '', 'a file name');
  return name ?? 'file';
};

/**
 * Walk a parsed value (a JSON body, the query, the route parameters) without recursion, checking every
 * string and every key. Stops at MAX_VALUES with a 400: nothing that large is a form.
 */
export const assertStorableValue = (root: unknown, describe: (path: string) => string) => {
  const stack: [unknown, string][] = [[root, '']];
  let seen = 0;
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (++seen > MAX_VALUES)
      throw new AppError(400, 'The request holds too many values.', ERROR_CODES.VALIDATION);
    if (typeof value === 'string') {
      if (unstorableText(value)) throw refuse(describe(path));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key of Object.keys(value)) {
        const at = path ? `${path}.${key}` : key;
        if (unstorableText(key)) throw refuse(describe(at));
        stack.push([(value as Record<string, unknown>)[key], at]);
      }
    }
  }
};

const checkRequest = async (request: FastifyRequest) => {
  assertStorableValue(request.params, (p) => `the route parameter "${shown(p)}"`);
  assertStorableValue(request.query, (p) => `the query parameter "${shown(p)}"`);
  if (request.body !== undefined)
    assertStorableValue(request.body, (p) => (p ? `the field "${shown(p)}"` : 'the request body'));
};

/**
 * Every route, after its schema checked the request (so a field's own message wins) and before anything
 * of its own runs (the idempotency claim, the handler): query values, route parameters and the parsed body.
 */
export const registerTextGuard = (app: FastifyInstance) => app.addHook('preHandler', checkRequest);
