import { ApiError } from '@shrinkly/contract';
import { readStoredToken, USER_TOKEN_KEY } from '../../api/token-storage';
import { messageFromBody, UploadError } from './upload-errors';

export interface UploadRequestOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** The share of the body sent so far, 0 to 1 (real bytes, from the browser). */
  onUploadProgress?: (fraction: number) => void;
  /** The whole body has been sent; the server is working on it. */
  onUploaded?: () => void;
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch cannot report upload progress. Aborting the signal
 * aborts the request itself, so the browser stops sending. Sends the stored user token like the API client.
 */
export function postFormWithProgress<T>(path: string, form: FormData, options: UploadRequestOptions): Promise<T> {
  const { signal, timeoutMs, onUploadProgress, onUploaded } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (action: () => void) => {
      signal.removeEventListener('abort', onAbortSignal);
      action();
    };

    xhr.open('POST', path);
    xhr.responseType = 'text';
    xhr.timeout = timeoutMs;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStoredToken(USER_TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploaded?.();

    xhr.onload = () =>
      settle(() => {
        const text = typeof xhr.response === 'string' ? xhr.response : '';
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(JSON.parse(text) as T);
          } catch {
            reject(new ApiError(xhr.status, 'The server answered with something other than JSON'));
          }
          return;
        }
        reject(new ApiError(xhr.status, messageFromBody(text) ?? (xhr.statusText || 'Request failed')));
      });
    // SPEC section 8 "Transport": network error, abort, timeout.
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
