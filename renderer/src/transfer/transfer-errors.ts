import { ApiError } from '@shrinkly/contract';

/**
 * A failure to get the bytes to the server (network, timeout, browser abort, a chunk that kept failing), as
 * opposed to the server refusing or failing the work (an ApiError). It becomes the 'Upload Failed' toast.
 */
export class UploadError extends Error {
  override name = 'UploadError';
}

/** A job that ended in 'failed'; the message is the job's error. */
export class JobFailedError extends Error {
  override name = 'JobFailedError';
}

/** A success status whose body is not what the route's contract describes. */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

/** The server's own words for an API failure; the error's message otherwise. */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage || null;
  return error instanceof Error && error.message ? error.message : null;
}
