import { mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPRESSION_LEVELS, type CompressionLevel } from '@shrinkly/contract';
import { Deadline, outOfTime, PREVIEW_TIME_BUDGET_MS } from './budget.js';
import { familyFor, nestedEngine, resultsFor } from './compress.js';
import { detect } from './detect.js';
import { withEngineCall } from './engine-call.js';
import { EngineError } from './errors.js';
import { jobRunner } from './process/job-runner.js';
import { runProcess as defaultRunProcess } from './process/run-process.js';
import type { CompressOptions, DetectedType, FamilyCompressor } from './types.js';

export interface Estimate {
  originalSize: number;
  /** Expected size in bytes at each level. */
  sizes: Record<CompressionLevel, number>;
  /** 'measured': every level was compressed for real; 'sampled': the family extrapolated from a sample. */
  method: 'measured' | 'sampled';
}

/** Files up to this size are estimated by compressing them for real at each level (exact, and quick enough for a preview). */
const MEASURE_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Expected size per level, for the preview: exact for small files (each level compressed for real), the family's
 * sample-based estimate for big ones — and for small ones whose real compression would not fit the preview's time
 * budget (PREVIEW_TIME_BUDGET_MS). Past the budget either way, the call fails with kind 'over-budget'.
 */
export async function estimate(given: string, options: Omit<CompressOptions, 'level' | 'onProgress'> = {}): Promise<Estimate> {
  // Through any link, as the tools will see it (engine-call.ts).
  const input = await realpath(given);
  const originalSize = (await stat(input)).size;
  const type = await detect(input, options.nameHint);
  const family = familyFor(type);
  const budgetMs = options.timeBudgetMs ?? PREVIEW_TIME_BUDGET_MS;
  // The whole call fits the budget: measuring gets three quarters of it, and sampling what is left.
  const overall = new Deadline(budgetMs, options.signal, false);
  try {
    return await estimateWithin(input, options, { originalSize, type, family, budgetMs, overall });
  } catch (err) {
    if (overall.expired) throw outOfTime(type.family, budgetMs);
    throw err;
  } finally {
    overall.clear();
  }
}

async function estimateWithin(
  input: string,
  options: Omit<CompressOptions, 'level' | 'onProgress'>,
  call: { originalSize: number; type: DetectedType; family: FamilyCompressor; budgetMs: number; overall: Deadline },
): Promise<Estimate> {
  const { originalSize, type, family, budgetMs, overall } = call;
  if (originalSize <= MEASURE_LIMIT_BYTES) {
    const deadline = new Deadline(budgetMs * 0.75, overall.signal, false);
    try {
      return {
        originalSize,
        sizes: clampLadder(await measureLevels(input, { ...options, signal: deadline.signal }), originalSize),
        method: 'measured',
      };
    } catch (err) {
      if (!deadline.expired) throw err;
      if (!family.estimate) throw outOfTime(type.family, budgetMs);
    } finally {
      deadline.clear();
    }
  }
  if (!family.estimate) throw new EngineError('unsupported', `No quick estimate for large ${type.ext.toUpperCase()} files`);
  const deadline = overall;
  const workDir = await mkdtemp(path.join(options.tmpDir ?? tmpdir(), 'shrinkly-work-'));
  try {
    const sizes = await family.estimate(input, type, {
      signal: deadline.signal,
      onProgress: () => {},
      workDir,
      runProcess: jobRunner(options.runProcess ?? defaultRunProcess, { readable: [input], writable: [workDir] }),
      nested: nestedEngine,
    });
    return { originalSize, sizes: clampLadder(sizes, originalSize), method: 'sampled' };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The real size of every level. A family with a ladder finds all three in one search, whose results the
 * compression that follows the preview then takes from the result cache; the others compress once per level.
 */
async function measureLevels(
  input: string,
  options: Omit<CompressOptions, 'level' | 'onProgress'>,
): Promise<Record<CompressionLevel, number>> {
  // The caller's signal carries the preview's deadline.
  const unbounded = () => ({ ms: 2 ** 31 - 1, extendable: false });
  return withEngineCall(input, options, { budget: unbounded, workPrefix: 'shrinkly-work' }, async (call) => {
    const results = await resultsFor(call, COMPRESSION_LEVELS);
    return { light: results.light.size, balanced: results.balanced.size, maximum: results.maximum.size };
  });
}

/** An estimate never promises growth, and a stronger level never promises a bigger file. */
function clampLadder(sizes: Record<CompressionLevel, number>, originalSize: number): Record<CompressionLevel, number> {
  const light = Math.min(sizes.light, originalSize);
  const balanced = Math.min(sizes.balanced, light);
  const maximum = Math.min(sizes.maximum, balanced);
  return { light, balanced, maximum };
}
