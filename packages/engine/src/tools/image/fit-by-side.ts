import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { RESIZABLE_PICTURE_TYPES } from '@shrinkly/contract';
import type { DetectedType } from '../../types.js';
import { searchSize } from '../size-search.js';
import { displayedSize, type Resized, resizeForCall } from './resize.js';

/** Smaller pictures than this are not made smaller still: below it a lower quality serves better than fewer pixels. */
export const MIN_FIT_SIDE = 640;
/** Whole level runs at most, each on a smaller copy. */
const MAX_TRIALS = 3;

/**
 * Past the level's quality for a picture (the user's consent to lower quality), fewer pixels before worse ones: the
 * longest side whose copy, compressed at the level with its own floor, lands just under the target (a picture's
 * bytes go with its area, so the side is searched on that line). For a call's own picture, or a picture inside a
 * document (whose place in the layout is set by the document, not by its pixels). Undefined for pictures that
 * cannot be resized or are already small, or when even a 640 px copy does not fit; the caller then lowers the
 * quality instead. `resultOf` compresses a resized copy at the level (undefined when it could not make one).
 */
export async function fitBySide<R extends { size: number }>(
  input: string,
  type: DetectedType,
  workDir: string,
  targetBytes: number,
  tooLarge: { size: number },
  resultOf: (resized: Resized, workDir: string) => Promise<R | undefined>,
): Promise<R | undefined> {
  if (type.family !== 'image' || !(RESIZABLE_PICTURE_TYPES as readonly string[]).includes(type.ext)) return undefined;
  const side = await displayedSize(input).then(
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
      const dir = await mkdtemp(path.join(workDir, `side-${px}-`));
      const resized = await resizeForCall(input, type, px, dir);
      if (resized.input === input) return undefined;
      const result = await resultOf(resized, dir);
      if (!result) return undefined;
      made.set(px, result);
      return result.size;
    },
  });
  return found ? made.get(found.setting) : undefined;
}
