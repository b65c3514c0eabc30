/** What a contender for a run-once lock got: the work's result, or nothing because another process was running it. */
export type RunOnceOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Periodic work that must run in one process of the deployment at a time (the sweeper's tasks, the plans' clock):
 * a process that finds the work already running elsewhere skips its turn instead of waiting.
 */
export abstract class RunOnceLock {
  abstract runExclusive<T>(name: string, work: () => Promise<T>): Promise<RunOnceOutcome<T>>;
}
