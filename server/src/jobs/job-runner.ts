import type { Logger } from 'pino';
import type { Delivery } from '../adapters/queue/queue.port.js';
import type { Clock } from '../common/clock.js';
import type { EngineStep, EngineWork, StoredOutput } from './engine-step.js';
import { failureMessage } from './job-failure.js';
import { throttledProgress } from './job-progress.js';

/** The fields of a job record every kind of job has. */
export interface JobRecord {
  id: string;
  inputBlob: string | null;
  originalSize: number;
  /** Times the job was started and not handed back by a stopping process: this start included, once claimed. */
  attempts: number;
}

/**
 * Starts a job may have: a file whose work took its process down (killed for memory, a crash in a decoder) this many
 * times is not tried again, or it would take down every worker it reaches, and every restart would try it anew.
 */
export const MAX_JOB_STARTS = 2;

/** What a job stopped by its own file says. */
export function stoppedTooOftenMessage(label: 'Compression' | 'Conversion'): string {
  return `${label} stopped twice on this file, so it was not tried again. The file may be damaged: try another copy of it.`;
}

/**
 * What happens to a job's result: each kind of job (a landing-page compression, a My Files upload, a conversion)
 * has one. The runner calls it; it never calls the runner or the services above it.
 */
export interface Finisher<J extends JobRecord> {
  /** A reason to end the job before the engine runs (its file was deleted while it waited), else undefined. */
  before?(job: J): Promise<string | undefined>;
  /**
   * Engine refusals after which this kind keeps the file as uploaded (My Files keeps what cannot be compressed):
   * the format to keep it as, or undefined for a failure.
   */
  keepsAsUploaded?(job: J, err: unknown): string | undefined;
  /** Records the result. */
  complete(job: J, result: StoredOutput): Promise<'success' | 'failed'>;
  /** Records the failure, with the message people see. */
  fail(job: J, message: string): Promise<'failed'>;
  /** Why a failure happened, when this kind knows better than the error (the file was deleted mid-way). */
  explain?(job: J): Promise<string | undefined>;
}

/** One queue's jobs: how to take one up, what the engine does with it, and who finishes it. */
export interface JobKind<J extends JobRecord> {
  /**
   * Moves a queued job to processing and counts the start, or undefined when it is not queued any more (another
   * worker has it). A job redelivered after its process died is taken over from processing too.
   */
  claim(jobId: string, delivery: Delivery): Promise<J | undefined>;
  /** Puts a job back in the queue without counting its start (the server is stopping mid-way). */
  requeue(job: J): Promise<void>;
  work(job: J, signal: AbortSignal): EngineWork;
  finisherOf(job: J): Finisher<J>;
  /** "Compression" or "Conversion", for the generic failure message and the log. */
  label: 'Compression' | 'Conversion';
}

/** The queries every job table answers (compression and conversion jobs). */
export interface JobRecords<J> {
  /** Moves the job from one of `from` to processing and adds one to its `attempts`. */
  start(id: string, from: Array<'queued' | 'processing'>, startedAt: Date): Promise<J | undefined>;
  /** Moves a processing job back to queued and takes its last start off `attempts`. */
  handBack(id: string): Promise<void>;
  setProgress(id: string, progress: number): Promise<void>;
}

/** Claiming, requeueing and progress, the same for every job table; each kind adds its engine work and finisher. */
export abstract class QueuedJobs<J extends JobRecord> implements JobKind<J> {
  abstract readonly label: JobKind<J>['label'];

  constructor(
    protected readonly records: JobRecords<J>,
    protected readonly clock: Clock,
  ) {}

  claim(jobId: string, delivery: Delivery): Promise<J | undefined> {
    return this.records.start(jobId, delivery.redelivered ? ['queued', 'processing'] : ['queued'], this.clock.now());
  }

  async requeue(job: J): Promise<void> {
    await this.records.handBack(job.id);
  }

  /** An engine `onProgress` writing the job's progress (every 2 % at most). */
  protected progressOf(job: J): (percent: number) => void {
    return throttledProgress((percent) => this.records.setProgress(job.id, percent));
  }

  abstract work(job: J, signal: AbortSignal): EngineWork;
  abstract finisherOf(job: J): Finisher<J>;
}

export type JobOutcome = 'success' | 'skipped' | 'failed';

/** Runs the jobs of one kind: claim → engine step → finisher. Only unexpected faults of our own code throw. */
export class JobRunner<J extends JobRecord> {
  constructor(
    private readonly kind: JobKind<J>,
    private readonly step: EngineStep,
    private readonly logger: Logger,
  ) {}

  async run(jobId: string, signal: AbortSignal, delivery: Delivery): Promise<JobOutcome> {
    const job = await this.kind.claim(jobId, delivery);
    if (!job?.inputBlob) return 'skipped';
    const finisher = this.kind.finisherOf(job);
    if (job.attempts > MAX_JOB_STARTS) {
      this.logger.warn(
        { jobId: job.id, starts: job.attempts - 1 },
        `${this.kind.label.toLowerCase()} stopped its process on every start: given up`,
      );
      return finisher.fail(job, stoppedTooOftenMessage(this.kind.label));
    }
    const stop = await finisher.before?.(job);
    if (stop) return finisher.fail(job, stop);
    const work = this.kind.work(job, signal);
    try {
      const result = await this.step.run(job.inputBlob, job.originalSize, async (input, workDir) => {
        try {
          return await work(input, workDir);
        } catch (err) {
          const format = finisher.keepsAsUploaded?.(job, err);
          if (format === undefined) throw err;
          return { output: input, format, unchanged: true, recipe: 'stored as uploaded' };
        }
      });
      return await finisher.complete(job, result);
    } catch (err) {
      if (signal.aborted) {
        await this.kind.requeue(job);
        return 'skipped';
      }
      const known = await finisher.explain?.(job);
      return finisher.fail(job, known ?? failureMessage(err, this.logger, { id: job.id, work: this.kind.label }));
    }
  }
}
