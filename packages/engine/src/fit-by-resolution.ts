import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { RESIZABLE_PICTURE_TYPES } from '@shrinkly/contract';
import type { EngineCall } from './engine-call.js';
import { displayedSize, type Resized, resizeForCall } from './resize.js';
import type { Sized } from './target-size.js';
import { searchSize } from './tools/size-search.js';

/** Smaller pictures than this are not made smaller still: below it a lower quality serves better than fewer pixels. */
export const MIN_FIT_SIDE = 640;
/** Whole level runs at most, each on a smaller copy. */
const MAX_TRIALS = 3;

/**
 * Past the level's quality for a picture (the user's consent to lower quality), fewer pixels before worse ones: the
 * longest side whose copy, compressed at the level with its own floor, lands just under the target (a picture's
 * bytes go with its area, so the side is searched on that line). Undefined for pictures that cannot be resized or
 * are already small, or when even a 640 px copy does not fit; the caller then lowers the quality instead.
 * `resultOf` compresses a resized copy at the level, as the call's own resize would.
 */
export async function fitByResolution<R extends Sized>(
  call: EngineCall,
  targetBytes: number,
  tooLarge: R,
  resultOf: (resized: Resized, workDir: string) => Promise<R>,
): Promise<R | undefined> {
  if (call.type.family !== 'image' || !(RESIZABLE_PICTURE_TYPES as readonly string[]).includes(call.type.ext)) return undefined;
  const side = await displayedSize(call.input).then(
    (size) => Math.max(size.width, size.height),
    () => 0,
  );
  if (side <= MIN_FIT_SIDE) return undefined;
  const made = new Map<number, R>();
  const found = await searchSize({
    targetBytes,
    known: [{ setting: side, bytes: tooLarge.size }],
    min: MIN_FIT_SIDE,
    max: side - 1,
    slope: 2 / side,
    maxTrials: MAX_TRIALS,
    evaluate: async (px) => {
      const workDir = await mkdtemp(path.join(call.workDir, `side-${px}-`));
      const resized = await resizeForCall(call.input, call.type, px, workDir);
      if (resized.input === call.input) return undefined;
      const result = await resultOf(resized, workDir);
      made.set(px, result);
      return result.size;
    },
  });
  return found ? made.get(found.setting) : undefined;
}
