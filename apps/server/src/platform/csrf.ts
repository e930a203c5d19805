import { ERROR_CODES } from '@karya/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (value: string | undefined) => {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * A state-changing request must come from the app's own origin (or one listed in ALLOWED_ORIGINS):
 * the Origin header decides, or the Referer where a client sends no Origin. Cross-site forms cannot act.
 */
export const checkOrigin = (request: FastifyRequest, allowed: readonly string[], publicUrl?: string) => {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const source = origin && origin !== 'null' ? originOf(origin) : originOf(request.headers.referer);
  // Normalised like the Origin header: a default port (:80, :443) in Host must not make it differ.
  const own = originOf(`${request.protocol}://${request.host}`);
  const ok =
    source !== null && (source === own || source === originOf(publicUrl) || allowed.includes(source));
  if (!ok) throw forbidden('This request did not come from the Karya app and was refused.', ERROR_CODES.CSRF);
};
