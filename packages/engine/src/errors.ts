/** Why an engine call failed. */
/**
 * 'over-budget': the file needs more work than one call may spend on it (budget.ts): the file's fault, said plainly.
 * 'timeout': a tool hung past its own limit (ours to look at).
 */
export type EngineErrorKind =
  | 'unsupported'
  | 'invalid-input'
  | 'over-budget'
  | 'tool-missing'
  | 'timeout'
  | 'cancelled'
  | 'failed';

/** A failure with a message a user can read; `stderrTail` keeps the end of a tool's output for the logs. */
export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    readonly stderrTail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EngineError';
  }
}

export function isEngineError(err: unknown, kind?: EngineErrorKind): err is EngineError {
  return err instanceof EngineError && (kind === undefined || err.kind === kind);
}
