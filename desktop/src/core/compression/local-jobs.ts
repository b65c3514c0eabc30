import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Comparison,
  type CompressionLevel,
  DESKTOP_MAX_FILES_PER_CALL,
  type DesktopSettings,
  type LocalJob,
  qualityFields,
  type SyncState,
} from '@shrinkly/contract';
import { failureMessage } from './failure-message.js';
import { LocalCompressionError, type LocalCompressionOptions, type LocalCompressor } from './local-compressor.js';
import { placeResult } from './result-placement.js';

/** How many files are compressed at once (the engine spreads each one over the CPU budget). */
export const LOCAL_JOB_CONCURRENCY = 2;

export interface LocalJobsOptions {
  compressor: LocalCompressor;
  settings: () => DesktopSettings;
  /** The job list changed (a job was added, moved on, or removed). */
  changed: (jobs: LocalJob[]) => void;
  /** A job finished with a result (written or unchanged). */
  finished: (job: LocalJob) => void;
  /** Where the job's sync stands (the sync queue knows). */
  syncStateOf: (jobId: string) => SyncState;
  /** Parent of each job's private work folder (default: the OS temp folder). */
  tmpRoot?: string;
  concurrency?: number;
}

interface JobEntry {
  job: Omit<LocalJob, 'sync'>;
  controller: AbortController;
  options: LocalCompressionOptions;
  /** The finished job's before/after renditions, kept while the job is listed. */
  comparison?: Comparison | null;
}

const newJobId = () => randomBytes(12).toString('base64url');

/** The files a path stands for: the file itself, or the files directly inside a folder (hidden ones left out). */
async function filesOf(target: string): Promise<Array<{ path: string; size: number } | { path: string; error: unknown }>> {
  try {
    const info = await stat(target);
    if (info.isFile()) return [{ path: target, size: info.size }];
    if (!info.isDirectory()) return [{ path: target, error: new Error('Only files can be compressed') }];
    const entries = await readdir(target, { withFileTypes: true });
    const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => path.join(target, e.name));
    return Promise.all(files.sort().map(async (file) => ({ path: file, size: (await stat(file)).size })));
  } catch (error) {
    return [{ path: target, error }];
  }
}

/**
 * The files being compressed on this machine: a queue run LOCAL_JOB_CONCURRENCY at a time, each in a private
 * temporary folder, its result placed as the settings say. A failure or a cancel ends that job only.
 */
export class LocalJobs {
  private readonly entries = new Map<string, JobEntry>();
  private readonly queue: string[] = [];
  private running = 0;
  private closed = false;

  constructor(private readonly options: LocalJobsOptions) {}

  list(): LocalJob[] {
    return [...this.entries.values()].map(({ job }) => ({ ...job, sync: this.options.syncStateOf(job.id) }));
  }

  get(id: string): LocalJob | undefined {
    return this.list().find((job) => job.id === id);
  }

  /** A finished job's before/after renditions; undefined when it has none. */
  comparison(id: string): Comparison | undefined {
    return this.entries.get(id)?.comparison ?? undefined;
  }

  /** Queues the files (a folder stands for the files directly in it); answers the new jobs. */
  async start(paths: readonly string[], level: CompressionLevel, options: LocalCompressionOptions = {}): Promise<LocalJob[]> {
    const found = (await Promise.all(paths.map(filesOf))).flat().slice(0, DESKTOP_MAX_FILES_PER_CALL);
    const ids = found.map((file) => {
      const id = newJobId();
      const failed = 'error' in file;
      const job: JobEntry['job'] = {
        id,
        name: path.basename(file.path),
        sourcePath: file.path,
        level,
        status: failed ? 'failed' : 'queued',
        progress: 0,
        originalSize: failed ? 0 : file.size,
        compressedSize: null,
        qualityScore: null,
        qualityLabel: null,
        outputPath: null,
        unchanged: false,
        message: failed ? failureMessage(file.error) : null,
      };
      this.entries.set(id, { job, controller: new AbortController(), options });
      if (!failed) this.queue.push(id);
      return id;
    });
    this.notify();
    this.pump();
    const all = this.list();
    return ids.map((id) => all.find((job) => job.id === id)!);
  }

  /** Cancels a queued or running job; a finished one is left as it is. */
  cancel(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    if (entry.job.status === 'queued') {
      this.queue.splice(this.queue.indexOf(id), 1);
      this.update(entry, { status: 'cancelled', message: 'Cancelled' });
    } else if (entry.job.status === 'running') {
      entry.controller.abort();
    }
    return true;
  }

  /** Removes finished, failed and cancelled jobs from the list. */
  clearFinished(): LocalJob[] {
    for (const [id, { job }] of this.entries) if (['done', 'failed', 'cancelled'].includes(job.status)) this.entries.delete(id);
    this.notify();
    return this.list();
  }

  /** Cancels everything and waits for running jobs to stop. */
  async close(): Promise<void> {
    this.closed = true;
    for (const id of this.queue.splice(0)) this.entries.delete(id);
    for (const entry of this.entries.values()) entry.controller.abort();
    while (this.running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Tells the renderer again (a job's sync state moved). */
  notify(): void {
    this.options.changed(this.list());
  }

  private pump(): void {
    const limit = this.options.concurrency ?? LOCAL_JOB_CONCURRENCY;
    while (!this.closed && this.running < limit && this.queue.length > 0) {
      const entry = this.entries.get(this.queue.shift()!);
      if (!entry) continue;
      this.running += 1;
      void this.run(entry).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(entry: JobEntry): Promise<void> {
    const { job } = entry;
    this.update(entry, { status: 'running', progress: 0 });
    const tmpDir = await mkdtemp(path.join(this.options.tmpRoot ?? tmpdir(), 'shrinkly-desktop-'));
    let outcome: Partial<JobEntry['job']>;
    try {
      outcome = await this.compressAndPlace(entry, tmpDir);
    } catch (err) {
      const cancelled = err instanceof LocalCompressionError && err.kind === 'cancelled';
      outcome = cancelled ? { status: 'cancelled', message: 'Cancelled' } : { status: 'failed', message: failureMessage(err) };
    }
    // The job is reported finished only once nothing of it is left in the temporary folder.
    await rm(tmpDir, { recursive: true, force: true });
    this.update(entry, outcome);
    if (outcome.status === 'done') this.options.finished(this.get(job.id)!);
  }

  private async compressAndPlace(entry: JobEntry, tmpDir: string): Promise<Partial<JobEntry['job']>> {
    const { job, controller } = entry;
    const result = await this.options.compressor.compress(
      { ...entry.options, input: job.sourcePath, level: job.level, tmpDir },
      { signal: controller.signal, onProgress: (progress) => this.update(entry, { progress }) },
    );
    if (controller.signal.aborted) throw new LocalCompressionError('cancelled', 'Cancelled');
    const message = [result.recipe, ...result.notes].join('. ');
    const done = { status: 'done', progress: 100, message, ...qualityFields(result.score) } as const;
    entry.comparison = result.comparison;
    if (result.unchanged) return { ...done, unchanged: true, compressedSize: result.originalSize };
    const { outputFolder, keepOriginal } = this.options.settings();
    const outputPath = await placeResult(result, job.sourcePath, { outputFolder, keepOriginal });
    return { ...done, compressedSize: result.compressedSize, outputPath };
  }

  private update(entry: JobEntry, change: Partial<JobEntry['job']>): void {
    entry.job = { ...entry.job, ...change };
    if (this.entries.has(entry.job.id)) this.notify();
  }
}
