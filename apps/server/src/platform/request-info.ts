import type { FastifyRequest } from 'fastify';

/** The client address as Fastify resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
export const clientIp = (request: FastifyRequest) => request.ip ?? null;
