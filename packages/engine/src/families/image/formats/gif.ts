import type { Track } from '../search.js';
import { encodeWithSharp } from './sharp-encode.js';

/**
 * GIF stays GIF through cgif. The knob is 32 minus cgif's inter-frame error: at 32 unchanged pixels are only made
 * transparent when they are exactly equal to the previous frame (lossless re-optimisation); lower values also treat
 * nearly equal pixels as unchanged, which is what gifsicle's --lossy does and where animated GIFs save most. The
 * input palette is reused, so colours do not shift. Frame count, delays and loop count are carried by sharp and
 * checked after decoding.
 */
export function gifTracks(): Track[] {
  return [
    {
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
    },
  ];
}
