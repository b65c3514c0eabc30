import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { detect } from '../../detect.js';
import { EngineError } from '../../errors.js';
import { memberTargetBytes, reshapesMembers } from '../../tools/member-targets.js';
import type { CompressContext, FamilyOutput, MemberTargets, NestedEngine } from '../../types.js';

/** The notes `fitTarget` writes about a target (target-size.ts). */
const TARGET_NOTE = /^(Under \S+ |Could not get under |The file is already under )/;

/** Members smaller than this are left to deflate: a family's checks cost more than they could save. */
export const MIN_FAMILY_MEMBER = 1024;

/**
 * Whether members are compressed by their own family: at balanced and maximum, and whenever a target is sized or a
 * longest side or PDF resolution was asked for (at light too, the members then come back resized as asked).
 */
export function compressesMembers(ctx: CompressContext): boolean {
  return ctx.level !== 'light' || ctx.memberTargets !== undefined || reshapesMembers(ctx.memberChoices);
}

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
    // A member is compressed as it would be alone with the archive's choices: resized, its PDF pictures capped, its
    // metadata kept or dropped alike.
    const options = {
      ...ctx.memberChoices,
      level: ctx.level,
      signal: ctx.signal,
      tmpDir,
      runProcess: ctx.runProcess,
      nameHint: name,
    };
    const sized = ctx.memberTargets && (await memberTarget(ctx.nested, file, options, ctx.memberTargets));
    const result = await ctx.nested.compress(file, { ...options, ...sized });
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
      // A member's own target is the archive's business: the archive's answer speaks of the archive's target.
      notes: sized ? result.notes.filter((note) => !TARGET_NOTE.test(note)) : result.notes,
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
 * A member's target along its own range (tools/member-targets.ts): its result at the level comes from the engine's result
 * cache when the level's own run made it.
 */
async function memberTarget(
  nested: NestedEngine,
  file: string,
  options: Parameters<NestedEngine['compress']>[1],
  targets: MemberTargets,
): Promise<{ targetBytes: number; belowFloor: boolean }> {
  const atLevel = await nested.compress(file, options);
  if (!atLevel.unchanged) await rm(path.dirname(atLevel.output), { recursive: true, force: true });
  const targetBytes = memberTargetBytes((await stat(file)).size, atLevel.compressedSize, targets);
  return { targetBytes, belowFloor: targets.belowFloor };
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
