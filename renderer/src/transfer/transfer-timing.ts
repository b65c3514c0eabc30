import { MB } from '@shrinkly/contract';

/*
 * Client-side timings of uploads and jobs. docs/product/SPEC.md §9 defines them for the browser only, so they live here
 * rather than in the contract (which holds what the server enforces too).
 */

/** How often a running job is asked for its state (DESIGN: long jobs are followed by polling the job). */
export const JOB_POLL_INTERVAL_MS = 1000;

/** docs/product/SPEC.md §9: a large-file warning appears over 500MB, and such a direct upload gets the longer timeout. */
export const LARGE_FILE_WARNING_BYTES = 500 * MB;

const MINUTE_MS = 60 * 1000;
/** docs/product/SPEC.md §9 "Direct upload timeout": 30 minutes, 60 minutes over 500MB. */
export const DIRECT_UPLOAD_TIMEOUT_MS = 30 * MINUTE_MS;
export const LARGE_DIRECT_UPLOAD_TIMEOUT_MS = 60 * MINUTE_MS;

/** docs/product/SPEC.md §9 "Chunk size": the delay before retry n is n × this. */
export const CHUNK_RETRY_DELAY_STEP_MS = 1000;

/** Chunks in flight at once: enough to keep the connection busy, few enough to leave room for other requests. */
export const CHUNK_CONCURRENCY = 3;

export function directUploadTimeoutMs(size: number): number {
  return size > LARGE_FILE_WARNING_BYTES ? LARGE_DIRECT_UPLOAD_TIMEOUT_MS : DIRECT_UPLOAD_TIMEOUT_MS;
}
