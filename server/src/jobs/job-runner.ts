import type { Logger } from 'pino';
import type { Delivery } from '../adapters/queue/queue.port.js';
import type { Clock } from '../common/clock.js';
import type { EngineOutput, EngineStep, StoredOutput } from './engine-step.js';
import { failureMessage } from './job-failure.js';
import type { JobHandlers, JobQueue, ResumableJobs } from './job-handlers.js';
import { throttledProgress } from './job-progress.js';

/** The fields of a job record every kind of job has. */
export interface JobRecord {
  id: string;
  /** The client's name for the file. */
  fileName: string;
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

/** The queries a runner makes of its job table (JobRecords answers them all). */
export interface RunnerRecords<J> extends ResumableJobs {
  /** Moves the job from one of `from` to processing and adds one to its `attempts`. */
  start(id: string, from: Array<'queued' | 'processing'>, startedAt: Date): Promise<J | undefined>;
  /** Moves a processing job back to queued and takes its last start off `attempts`. */
  handBack(id: string): Promise<void>;
  setProgress(id: string, progress: number): Promise<void>;
}

/** What every engine call of a job is given, whatever the call. */
export interface JobCallOptions {
  /** The client's file name, for the types the content cannot tell apart. */
  nameHint: string;
  /** The job's private work folder. */
  tmpDir: string;
  /** Aborted when this process stops: the job is handed back to the queue. */
  signal: AbortSignal;
  /** Writes the job's progress (every 2 % at most). */
  onProgress: (percent: number) => void;
}

export type JobOutcome = 'success' | 'skipped' | 'failed';

/** Told of every job a runner ends (completed or failed), once its record says so (webhooks). */
export type EndedListener<J> = (job: J, outcome: 'success' | 'failed') => Promise<void>;

/**
 * Runs the jobs of one queue: claim → engine step → finisher; claiming, requeueing and progress are the same for every
 * job table. Each queue's handler adds its engine call and who finishes a job. Only unexpected faults of our own code
 * throw.
 */
export abstract class JobRunner<J extends JobRecord> {
  /** "Compression" or "Conversion", for the generic failure message and the log. */
  abstract readonly label: 'Compression' | 'Conversion';

  private readonly endedListeners: EndedListener<J>[] = [];

  constructor(
    protected readonly records: RunnerRecords<J>,
    private readonly step: EngineStep,
    protected readonly clock: Clock,
    protected readonly logger: Logger,
  ) {}

  /** After a job's result is recorded: what else a queue keeps of it. Must not throw: the job is already done. */
  protected async completed(_job: J, _result: StoredOutput): Promise<void> {}

  /** Makes this runner the handler of `queue`, whose unfinished jobs its records list at a worker's start. */
  declareFor(queue: JobQueue, handlers: JobHandlers): void {
    handlers.declare(queue, async (jobId, signal, delivery) => void (await this.run(jobId, signal, delivery)), this.records);
  }

  /** Adds a listener to every job this runner ends. */
  onEnded(listener: EndedListener<J>): void {
    this.endedListeners.push(listener);
  }

  async run(jobId: string, signal: AbortSignal, delivery: Delivery): Promise<JobOutcome> {
    const job = await this.claim(jobId, delivery);
    if (!job?.inputBlob) return 'skipped';
    const outcome = await this.runClaimed(job, job.inputBlob, signal);
    if (outcome === 'skipped') return outcome;
    for (const listener of this.endedListeners) {
      await listener(job, outcome).catch((err: unknown) =>
        this.logger.warn({ err, jobId: job.id }, 'a job end was not reported'),
      );
    }
    return outcome;
  }

  private async runClaimed(job: J, inputBlob: string, signal: AbortSignal): Promise<JobOutcome> {
    const finisher = this.finisherOf(job);
    if (job.attempts > MAX_JOB_STARTS) {
      this.logger.warn(
        { jobId: job.id, starts: job.attempts - 1 },
        `${this.label.toLowerCase()} stopped its process on every start: given up`,
      );
      return finisher.fail(job, stoppedTooOftenMessage(this.label));
    }
    const stop = await finisher.before?.(job);
    if (stop) return finisher.fail(job, stop);
    const options = { nameHint: job.fileName, signal, onProgress: this.progressOf(job) };
    try {
      const result = await this.step.run(inputBlob, job.originalSize, async (input, tmpDir) => {
        try {
          return await this.callEngine(job, input, { ...options, tmpDir });
        } catch (err) {
          const format = finisher.keepsAsUploaded?.(job, err);
          if (format === undefined) throw err;
          return { output: input, format, unchanged: true, recipe: 'stored as uploaded', score: 1 };
        }
      });
      const outcome = await finisher.complete(job, result);
      if (outcome === 'success') await this.completed(job, result);
      return outcome;
    } catch (err) {
      if (signal.aborted) {
        // The server is stopping mid-way: the job goes back to the queue without counting this start.
        await this.records.handBack(job.id);
        return 'skipped';
      }
      const known = await finisher.explain?.(job);
      return finisher.fail(job, known ?? failureMessage(err, this.logger, { id: job.id, work: this.label }));
    }
  }

  /** What the engine makes of the job's input. */
  protected abstract callEngine(job: J, input: string, options: JobCallOptions): Promise<EngineOutput>;

  /** Who finishes this job. */
  protected abstract finisherOf(job: J): Finisher<J>;

  /**
   * Moves a queued job to processing and counts the start, or undefined when it is not queued any more (another
   * worker has it). A job redelivered after its process died is taken over from processing too.
   */
  private claim(jobId: string, delivery: Delivery): Promise<J | undefined> {
    return this.records.start(jobId, delivery.redelivered ? ['queued', 'processing'] : ['queued'], this.clock.now());
  }

  private progressOf(job: J): (percent: number) => void {
    return throttledProgress((percent) => this.records.setProgress(job.id, percent));
  }
}
