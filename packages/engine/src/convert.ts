import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Deadline, outOfTime, WORK_BUDGETS } from './budget.js';
import { detect } from './detect.js';
import { EngineError } from './errors.js';
import { CONVERTERS } from './convert/index.js';
import type { ConvertOptions, ConvertResult } from './convert/types.js';
import { runProcess as defaultRunProcess } from './process/run-process.js';

/**
 * Converts one file to `options.target`. The input's real type is read from its content; the output is opened again
 * and checked (pages, frames, duration) by its converter before it is returned, in a folder of its own. Working
 * files live in a private folder that is removed whatever happens (success, failure or cancel).
 */
export async function convert(input: string, options: ConvertOptions): Promise<ConvertResult> {
  const target = options.target.toLowerCase();
  const originalSize = (await stat(input)).size;
  if (originalSize === 0) throw new EngineError('invalid-input', 'The file is empty');
  const type = await detect(input, options.nameHint);
  const converter = CONVERTERS.find((c) => c.targets(type.ext).includes(target));
  if (!converter) {
    if (type.ext === 'pdf' && ['ppt', 'pptx', 'odp'].includes(target)) {
      throw new EngineError('unsupported', 'PDF to PowerPoint conversion is not available');
    }
    throw new EngineError('unsupported', `${target.toUpperCase()} conversion is not supported for ${type.ext.toUpperCase()} files`);
  }
  const budgetMs = options.timeBudgetMs ?? WORK_BUDGETS[type.family].timeMs;
  const deadline = new Deadline(budgetMs, options.signal, options.timeBudgetMs === undefined);
  const signal = deadline.signal;
  const baseDir = options.tmpDir ?? tmpdir();
  const workDir = await mkdtemp(path.join(baseDir, 'shrinkly-convert-'));
  const progress = options.onProgress ?? (() => {});
  try {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    const out = await converter.convert(input, type, {
      target, signal, workDir, runProcess: options.runProcess ?? defaultRunProcess, deadline,
      onProgress: (p) => progress(Math.max(0, Math.min(99, Math.round(p)))),
    });
    const resultDir = await mkdtemp(path.join(baseDir, 'shrinkly-converted-'));
    const output = path.join(resultDir, `converted.${out.format}`);
    await rename(out.path, output);
    progress(100);
    return { output, format: out.format, from: type.ext, originalSize, convertedSize: (await stat(output)).size, checks: out.checks };
  } catch (err) {
    if (deadline.expired) throw outOfTime(type.family, budgetMs);
    if (signal.aborted && !(err instanceof EngineError && err.kind === 'cancelled')) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    throw err;
  } finally {
    deadline.clear();
    await rm(workDir, { recursive: true, force: true });
  }
}
