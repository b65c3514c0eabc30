import { isEngineError } from '../../../errors.js';
import type { CompressContext } from '../../../types.js';
import { losslessStages, type Track } from '../search.js';
import { encodeWithSharp } from './sharp-encode.js';

type ToolContext = Pick<CompressContext, 'runProcess' | 'signal'>;

const GIFSICLE_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * GIF stays GIF, by three encoders searched side by side:
 * - gifsicle -O3 (when installed), the standard GIF optimiser: a lossless rewrite of the same frames (transparency where pixels repeat,
 *   frames cropped to what changes, LZW packed again). Comments, names and application extensions go; the loop count
 *   stays. One setting, tried once.
 * - gifsicle's lossy LZW (--lossy): each frame's pixels may take a colour of the same palette close to theirs where that
 *   makes the LZW string longer. Dithered pictures (photos and video made GIF) shrink two to five times at an SSIM of
 *   0.97-0.99, with no colour lost from the palette; cgif's differencing, below, saves little on them.
 * - cgif through sharp, whose knob is 32 minus its inter-frame error: at 32 unchanged pixels are only made transparent
 *   when they are exactly equal to the previous frame; lower values also treat nearly equal pixels as unchanged, which
 *   is where animated GIFs save most. The input palette is reused, so colours do not shift.
 * Every output must play as the original (tools/image/animation-timing.ts): the same loop count and timing, a run of
 * equal neighbouring frames possibly merged into one lasting as long, as both gifsicle and cgif do.
 */
export function gifTracks(ctx: ToolContext, animated: boolean): Track[] {
  return [gifsicleTrack(ctx), cgifTrack(animated), gifsicleLossyTrack(ctx)];
}

/** gifsicle on the original GIF, dropping what a viewer never shows. */
async function gifsicle(ctx: ToolContext, options: string[], src: string, out: string): Promise<void> {
  const args = [...options, '--no-comments', '--no-names', '--no-extensions', '-o', out, src];
  try {
    await ctx.runProcess('gifsicle', args, { signal: ctx.signal, timeoutMs: GIFSICLE_TIMEOUT_MS });
  } catch (err) {
    // Optional: where it is not installed (the desktop app on Windows or macOS), cgif alone makes GIFs smaller.
    if (isEngineError(err, 'tool-missing')) throw new Error('gifsicle is not installed: this candidate is left out');
    throw err;
  }
}

function gifsicleTrack(ctx: ToolContext): Track {
  return {
    id: 'gifsicle',
    stages: losslessStages(32),
    precision: 1,
    originalOnly: true,
    encode: (src, _knob, out) => gifsicle(ctx, ['-O3'], src.path, out),
    describe: () => 'GIF optimised losslessly (gifsicle -O3)',
  };
}

/** The lossy track's knob at its top: --lossy=5, the lightest setting that still changes a dithered picture. */
const LOSSY_TOP = 20;

/** gifsicle's --lossy amount for a knob: 5 at the top, doubling every 4 steps down (each step a distinct amount), 160 at 0. */
function lossyAmount(knob: number): number {
  return Math.round(5 * 2 ** ((LOSSY_TOP - knob) / 4));
}

/**
 * gifsicle --lossy at -O2: -O3's extra frame-layout trials quadruple the time of a lossy pass (3.5 s against 1.1 s on
 * an 80-frame clip) for files within 1 % of -O2's.
 */
function gifsicleLossyTrack(ctx: ToolContext): Track {
  return {
    id: 'gifsicle-lossy',
    stages: {
      light: { min: 16, max: LOSSY_TOP, start: LOSSY_TOP },
      balanced: { min: 4, max: LOSSY_TOP, start: 16 },
      maximum: { min: 0, max: LOSSY_TOP, start: 8 },
    },
    // 2 steps apart, the amounts differ by 41 % and the files by about 5 %.
    precision: 2,
    // The SSIM deficit doubles every 4 to 15 steps on dithered photos, video and drawings.
    halving: 6,
    // Each 4 steps down shrinks the file by about a tenth.
    sizing: { lowest: 0, highest: LOSSY_TOP, slope: 0.026 },
    originalOnly: true,
    encode: (src, knob, out) => gifsicle(ctx, ['-O2', `--lossy=${lossyAmount(knob)}`], src.path, out),
    describe: (knob) => `GIF with lossy LZW compression (gifsicle --lossy=${lossyAmount(knob)})`,
  };
}

/** cgif; its knob only matters between frames, so a single picture gets one setting, re-optimised. */
function cgifTrack(animated: boolean): Track {
  return {
    id: 'gif',
    stages: animated
      ? {
          light: { min: 24, max: 32, start: 32 },
          balanced: { min: 8, max: 32, start: 24 },
          maximum: { min: 0, max: 32, start: 16 },
        }
      : losslessStages(32),
    precision: 2,
    // From no error to 32 the file shrinks to a sixth on animations whose frames change little, steepest at the top.
    ...(animated ? { sizing: { lowest: 0, highest: 32, slope: 0.06 } } : {}),
    encode: (src, knob, out) =>
      encodeWithSharp(src, out, (img) =>
        img.gif({
          effort: 7,
          reuse: true,
          interFrameMaxError: 32 - knob,
          interPaletteMaxError: Math.min(8, Math.round((32 - knob) / 2)),
        }),
      ),
    describe: (knob) =>
      knob === 32 ? 'GIF re-optimised (cgif)' : `GIF with lossy frame differencing (cgif, error ${32 - knob})`,
  };
}
