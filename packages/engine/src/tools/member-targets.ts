import { mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CompressContext, FamilyOutput, MemberChoices, MemberTargets, SizeRequest } from '../types.js';
import { searchSize } from './size-search.js';

/** Whole rewrites at most: each compresses every file inside to its own target. */
const MAX_TRIALS = 3;
/** Positions are searched in thousandths of each file's range. */
const WHOLE = 1000;

/** Whether a call asks the files inside to change shape (a longest side, a PDF picture resolution), not only size. */
export function reshapesMembers(choices: MemberChoices | undefined): boolean {
  return choices?.maxDimension !== undefined || choices?.maxImagePpi !== undefined;
}

/**
 * A file inside's target (`MemberTargets`): `position` of the way from its result at the level (`atLevel`) to its
 * own size, or, below the level's quality, that share of its result.
 */
export function memberTargetBytes(own: number, atLevel: number, targets: MemberTargets): number {
  const level = Math.min(own, atLevel);
  const wanted = targets.belowFloor ? level * targets.position : level * (own / level) ** targets.position;
  return Math.max(1, Math.floor(wanted));
}

/**
 * A file that holds other files (an archive, an Office document) sized through them: each is given a target the
 * same way along its own range at the level (between two levels: the fitting one, each keeping its floor; past the
 * level, with the user's consent, each may go below it), and the position whose rewritten file lands just under the
 * target is searched. `rewrite` makes the file with the targets in its context; one that comes back as the input
 * (kept, unverified) has nothing to size.
 */
export async function sizeThroughMembers(
  input: string,
  ctx: CompressContext & { size: SizeRequest },
  rewrite: (ctx: CompressContext) => Promise<FamilyOutput>,
): Promise<FamilyOutput | undefined> {
  const { targetBytes, tooLarge, fits } = ctx.size;
  const belowFloor = fits === undefined;
  const outputs = new Map<number, FamilyOutput>();
  const found = await searchSize({
    targetBytes,
    // Between levels: none of the way is the fitting level's file, all of it about the lightest one. Below the
    // floor: all of each file's level result is the level's file, which is too large.
    known: [{ setting: WHOLE, bytes: tooLarge.size }, ...(fits ? [{ setting: 0, bytes: fits.size }] : [])],
    min: 1,
    max: WHOLE - 1,
    slope: fits ? Math.log(tooLarge.size / fits.size) / WHOLE : 1 / WHOLE,
    maxTrials: MAX_TRIALS,
    evaluate: async (position) => {
      const workDir = await mkdtemp(path.join(ctx.workDir, `position-${position}-`));
      const out = await rewrite({ ...ctx, workDir, memberTargets: { position: position / WHOLE, belowFloor } });
      if (out.path === input) return undefined;
      outputs.set(position, out);
      return (await stat(out.path)).size;
    },
  });
  return found ? outputs.get(found.setting) : undefined;
}
