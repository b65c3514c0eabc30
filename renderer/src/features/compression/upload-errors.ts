import { ApiError } from '@shrinkly/contract';

/**
 * A failure to get the bytes to the server (network, timeout, browser abort, a chunk that kept failing), as
 * opposed to the server refusing or failing the compression (an ApiError). It becomes the 'Upload Failed' toast.
 */
export class UploadError extends Error {
  override name = 'UploadError';
}

/** A compression job that ended in 'failed'; the message is the job's error. */
export class JobFailedError extends Error {
  override name = 'JobFailedError';
}

/** SPEC section 8: a message with 'Premium subscription required' or '402' leads to the upgrade card. */
export function isPremiumRequired(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 402) return true;
  const message = error instanceof Error ? error.message : '';
  return message.includes('Premium subscription required') || message.includes('402');
}

/** The server's own words for an API failure; the error's message otherwise. */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage || null;
  return error instanceof Error && error.message ? error.message : null;
}

/** The `message` of a JSON error body, else the body text, else null. */
export function messageFromBody(text: string): string | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text is the message
  }
  return text;
}

/** Resolves after `ms`, or rejects at once when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = window.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
