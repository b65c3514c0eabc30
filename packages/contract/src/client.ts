import type { z } from 'zod';
import type { EndpointAuth } from './endpoints.js';
import { type Endpoint, type Endpoints, endpoints } from './endpoints.js';
import { type ErrorCode, isErrorCode } from './errors.js';

/**
 * A failed call. `message` follows ERR-01: the status, a colon and space, then the server's message (or the body
 * text, or the status text when the body is empty). `code` names the message when it is one of `ErrorMessages`:
 * screens branch on it (or on the status), never on the words.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly code?: ErrorCode,
    /** Seconds to wait before trying again, when the answer said (429 and 503 with Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Origin of the API; empty for same-origin calls from the browser. */
  baseUrl?: string;
  /** The stored bearer token for an audience, if any. */
  getToken?: (audience: Exclude<EndpointAuth, 'none'>) => string | null | undefined;
  fetch?: typeof fetch;
}

type ParamsOf<E> = E extends { params: readonly [] }
  ? unknown
  : E extends { params: readonly (infer P extends string)[] }
    ? { [K in P]: string }
    : unknown;
type BodyOf<E> = E extends Endpoint<infer Req, z.ZodType> ? (Req extends z.ZodType ? z.input<Req> : unknown) : never;
type FormOf<E> = E extends { multipart: object } ? { form: FormData } : unknown;
type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : unknown;
type Combined<E> = ParamsOf<E> & BodyOf<E> & FormOf<E> & QueryOf<E>;
/** What a method takes: the JSON body, plus path parameters and a FormData for multipart routes; nothing when none apply. */
type RequestOf<E> = unknown extends Combined<E> ? undefined : Combined<E>;
/** What a route answers on success, as its response schema reads it. */
export type ResponseOf<E> = E extends Endpoint<z.ZodType | undefined, infer Res> ? z.infer<Res> : never;

export type ApiClient = {
  [K in keyof Endpoints]: RequestOf<Endpoints[K]> extends undefined
    ? () => Promise<ResponseOf<Endpoints[K]>>
    : // Only optional fields (a filter in the query string): the argument may be left out.
      Record<string, never> extends RequestOf<Endpoints[K]>
      ? (body?: RequestOf<Endpoints[K]>) => Promise<ResponseOf<Endpoints[K]>>
      : (body: RequestOf<Endpoints[K]>) => Promise<ResponseOf<Endpoints[K]>>;
};

/**
 * The ApiError of a failed answer: the error body's `message` and known `code`, else the body's text, else the
 * status text. A code this build does not know is left out, so the screen handles the error generically.
 */
export async function readApiError(res: Response): Promise<ApiError> {
  const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN);
  const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
  const text = await res.text().catch(() => '');
  if (!text) return new ApiError(res.status, res.statusText || 'Request failed', undefined, wait);
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string') {
      return new ApiError(res.status, parsed.message, isErrorCode(parsed.code) ? parsed.code : undefined, wait);
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return new ApiError(res.status, text, undefined, wait);
}

/** The typed client over every endpoint of the contract. One method per endpoint, named as in `endpoints`. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const baseUrl = options.baseUrl ?? '';

  async function call(e: Endpoint, input?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const values = { ...(input as Record<string, unknown> | undefined) };
    let path = e.path;
    for (const param of e.params ?? []) {
      path = path.replace(`{${param}}`, encodeURIComponent(String(values[param] ?? '')));
      delete values[param];
    }
    if (e.query) {
      const search = new URLSearchParams();
      for (const key of Object.keys(e.query.shape)) {
        const value = values[key];
        delete values[key];
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
      if (search.size > 0) path += `?${search.toString()}`;
    }
    let body: BodyInit | undefined;
    if (e.multipart) {
      // The browser sets the multipart boundary itself: no Content-Type here.
      body = values.form as FormData;
    } else if (e.request) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(values);
    }
    // Send the stored token when present, whatever the route (the reset route reads it when given).
    const token = options.getToken?.(e.auth === 'admin' ? 'admin' : 'user');
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await doFetch(baseUrl + path, { method: e.method, headers, credentials: 'include', body });
    if (!res.ok) throw await readApiError(res);
    if (e.raw) return res.blob();
    return res.json();
  }

  const client: Record<string, (body?: unknown) => Promise<unknown>> = {};
  for (const [name, e] of Object.entries(endpoints)) client[name] = (body?: unknown) => call(e, body);
  return client as ApiClient;
}
