import type { Endpoint, ResponseOf } from '@shrinkly/contract';
import { userAuthHeaders } from '../api/token-storage';
import { readAnswer } from './read-answer';
import { UploadError } from './transfer-errors';

export interface UploadProgressOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** The share of the body sent so far, 0 to 1 (real bytes, from the browser). */
  onUploadProgress?: (fraction: number) => void;
  /** The whole body has been sent; the server is working on it. */
  onUploaded?: () => void;
}

/** Statuses whose answer has no body: a Response refuses one. */
const NO_BODY_STATUSES = new Set([204, 205, 304]);

/** The finished request as a fetch Response, so its answer is read exactly as the contract client reads one. */
function responseOf(xhr: XMLHttpRequest): Response {
  const text = typeof xhr.response === 'string' ? xhr.response : '';
  return new Response(NO_BODY_STATUSES.has(xhr.status) ? null : text, { status: xhr.status, statusText: xhr.statusText });
}

/**
 * POSTs a multipart route with XMLHttpRequest, because fetch cannot report upload progress, and answers what the
 * route's contract says it answers. Aborting the signal aborts the request itself, so the browser stops sending.
 * Sends the stored user token like the API client. Fails with ApiError when the server refuses, UploadError when
 * the bytes do not get there.
 */
export function postMultipart<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: UploadProgressOptions,
): Promise<ResponseOf<E>> {
  const { signal, timeoutMs, onUploadProgress, onUploaded } = options;
  return new Promise<ResponseOf<E>>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (action: () => void) => {
      signal.removeEventListener('abort', onAbortSignal);
      action();
    };

    xhr.open(endpoint.method, endpoint.path);
    xhr.responseType = 'text';
    xhr.timeout = timeoutMs;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(userAuthHeaders())) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploaded?.();

    xhr.onload = () =>
      settle(() => {
        try {
          resolve(readAnswer(endpoint, responseOf(xhr)));
        } catch (error) {
          reject(error);
        }
      });
    // docs/product/SPEC.md §8 "Transport": network error, abort, timeout.
    xhr.onerror = () => settle(() => reject(new UploadError('Network error. Please check your connection and try again.')));
    xhr.ontimeout = () =>
      settle(() =>
        reject(
          new UploadError(
            `Upload timed out after ${Math.round(timeoutMs / 60_000)} minutes. File may be too large for browser memory.`,
          ),
        ),
      );
    xhr.onabort = () =>
      settle(() => reject(signal.aborted ? signal.reason : new UploadError('Upload was cancelled or rejected by browser')));

    signal.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}
