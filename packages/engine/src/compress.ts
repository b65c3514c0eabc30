import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CompressionLevel, DEFAULT_COMPRESSION_LEVEL } from '@shrinkly/contract';
import { Deadline, outOfTime, WORK_BUDGETS } from './budget.js';
import { detect } from './detect.js';
import { EngineError } from './errors.js';
import { FAMILIES } from './families/index.js';
import { runProcess as defaultRunProcess } from './process/run-process.js';
import type { CompressOptions, CompressResult, DetectedType, FamilyCompressor } from './types.js';

/** The family module that compresses this type, or an 'unsupported' error. */
export function familyFor(type: DetectedType): FamilyCompressor {
  const family = FAMILIES.find((f) => f.formats.includes(type.ext));
  if (!family) throw new EngineError('unsupported', `${type.ext.toUpperCase()} files cannot be compressed yet`);
  return family;
}

/**
 * Compresses one file at a level. The result is decoded again and checked by its family before it is returned,
 * and it is never larger than the input: when nothing is gained, the original comes back with `unchanged: true`.
 * Working files live in a private folder that is removed whatever happens (success, failure or cancel).
 */
export async function compress(input: string, options: CompressOptions = {}): Promise<CompressResult> {
  const level: CompressionLevel = options.level ?? DEFAULT_COMPRESSION_LEVEL;
  const originalSize = (await stat(input)).size;
  if (originalSize === 0) throw new EngineError('invalid-input', 'The file is empty');
  const type = await detect(input, options.nameHint);
  const family = familyFor(type);
  const budgetMs = options.timeBudgetMs ?? WORK_BUDGETS[type.family].timeMs;
  const deadline = new Deadline(budgetMs, options.signal, options.timeBudgetMs === undefined);
  const signal = deadline.signal;
  const baseDir = options.tmpDir ?? tmpdir();
  const workDir = await mkdtemp(path.join(baseDir, 'shrinkly-work-'));
  const progress = options.onProgress ?? (() => {});
  try {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    const out = await family.compress(input, type, {
      level,
      signal,
      onProgress: (p) => progress(Math.max(0, Math.min(99, Math.round(p)))),
      workDir,
      runProcess: options.runProcess ?? defaultRunProcess,
      deadline,
    });
    const compressedSize = (await stat(out.path)).size;
    if (compressedSize >= originalSize) {
      progress(100);
      return {
        output: input, format: type.ext, originalSize, compressedSize: originalSize,
        recipe: `kept the original: ${out.recipe} would not make it smaller`, verified: true,
        metrics: {}, notes: out.notes ?? [], unchanged: true,
      };
    }
    const base = path.basename(input, path.extname(input));
    const resultDir = await mkdtemp(path.join(baseDir, 'shrinkly-result-'));
    const output = path.join(resultDir, `${base}.min.${out.format}`);
    await copyFile(out.path, output);
    progress(100);
    return {
      output, format: out.format, originalSize, compressedSize, recipe: out.recipe, verified: true,
      metrics: out.metrics ?? {}, notes: out.notes ?? [], unchanged: false,
    };
  } catch (err) {
    if (deadline.expired) throw outOfTime(type.family, budgetMs);
    if (signal.aborted && !(err instanceof EngineError && err.kind === 'cancelled')) throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    throw err;
  } finally {
    deadline.clear();
    await rm(workDir, { recursive: true, force: true });
  }
}
