import type { ApiEnvelope } from '@karya/domain';

/** The success envelope every route returns: {success, message, data}. */
export const ok = <T>(message: string, data: T): ApiEnvelope<T> => ({ success: true, message, data });
