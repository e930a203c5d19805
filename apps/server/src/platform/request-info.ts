import type { FastifyRequest } from 'fastify';

/** The client address as Fastify resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
export const clientIp = (request: FastifyRequest) => request.ip ?? null;

/**
 * What the request tells about where a change came from; the access guard puts it on the principal and
 * history records it. Only the header is kept: it is read into a device when an entry is written, not on
 * every request.
 */
export type ClientInfo = { userAgent: string | null };

export const clientInfo = (userAgent: string | undefined): ClientInfo => ({
  userAgent: userAgent ? userAgent.slice(0, 500) : null,
});
