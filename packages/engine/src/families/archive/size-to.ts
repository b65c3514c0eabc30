import { mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import { searchSize } from '../../tools/size-search.js';
import type { CompressContext, DetectedType, FamilyOutput, SizeRequest } from '../../types.js';
import { compressSevenZip } from './sevenzip.js';
import { compressZip } from './zip.js';

/** Whole repacks at most: each compresses every member to its own target. */
const MAX_TRIALS = 3;
/** Positions are searched in thousandths of each member's range. */
const WHOLE = 1000;

/**
 * An archive sized through its members: each member is given a target the same way along its own range (types.ts
 * `MemberTargets`) at the level (between two levels: the fitting one, every member keeping its floor; past the level,
 * with the user's consent, each member may go below it), and the position whose repacked archive lands just under
 * the target is searched. Members without a family, and text, stay as the level packs them.
 */
export async function sizeArchive(
  input: string,
  type: DetectedType,
  ctx: CompressContext & { size: SizeRequest },
): Promise<FamilyOutput | undefined> {
  if (type.ext !== 'zip' && type.ext !== '7z') return undefined;
  const { targetBytes, tooLarge, fits } = ctx.size;
  const belowFloor = fits === undefined;
  const outputs = new Map<number, FamilyOutput>();
  const repack = type.ext === 'zip' ? compressZip : compressSevenZip;
  const found = await searchSize({
    targetBytes,
    // Between levels: none of the way is the fitting level's archive, all of it about the lightest one. Below the
    // floor: all of each member's level result is the level's archive, which is too large.
    known: [{ setting: WHOLE, bytes: tooLarge.size }, ...(fits ? [{ setting: 0, bytes: fits.size }] : [])],
    min: 1,
    max: WHOLE - 1,
    slope: fits ? Math.log(tooLarge.size / fits.size) / WHOLE : 1 / WHOLE,
    maxTrials: MAX_TRIALS,
    evaluate: async (position) => {
      const workDir = await mkdtemp(path.join(ctx.workDir, `position-${position}-`));
      const memberTargets = { position: position / WHOLE, belowFloor };
      const out = await repack(input, { ...ctx, workDir, memberTargets });
      // An archive kept as it was (unverified, password-protected) has nothing to size.
      if (out.path === input) return undefined;
      outputs.set(position, out);
      return (await stat(out.path)).size;
    },
  });
  return found ? outputs.get(found.setting) : undefined;
}
