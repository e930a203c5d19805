import type { ApiEnvelope } from '@karya/domain';
import type { FastifyReply } from 'fastify';

/** The success envelope every route returns: {success, message, data}. */
export const ok = <T>(message: string, data: T): ApiEnvelope<T> => ({ success: true, message, data });

/** Envelopes already serialised, by message, then by the answer object they carry. */
const serialised = new Map<string, WeakMap<object, string>>();

/**
 * The success envelope of an answer that many requests share while it is kept (the wins-and-losses page's,
 * kept per version of the outcomes): serialised once, then sent as it is, byte for byte what `ok` would
 * give. A new answer is a new object, so it is serialised afresh.
 */
export const sendKept = (reply: FastifyReply, message: string, data: object) => {
  let byData = serialised.get(message);
  if (!byData) {
    byData = new WeakMap();
    serialised.set(message, byData);
  }
  let body = byData.get(data);
  if (body === undefined) {
    body = JSON.stringify(ok(message, data));
    byData.set(data, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
};
