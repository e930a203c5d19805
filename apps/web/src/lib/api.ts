import type { ListQuery } from '@karya/domain';
import {
  type ApiEnvelope,
  ERROR_CODES,
  errorMessageFor,
  stripEmpty,
  toListSearchParams,
} from '@karya/domain';

/** A failed call: the HTTP status, the server's error code and the message to show (spec 1 §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type Listener = (error: ApiError, path: string) => void;
const listeners = new Set<Listener>();
/** The shell listens here for 401 (Session Expired dialog) and the 403 codes of spec 1 §8. */
export const onApiError = (fn: Listener) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

const BASE = '/api';

/**
 * While the server draws a page's first paint (entry-server.tsx), calls reach its own routes in-process
 * with the visitor's cookie; the browser's build has only `fetch` (the branch is removed at build time).
 */
let serverTransport: (url: string, init: RequestInit) => Promise<Response> = fetch;
export const setApiTransport = (fn: typeof serverTransport) => {
  serverTransport = fn;
};

const request = async <T>(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
  keepEmpty = false,
): Promise<ApiEnvelope<T>> => {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(init.headers as Record<string, string> | undefined),
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(keepEmpty ? body : stripEmpty(body));
  }
  let res: Response;
  try {
    res = await (import.meta.env.SSR ? serverTransport : fetch)(BASE + path, {
      ...init,
      method,
      credentials: 'include',
      headers,
      body: payload,
    });
  } catch {
    throw new ApiError(
      0,
      navigator.onLine
        ? 'Something went wrong. Please try again.'
        : "You're offline. Please check your internet connection.",
    );
  }
  let data: unknown;
  const text = await res.text();
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const code = data && typeof data === 'object' ? (data as { error?: string }).error : undefined;
    const error = new ApiError(res.status, errorMessageFor(res.status, data), code, data);
    for (const l of listeners) l(error, path);
    throw error;
  }
  return data as ApiEnvelope<T>;
};

const keyed = (idempotencyKey: string | undefined): RequestInit =>
  idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {};

export const api = {
  get: <T>(
    path: string,
    params?: URLSearchParams | Record<string, string | undefined>,
    init?: RequestInit,
  ) => {
    const qs =
      params instanceof URLSearchParams
        ? params
        : new URLSearchParams(
            Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== '') as [string, string][],
          );
    const s = qs.toString();
    return request<T>('GET', s ? `${path}?${s}` : path, undefined, init);
  },
  list: <T>(path: string, query: Partial<ListQuery>, init?: RequestInit) =>
    api.get<T>(path, toListSearchParams(query), init),
  /** A create: `idempotencyKey` (a form's, lib/idempotency.ts) lets the server answer a retry without writing twice. */
  post: <T>(path: string, body?: unknown, opts: { idempotencyKey?: string } = {}) =>
    request<T>('POST', path, body, keyed(opts.idempotencyKey)),
  /**
   * A write that may be sent again (the outbox, lib/outbox.ts): the Idempotency-Key makes the server
   * answer a replay with its first answer instead of writing twice.
   */
  send: <T>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    opts: { idempotencyKey: string; keepEmpty?: boolean },
  ) =>
    request<T>(method, path, body, { headers: { 'idempotency-key': opts.idempotencyKey } }, opts.keepEmpty),
  /**
   * `keepEmpty`: an update that clears fields sends them empty ('', null, [], {}) instead of stripping
   * them, since a field left out means "unchanged" (spec 1 strips empties; on update that loses clears).
   */
  patch: <T>(path: string, body?: unknown, opts: { keepEmpty?: boolean; idempotencyKey?: string } = {}) =>
    request<T>('PATCH', path, body, keyed(opts.idempotencyKey), opts.keepEmpty ?? false),
  /** A whole replacement (the attendance rules): every field is sent, empty ones too (an empty weekly off). */
  put: <T>(path: string, body: unknown, opts: { idempotencyKey?: string } = {}) =>
    request<T>('PUT', path, body, keyed(opts.idempotencyKey), true),
  /** The same rule for the role form: an unchecked expiry is sent as expiresAt: null. */
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/**
 * Build a multipart body: strings as they are, nested values (address, languages, ...) as JSON text, the
 * file under its field. Empty values are stripped first (spec 1 §5), unless `keepEmpty` (an update that
 * clears fields): then only undefined is left out, null goes as '' and [] / {} as their JSON.
 */
export const toFormData = (
  values: Record<string, unknown>,
  file?: { field: string; file: File | null | undefined },
  opts: { keepEmpty?: boolean } = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.keepEmpty ? values : stripEmpty(values))) {
    if (v === undefined || (v === null && !opts.keepEmpty)) continue;
    form.append(k, v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  if (file?.file) form.append(file.field, file.file);
  return form;
};

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export { ERROR_CODES };
