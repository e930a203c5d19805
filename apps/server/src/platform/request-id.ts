import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy's own request id may look like to be reused: short, and nothing a log line could be forged with. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Every request's id: the one a load balancer sent in X-Request-Id when it is plausible, else a new UUID.
 * It is on every log line of the request (`requestId`), in the X-Request-Id answer header, and in every
 * error answer, so a user can quote it and an operator can find the request's lines.
 */
export const requestIdOf = (request: IncomingMessage) => {
  const forwarded = request.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
};
