import type { IncomingMessage } from 'node:http';
import { ERROR_CODES, MESSAGES } from '@karya/domain';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/** Deeper JSON is refused; our bodies need well under 10 levels (a form's address, an item's shipping). */
export const MAX_JSON_DEPTH = 64;

/**
 * How much of an over-limit body is read and thrown away so the client, still sending, can read the 413
 * (a server that answers and closes mid-body makes Node's fetch, undici and browsers see EPIPE or a reset
 * instead). Past this the answer goes out at once and the connection closes.
 */
export const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

const tooLarge = (limit: number) => new AppError(413, MESSAGES.tooLarge(limit), ERROR_CODES.TOO_LARGE);

const OPEN = [0x5b, 0x7b]; // [ {
const CLOSE = [0x5d, 0x7d]; // ] }

/**
 * Refuse JSON text nested past `max` levels, in one pass before it is parsed (JSON.parse, and zod after
 * it, recurse; 100,000 levels overflowed the stack). Brackets inside strings are text. Works on UTF-8
 * bytes: `"`, `\`, brackets and braces never occur inside a multi-byte character.
 */
export const assertJsonDepth = (text: Buffer | string, max = MAX_JSON_DEPTH) => {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === OPEN[0] || b === OPEN[1]) {
      depth++;
      if (depth > max) throw badRequest(MESSAGES.bodyTooDeep);
    } else if (b === CLOSE[0] || b === CLOSE[1]) depth--;
  }
};

/**
 * The whole body, within the route's `bodyLimit` (the app's 1 MB, or a route's own). Over it, the rest is
 * read and dropped (up to DRAIN_CAP_BYTES) before the 413, with the limit in its message, is answered:
 * Fastify's own reader answers as soon as Content-Length is over the limit and closes mid-body.
 */
const readBody = (request: FastifyRequest, payload: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
    // A route allowed more than the cap still drains twice its own limit.
    const cap = Math.max(DRAIN_CAP_BYTES, 2 * limit);
    const declared = Number(request.headers['content-length']);
    if (declared > cap) return reject(tooLarge(limit));
    const chunks: Buffer[] = [];
    let received = 0;
    let over = false;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += buffer.length;
      // A decompressing preParsing stream counts what came over the wire too (see Fastify's rawBody).
      const encoded = (payload as { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
      if (received > cap || encoded > cap) {
        stop();
        reject(tooLarge(limit));
      } else if (over || received > limit || encoded > limit) {
        over = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const onEnd = () => {
      stop();
      if (over) return reject(tooLarge(limit));
      const encoded = (payload as { receivedEncodedLength?: number }).receivedEncodedLength;
      if (!Number.isNaN(declared) && (encoded || received) !== declared)
        return reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error & { statusCode?: number }) => {
      stop();
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });

/**
 * JSON and plain-text bodies read by `readBody` (an over-limit body drained, then 413), JSON checked for
 * depth and then parsed by Fastify's own parser, so `__proto__`/`constructor` poisoning and empty or
 * invalid bodies are refused exactly as before.
 */
export const registerBodyParsers = (app: FastifyInstance) => {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readBody(request, payload).then((body) => {
      try {
        if (body.length > 0) assertJsonDepth(body);
      } catch (error) {
        return done(error as Error, undefined);
      }
      parseJson(request, body.toString('utf8'), done);
    }, done);
  });
  app.addContentTypeParser('text/plain', (request, payload, done) => {
    readBody(request, payload).then((body) => done(null, body.toString('utf8')), done);
  });
};
