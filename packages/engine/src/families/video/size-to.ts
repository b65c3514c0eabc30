import { SSIM_FLOOR } from '../../quality/ssim.js';
import { CLOSE_ENOUGH, searchSize } from '../../tools/size-search.js';
import type { CompressContext, DetectedType, FamilyOutput, KnownResult, SizeRequest } from '../../types.js';
import { describe } from './describe.js';
import { callTrials, OutputRejected, type VerifiedOutput } from './video-trials.js';

/**
 * Whole encodes at most, between two levels or below the floor. The search starts from every output the levels'
 * searches wrote, so most sizings take one; a third is spent only when two left the target bracketed more than a
 * tenth away (a 640×480 clip at CRF 34 and 31: 0.89 of the target and over it; CRF 33 then 0.985). Against the
 * original (above light, or past a level that kept it), a picture better than light's, whose SSIM is 0.99 or more
 * already, is a bonus: two, the slowest encodes of all (a VP9 clip's third took its run from 8.0 to 9.4 s, for 0.87
 * of the target instead of 0.83).
 */
const TRIALS = 3;
const TRIALS_ABOVE_LIGHT = 2;
/** First guess of how ln(bytes) falls per step of a codec's knob (x264's CRF: about 12 % a step). */
const SIZE_SLOPE = -0.12;

/**
 * A video at the knob value whose whole output lands just under the target: between a too-large level's value and
 * a fitting one's (its SSIM must keep the fitting level's floor, checked on the output as every output is), or past
 * the too-large one up to the codec's smallest setting. Audio follows the context level's plan. Searched by the
 * value's index, so falling scales (Theora's) and uneven ones (WMV2's) search alike.
 */
export async function sizeVideo(
  input: string,
  type: DetectedType,
  ctx: CompressContext & { size: SizeRequest },
): Promise<FamilyOutput | undefined> {
  const { job, trials } = await callTrials(input, type, ctx);
  if (!job.picture) return undefined;
  const { targetBytes, tooLarge, fits } = ctx.size;
  // Below the floor, the encoder's last settings too.
  const values = fits ? job.codec.values : [...job.codec.values, ...(job.codec.belowFloor ?? [])];
  // A level that kept the original stands just before the best value.
  const indexOf = (known: KnownResult) => (known.metrics.setting === undefined ? -1 : values.indexOf(known.metrics.setting));
  const over = indexOf(tooLarge);
  const fit = fits && indexOf(fits);
  if (fit === -1) return undefined;
  const max = fit !== undefined ? fit - 1 : values.length - 1;
  // The outputs the levels' searches wrote between the two levels (or past the too-large one) are points of the
  // same curve, and results too: a target between two of them costs one encode, or none.
  const outputs = new Map<number, VerifiedOutput>();
  for (const [value, output] of await trials.written(ctx.level)) {
    const index = values.indexOf(value);
    if (index > over && index <= max) outputs.set(index, output);
  }
  // Between two levels, a result keeps the fitting level's floor (checked on the output as every output is).
  const keeps = (output: VerifiedOutput) =>
    output.bytes <= targetBytes && (!fits || (output.quality?.worst ?? 0) >= SSIM_FLOOR[ctx.level]);
  const close = [...outputs.values()].some((output) => keeps(output) && output.bytes >= targetBytes * CLOSE_ENOUGH);
  if (!close)
    await searchSize({
      targetBytes,
      known: [
        { setting: over, bytes: tooLarge.size },
        ...(fits && fit !== undefined ? [{ setting: fit, bytes: fits.size }] : []),
        ...[...outputs].map(([setting, output]) => ({ setting, bytes: output.bytes })),
      ],
      min: over + 1,
      max,
      slope: SIZE_SLOPE,
      maxTrials: over < 0 ? TRIALS_ABOVE_LIGHT : TRIALS,
      evaluate: async (index) => {
        try {
          const output = await trials.output(values[index], ctx.level);
          outputs.set(index, output);
          return output.bytes;
        } catch (err) {
          if (err instanceof OutputRejected) return undefined;
          throw err;
        }
      },
    });
  // The largest that fits, among the search's trials and the levels' outputs.
  const [index, output] = [...outputs].filter(([, o]) => keeps(o)).sort(([, a], [, b]) => b.bytes - a.bytes)[0] ?? [];
  if (index === undefined || !output) return undefined;
  return describe(job, output, values[index], output.quality, trials.encodes);
}
