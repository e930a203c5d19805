import { ERROR_CODES, MESSAGES } from '@karya/domain';

/** An error with an HTTP status and a message meant for the person using the app. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
    /** What the answer carries as `data` (a 409's existing record, for a link). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.VALIDATION) =>
  new AppError(400, message, code);
export const unauthorized = (message = 'You need to log in to access this feature.') =>
  new AppError(401, message, ERROR_CODES.UNAUTHENTICATED);
export const forbidden = (
  message = 'You don’t have permission to perform this action.',
  code: string = ERROR_CODES.FORBIDDEN,
) => new AppError(403, message, code);
export const notFound = (message = 'The requested resource was not found.') =>
  new AppError(404, message, ERROR_CODES.NOT_FOUND);
export const conflict = (message: string) => new AppError(409, message, ERROR_CODES.CONFLICT);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, ERROR_CODES.RATE_LIMITED, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** A service the request needs is down for a moment (Redis): the client may retry, nothing is wrong with it. */
export const serviceUnavailable = (retryAfterSeconds = 5) =>
  new AppError(503, MESSAGES.serviceUnavailable, ERROR_CODES.UNAVAILABLE, {
    'retry-after': String(retryAfterSeconds),
  });

/** Node's socket errors, and PostgreSQL's shutdown (57P01-57P03) and connection exception (08xxx) codes. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What node-postgres and its pool throw when the connection is lost, cannot be made in time, or is broken. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The database cannot be reached right now (PostgreSQL restarting or stopped, the network cut): the
 * request answers 503 like a Redis outage, not 500 (a socket error from another service the request needs
 * is the same case). Drizzle wraps the driver's error, so the causes are followed.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^(57P0[123]|08...)$/.test(code)))
      return true;
    const { message } = e;
    if (CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
};
