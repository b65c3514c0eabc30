import { isEngineError } from '@shrinkly/engine';
import type { Logger } from 'pino';

/** Damaged input and pairs we do not do are the user's to know; tool faults and timeouts are ours. */
const USER_FACING_KINDS = new Set(['invalid-input', 'unsupported']);

/**
 * The message a failed job records: the engine's own words when the file is at fault, else a generic one, with
 * the details (and the tool's stderr) going to the log.
 */
export function failureMessage(err: unknown, logger: Logger, job: { id: string; work: 'Compression' | 'Conversion' }): string {
  if (isEngineError(err) && USER_FACING_KINDS.has(err.kind)) return err.message;
  logger.error({ err, jobId: job.id, stderrTail: isEngineError(err) ? err.stderrTail : undefined }, `${job.work.toLowerCase()} failed`);
  return `${job.work} failed. Please try again.`;
}
