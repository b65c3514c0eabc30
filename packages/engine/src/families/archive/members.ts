import { rm } from 'node:fs/promises';
import path from 'node:path';
import { detect } from '../../detect.js';
import { EngineError } from '../../errors.js';
import type { CompressContext, FamilyOutput } from '../../types.js';

/** Members smaller than this are left to deflate: a family's checks cost more than they could save. */
export const MIN_FAMILY_MEMBER = 1024;

/** A member recompressed by its own family, in the same format. */
export interface MemberResult {
  file: string;
  ext: string;
  notes: string[];
  ssim?: number;
  /** The member result's closeness to the original member (CompressResult.score). */
  score: number | null;
  /** Removes the result's folder once its bytes are in the archive. */
  dispose: () => Promise<void>;
}

/**
 * Compresses one unpacked member with the family of its real type (read from its content, the name only as a
 * hint), at the archive's level, through the engine's own `compress()` so the family's own checks and floors apply.
 * Archives inside archives and plain text are left to deflate. The result is used only when it is smaller and in
 * the same format, since the member keeps its name. Any failure keeps the member as it is; a cancel stops all.
 */
export async function compressMember(
  file: string,
  name: string,
  ctx: CompressContext,
  tmpDir: string,
): Promise<MemberResult | undefined> {
  if (!ctx.nested) return undefined;
  let ext: string;
  try {
    const type = await detect(file, name);
    if (type.family === 'archive' || type.family === 'text') return undefined;
    ext = type.ext;
  } catch {
    return undefined;
  }
  try {
    const result = await ctx.nested.compress(file, {
      level: ctx.level,
      signal: ctx.signal,
      tmpDir,
      runProcess: ctx.runProcess,
      nameHint: name,
    });
    const dispose = async () => {
      if (!result.unchanged) await rm(path.dirname(result.output), { recursive: true, force: true });
    };
    if (result.unchanged || result.format !== ext) {
      await dispose();
      return undefined;
    }
    return {
      file: result.output,
      ext,
      notes: result.notes,
      ...(result.metrics.ssim !== undefined ? { ssim: result.metrics.ssim } : {}),
      score: result.score,
      dispose,
    };
  } catch (err) {
    if (ctx.signal.aborted || (err instanceof EngineError && err.kind === 'cancelled'))
      throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    return undefined;
  }
}

/**
 * The archive's closeness to the original: its least close member's (1 when every member was kept exactly), and
 * unknown as soon as one member's is.
 */
export function lowerScore(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.min(a, b);
}

/** The original archive, kept because the copy made of it (`made`: rewritten, repacked) did not verify. */
export function keptUnverified(input: string, format: 'zip' | '7z', made: string, problem: string): FamilyOutput {
  return { path: input, format, recipe: `kept the original: the ${made} archive did not verify (${problem})`, notes: [] };
}
