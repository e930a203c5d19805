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

/**
 * An answer that is JSON text already (built by its statement: a quotation's detail, decision 0027). The read
 * routes send it inside the envelope as it is, byte for byte what `ok` would give for its parsed value.
 */
export class RawJson {
  constructor(readonly json: string) {}
}

/** The success envelope around `data`, as text: an answer already JSON goes in as it is. */
export const envelopeText = (message: string, data: RawJson) =>
  `{"success":true,"message":${JSON.stringify(message)},"data":${data.json}}`;
