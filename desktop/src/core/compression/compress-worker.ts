import { parentPort } from 'node:worker_threads';
import { comparisonOf, compress, configureImageMemory, isEngineError } from '@shrinkly/engine';
import type { FromWorker, ToWorker } from './worker-protocol.js';

/**
 * The compression worker: runs the engine's compress() for the main thread, several calls at once sharing this
 * thread's CPU budget, each cancellable by its id. Loaded from the built JavaScript (dist), in the app and in tests.
 */
if (!parentPort) throw new Error('compress-worker.js runs as a worker thread');
const port = parentPort;
const running = new Map<number, AbortController>();
const post = (message: FromWorker) => port.postMessage(message);

configureImageMemory();

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  void run(message);
});

async function run(request: Extract<ToWorker, { type: 'compress' }>): Promise<void> {
  const { id, input, level, tmpDir, targetBytes, belowFloor, maxDimension, maxImagePpi, metadata } = request;
  const controller = new AbortController();
  running.set(id, controller);
  let reported = -1;
  try {
    const result = await compress(input, {
      level,
      targetBytes,
      belowFloor,
      maxDimension,
      maxImagePpi,
      metadata,
      compare: true,
      tmpDir,
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent === reported) return;
        reported = percent;
        post({ type: 'progress', id, percent });
      },
    });
    const { output, format, originalSize, compressedSize, recipe, notes, unchanged, score, compare } = result;
    const comparison = compare?.length ? comparisonOf(compare) : null;
    post({
      type: 'done',
      id,
      result: { output, format, originalSize, compressedSize, recipe, notes, unchanged, score, comparison },
    });
  } catch (err) {
    if (isEngineError(err)) post({ type: 'failed', id, kind: err.kind, message: err.message });
    else post({ type: 'failed', id, kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  } finally {
    running.delete(id);
  }
}
