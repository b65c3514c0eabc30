import { isEngineError } from '@shrinkly/engine';
import type { Logger } from 'pino';

/**
 * Damaged input, files past their work budget and pairs we do not do are the user's to know (logged as information,
 * not as our fault); tool faults and hangs are ours.
 */
const USER_FACING_KINDS = new Set(['invalid-input', 'over-budget', 'unsupported']);

/**
 * The message a failed job records: the engine's own words when the file is at fault, else a generic one, with
 * the details (and the tool's stderr) going to the log.
 */
export function failureMessage(err: unknown, logger: Logger, job: { id: string; work: 'Compression' | 'Conversion' }): string {
  if (isEngineError(err) && USER_FACING_KINDS.has(err.kind)) {
    logger.info({ jobId: job.id, kind: err.kind, reason: err.message }, `${job.work.toLowerCase()} refused the file`);
    return err.message;
  }
  logger.error(
    { err, jobId: job.id, stderrTail: isEngineError(err) ? err.stderrTail : undefined },
    `${job.work.toLowerCase()} failed`,
  );
  return `${job.work} failed. Please try again.`;
}
