import { Worker } from 'node:worker_threads';
import {
  LocalCompressionError,
  type LocalCompressionRequest,
  type LocalCompressionResult,
  type LocalCompressor,
} from './local-compressor.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

interface PendingCall {
  resolve: (result: LocalCompressionResult) => void;
  reject: (err: Error) => void;
  onProgress: (percent: number) => void;
}

/** The built worker beside this module (dist/core/compression/compress-worker.js). */
export const COMPRESS_WORKER_ENTRY = new URL('./compress-worker.js', import.meta.url);

/**
 * The default LocalCompressor: one long-lived worker thread runs every call, so the engine's CPU budget (one per
 * thread) covers all running jobs, and sharp's native module is loaded once. The worker starts at the first call;
 * if it dies, its calls fail and the next call starts a new one.
 */
export class WorkerCompressor implements LocalCompressor {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, PendingCall>();

  constructor(private readonly entry: URL = COMPRESS_WORKER_ENTRY) {}

  compress(
    request: LocalCompressionRequest,
    options: { signal: AbortSignal; onProgress: (percent: number) => void },
  ): Promise<LocalCompressionResult> {
    if (options.signal.aborted) return Promise.reject(new LocalCompressionError('cancelled', 'Cancelled'));
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<LocalCompressionResult>((resolve, reject) => {
      const onAbort = () => this.send(worker, { type: 'cancel', id });
      options.signal.addEventListener('abort', onAbort, { once: true });
      const settle = () => options.signal.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        onProgress: options.onProgress,
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
      });
      worker.ref();
      this.send(worker, { type: 'compress', id, ...request });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll('The app is closing');
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry);
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (err) => this.lost(worker, `The compression stopped unexpectedly: ${err.message}`));
    worker.on('exit', () => this.lost(worker, 'The compression stopped unexpectedly'));
    this.worker = worker;
    return worker;
  }

  private send(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    const call = this.pending.get(message.id);
    if (!call) return;
    if (message.type === 'progress') {
      call.onProgress(message.percent);
      return;
    }
    this.pending.delete(message.id);
    // An idle worker does not keep the process alive.
    if (this.pending.size === 0) this.worker?.unref();
    if (message.type === 'done') call.resolve(message.result);
    else call.reject(new LocalCompressionError(message.kind, message.message));
  }

  private lost(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(reason);
  }

  private failAll(reason: string): void {
    for (const call of this.pending.values()) call.reject(new LocalCompressionError('failed', reason));
    this.pending.clear();
  }
}
