import { MESSAGES } from '@karya/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { assertJsonDepth } from './json-body.ts';
import { requestBodyRead } from './request-transaction.ts';
import { storableFileName, storableFormField } from './text-guard.ts';

export type MultipartForm = {
  fields: Record<string, string>;
  file: { fieldname: string; filename: string; data: Buffer } | null;
};

/**
 * What the multipart parser (busboy) throws for a form it cannot finish, as a 400: a closing boundary that
 * never came or a body cut off mid-part ('Unexpected end of multipart data', '… terminated early …'), the
 * connection closed before the end, a Content-Type without a boundary. Nothing has been stored by then.
 */
const unreadableForm = (error: unknown) => {
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code === 'FST_MP_PREMATURE_CLOSE' || /unexpected end of multipart data/i.test(message))
    return badRequest(MESSAGES.uploadCutOff);
  if (/boundary not found/i.test(message)) return badRequest('Malformed multipart form');
  return error;
};

/**
 * Read a multipart form into plain text fields and at most one file. Field names are kept in a map with
 * no prototype; callers pick the keys they know. Too-large files and too many parts answer 400.
 */
export const readMultipart = async (
  request: FastifyRequest,
  opts: { fileField: string; maxFileBytes: number; tooLargeMessage: string },
): Promise<MultipartForm> => {
  if (!request.isMultipart()) {
    // JSON bodies are accepted too, for clients without a file to send.
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be an object');
    const fields: Record<string, string> = Object.create(null);
    // null is an empty value (as in a form), not the text 'null'.
    for (const [k, v] of Object.entries(body))
      fields[k] = typeof v === 'string' ? v : v === null ? '' : JSON.stringify(v);
    return { fields, file: null };
  }
  const fields: Record<string, string> = Object.create(null);
  let file: MultipartForm['file'] = null;
  try {
    for await (const part of request.parts({
      // Keep the name as sent ('../x.png' stays so), so storeUpload can refuse it instead of trimming it.
      preservePath: true,
      limits: { fileSize: opts.maxFileBytes, files: 1, fields: 60, fieldSize: 200_000, parts: 62 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField) {
          await part.toBuffer().catch(() => undefined);
          throw badRequest(`Unexpected file field ${part.fieldname.slice(0, 40)}`);
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw badRequest(opts.tooLargeMessage);
        if (data.length > 0)
          file = { fieldname: part.fieldname, filename: storableFileName(part.filename), data };
      } else {
        fields[part.fieldname] = storableFormField(part.fieldname, part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(opts.tooLargeMessage);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID')
      throw badRequest('Malformed multipart form');
    throw unreadableForm(error);
  }
  // Every part is read: an idempotent write's transaction opens now, not while the upload streams in.
  await requestBodyRead();
  return { fields, file };
};

/**
 * Turn JSON-text fields (address, languages, ...) back into values; other fields stay strings. Empty text
 * and JSON fields are dropped (a create has nothing to clear), unless `keepEmpty`: an update passes them
 * on as '' so its schema can clear an optional field or refuse a required one.
 */
export const decodeFields = (
  fields: Record<string, string>,
  spec: {
    json: readonly string[];
    boolean?: readonly string[];
    number?: readonly string[];
    allowed: readonly string[];
    keepEmpty?: boolean;
  },
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of spec.allowed) {
    if (!Object.hasOwn(fields, key)) continue;
    const raw = fields[key]!;
    if (spec.json.includes(key)) {
      if (raw.trim() === '') {
        if (spec.keepEmpty) out[key] = '';
        continue;
      }
      assertJsonDepth(raw);
      try {
        out[key] = JSON.parse(raw);
      } catch {
        throw badRequest(`${key} must be valid JSON`);
      }
    } else if (spec.boolean?.includes(key)) {
      if (raw !== 'true' && raw !== 'false') throw badRequest(`${key} must be true or false`);
      out[key] = raw === 'true';
    } else if (spec.number?.includes(key)) {
      if (raw.trim() === '') continue;
      const n = Number(raw);
      if (!Number.isFinite(n)) throw badRequest(`${key} must be a number`);
      out[key] = n;
    } else if (raw !== '' || spec.keepEmpty) {
      out[key] = raw;
    }
  }
  return out;
};

/**
 * A record form as multipart (one file in `fileField`, nested values as JSON text) or as JSON: only the
 * `allowed` keys are read, so `_id`, stamps and anything else sent never reach the service. On update an
 * empty field is passed on as '' ("clear"); on create it is absent.
 */
export const readRecordForm = async (
  request: FastifyRequest,
  opts: {
    fileField: string;
    maxFileBytes: number;
    tooLargeMessage: string;
    allowed: readonly string[];
    json?: readonly string[];
    boolean?: readonly string[];
    number?: readonly string[];
    mode: 'create' | 'update';
  },
): Promise<{ values: Record<string, unknown>; upload: { data: Buffer; filename: string } | null }> => {
  const form = await readMultipart(request, opts);
  const values = decodeFields(form.fields, {
    json: opts.json ?? [],
    boolean: opts.boolean,
    number: opts.number,
    allowed: opts.allowed,
    keepEmpty: opts.mode === 'update',
  });
  return { values, upload: form.file ? { data: form.file.data, filename: form.file.filename } : null };
};

/** The files a record form may carry, by field: how many and how large, with the messages to refuse. */
export type FileFieldSpec = { max: number; maxBytes: number; tooLarge: string; tooMany: string };
export type FormFile = { data: Buffer; filename: string };

/**
 * A record form with several file fields (an item's `images` and `specifications`): each field's count and
 * size are checked while the parts stream in (400 with the field's own message), files in a field nobody
 * named are refused, and the text fields are decoded as `readRecordForm` does. A JSON body has no files.
 */
export const readRecordFormWithFiles = async <F extends string>(
  request: FastifyRequest,
  opts: {
    files: Record<F, FileFieldSpec>;
    allowed: readonly string[];
    json?: readonly string[];
    boolean?: readonly string[];
    mode: 'create' | 'update';
  },
): Promise<{ values: Record<string, unknown>; files: Record<F, FormFile[]> }> => {
  const specs = opts.files as Record<string, FileFieldSpec>;
  const files = Object.fromEntries(Object.keys(specs).map((k) => [k, [] as FormFile[]])) as Record<
    string,
    FormFile[]
  >;
  const decode = (fields: Record<string, string>) =>
    decodeFields(fields, {
      json: opts.json ?? [],
      boolean: opts.boolean,
      allowed: opts.allowed,
      keepEmpty: opts.mode === 'update',
    });
  if (!request.isMultipart()) {
    const form = await readMultipart(request, { fileField: '', maxFileBytes: 0, tooLargeMessage: '' });
    return { values: decode(form.fields), files: files as Record<F, FormFile[]> };
  }
  const fields: Record<string, string> = Object.create(null);
  const totalFiles = Object.values(specs).reduce((n, s) => n + s.max, 0);
  const maxBytes = Math.max(...Object.values(specs).map((s) => s.maxBytes));
  try {
    for await (const part of request.parts({
      preservePath: true,
      // One more file than allowed, so "too many" is told apart from the parser's own limit.
      limits: {
        fileSize: maxBytes,
        files: totalFiles + 1,
        fields: 60,
        fieldSize: 200_000,
        parts: 60 + totalFiles + 1,
      },
    })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = storableFormField(part.fieldname, part.value);
        continue;
      }
      const spec = Object.hasOwn(specs, part.fieldname) ? specs[part.fieldname] : undefined;
      if (!spec) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest(`Unexpected file field ${part.fieldname.slice(0, 40)}`);
      }
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(spec.tooLarge);
        throw error;
      });
      if (part.file.truncated || data.length > spec.maxBytes) throw badRequest(spec.tooLarge);
      if (data.length === 0) continue;
      const list = files[part.fieldname]!;
      if (list.length >= spec.max) throw badRequest(spec.tooMany);
      list.push({ data, filename: storableFileName(part.filename) });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(Object.values(specs)[0]!.tooMany);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID')
      throw badRequest('Malformed multipart form');
    throw unreadableForm(error);
  }
  await requestBodyRead();
  return { values: decode(fields), files: files as Record<F, FormFile[]> };
};
