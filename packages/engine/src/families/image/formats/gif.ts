import { isEngineError } from '../../../errors.js';
import type { CompressContext } from '../../../types.js';
import { losslessStages, type Track } from '../search.js';
import { encodeWithSharp } from './sharp-encode.js';

type ToolContext = Pick<CompressContext, 'runProcess' | 'signal'>;

const GIFSICLE_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * GIF stays GIF, by two encoders searched side by side:
 * - gifsicle -O3 (when installed), the standard GIF optimiser: a lossless rewrite of the same frames (transparency where pixels repeat,
 *   frames cropped to what changes, LZW packed again). Comments, names and application extensions go; the loop count
 *   stays. One setting, tried once.
 * - cgif through sharp, whose knob is 32 minus its inter-frame error: at 32 unchanged pixels are only made transparent
 *   when they are exactly equal to the previous frame; lower values also treat nearly equal pixels as unchanged, which
 *   is where animated GIFs save most. The input palette is reused, so colours do not shift.
 * Frame count, delays and loop count are checked after decoding either one.
 */
export function gifTracks(ctx: ToolContext): Track[] {
  return [gifsicleTrack(ctx), cgifTrack()];
}

function gifsicleTrack(ctx: ToolContext): Track {
  return {
    id: 'gifsicle',
    stages: losslessStages(32),
    precision: 1,
    originalOnly: true,
    encode: async (src, _knob, out) => {
      const args = ['-O3', '--no-comments', '--no-names', '--no-extensions', '-o', out, src.path];
      try {
        await ctx.runProcess('gifsicle', args, { signal: ctx.signal, timeoutMs: GIFSICLE_TIMEOUT_MS });
      } catch (err) {
        // Optional: where it is not installed (the desktop app on Windows or macOS), cgif alone makes GIFs smaller.
        if (isEngineError(err, 'tool-missing')) throw new Error('gifsicle is not installed: this candidate is left out');
        throw err;
      }
    },
    describe: () => 'GIF optimised losslessly (gifsicle -O3)',
  };
}

function cgifTrack(): Track {
  return {
    id: 'gif',
    stages: {
      light: { min: 24, max: 32, start: 32 },
      balanced: { min: 8, max: 32, start: 24 },
      maximum: { min: 0, max: 32, start: 16 },
    },
    precision: 2,
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
