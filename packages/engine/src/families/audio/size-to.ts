import { mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { AIM, searchSize } from '../../tools/size-search.js';
import type { CompressContext, DetectedType, FamilyOutput, SizeRequest } from '../../types.js';
import { encodeAudioAt } from './ladder.js';
import { recipeFor } from './recipes.js';
import { readAudioSource } from './source.js';

/** Trials at most: a bitrate's size is nearly linear in it, so the second trial usually lands. */
const MAX_TRIALS = 3;
/** LAME's highest average bitrate. */
const MP3_MAX_KBPS = 320;

/**
 * A lossy audio file at the bitrate whose result lands just under the target: between a too-large level's bitrate
 * and a fitting one's (the fitting level's floor is its bitrate, so any bitrate above it keeps it), or below the
 * too-large one down to the encoder's useful minimum. Lossless and kept formats have no bitrate to choose.
 *
 * An MP3 is sized at an average bitrate (`sizedEncode`), whose files do not lie on the levels' constant-bitrate
 * curve (pink noise asked at 159 kb/s averages 126, a tone asked at 104 averages 87): its search starts from the rate
 * the too-large result's size predicts, on its own trials only. A result no larger than the fitting level's is not
 * taken (`fitTarget`), so its floor holds all the same.
 */
export async function sizeAudio(
  input: string,
  type: DetectedType,
  ctx: CompressContext & { size: SizeRequest },
): Promise<FamilyOutput | undefined> {
  const source = await readAudioSource({ runProcess: ctx.runProcess, signal: ctx.signal }, input, ctx.deadline);
  const recipe = recipeFor(type.ext, source.audio);
  if (recipe.kind !== 'lossy') return undefined;
  const { targetBytes, tooLarge, fits } = ctx.size;
  // A level that kept the original stands at the source's own bitrate.
  const overKbps = tooLarge.metrics.setting ?? Math.floor((source.audio.bitRate ?? source.info.bitRate ?? 0) / 1000);
  const fitKbps = fits?.metrics.setting;
  if (!overKbps || !source.info.durationSec) return undefined;
  const outputs = new Map<number, FamilyOutput>();
  // Bytes ≈ overhead + kbps × seconds × 125: ln(bytes) grows by about 1 / kbps per kb/s near a rate.
  const scale =
    recipe.encoder === 'libmp3lame' ? averageScale(fitKbps ?? recipe.minKbps, overKbps, targetBytes, tooLarge.size) : undefined;
  const found = await searchSize({
    targetBytes,
    ...(scale ?? {
      known: [{ setting: overKbps, bytes: tooLarge.size }, ...(fits && fitKbps ? [{ setting: fitKbps, bytes: fits.size }] : [])],
      min: fitKbps !== undefined ? fitKbps + 1 : recipe.minKbps,
      max: overKbps - 1,
      slope: 1 / overKbps,
    }),
    maxTrials: MAX_TRIALS,
    evaluate: async (kbps) => {
      // An encoder that refuses a rate this low for the stream (libvorbis has floors of its own) ends the search.
      // Each trial in a folder of its own: the encodes share their file names, and an earlier trial may be the answer.
      const workDir = await mkdtemp(path.join(ctx.workDir, `${kbps}k-`));
      const out = await encodeAudioAt(input, type, { ...ctx, workDir }, kbps).catch((err: unknown) => {
        if (err instanceof EngineError && err.kind === 'failed') return undefined;
        throw err;
      });
      if (!out) return undefined;
      // An output that failed its check comes back as the original: no result at this bitrate.
      if (out.path === input) return undefined;
      outputs.set(kbps, out);
      return (await stat(out.path)).size;
    },
  });
  return found ? outputs.get(found.setting) : undefined;
}

/**
 * An average-bitrate MP3's search: from the rate the too-large result's size predicts for the target, on its own
 * trials, down to `minKbps` (between two levels, the fitting level's rate: a result under its file is not taken).
 */
function averageScale(minKbps: number, overKbps: number, targetBytes: number, overBytes: number) {
  const start = Math.min(MP3_MAX_KBPS, Math.max(minKbps, Math.floor((overKbps * targetBytes * AIM) / overBytes)));
  return { known: [], start, min: minKbps, max: MP3_MAX_KBPS, slope: 1 / start };
}
