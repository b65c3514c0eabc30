import { mkdtemp, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONVERTERS } from './convert/index.js';
import type { ConvertOptions, ConvertResult } from './convert/types.js';
import { familyBudget, withEngineCall } from './engine-call.js';
import { EngineError } from './errors.js';
import type { DetectedType } from './types.js';

/**
 * Converts one file to `options.target`. The input's real type is read from its content; the output is opened again
 * and checked (pages, frames, duration) by its converter before it is returned, in a folder of its own. Working
 * files live in a private folder that is removed whatever happens (success, failure or cancel).
 */
export async function convert(input: string, options: ConvertOptions): Promise<ConvertResult> {
  const target = options.target.toLowerCase();
  const converterFor = (type: DetectedType) => {
    const converter = CONVERTERS.find((c) => c.targets(type.ext).includes(target));
    if (converter) return converter;
    if (type.ext === 'pdf' && ['ppt', 'pptx', 'odp'].includes(target)) {
      throw new EngineError('unsupported', 'PDF to PowerPoint conversion is not available');
    }
    throw new EngineError(
      'unsupported',
      `${target.toUpperCase()} conversion is not supported for ${type.ext.toUpperCase()} files`,
    );
  };
  const setup = { budget: familyBudget(options.timeBudgetMs), workPrefix: 'shrinkly-convert', accept: converterFor };
  return withEngineCall(input, options, setup, async (call) => {
    const { type, signal, workDir, runProcess, deadline, progress } = call;
    const out = await converterFor(type).convert(input, type, {
      target,
      signal,
      workDir,
      runProcess,
      deadline,
      onProgress: progress,
    });
    const resultDir = await mkdtemp(path.join(call.baseDir, 'shrinkly-converted-'));
    const output = path.join(resultDir, `converted.${out.format}`);
    await rename(out.path, output);
    options.onProgress?.(100);
    return {
      output,
      format: out.format,
      from: type.ext,
      originalSize: call.originalSize,
      convertedSize: (await stat(output)).size,
      checks: out.checks,
    };
  });
}
