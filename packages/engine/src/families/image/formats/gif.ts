import { readFile } from 'node:fs/promises';
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

/**
 * Walks a GIF's blocks (extensions, images and their data sub-blocks) to the trailer: true only when every block
 * is well formed and the file ends where the trailer says it does.
 */
export async function gifIsComplete(file: string): Promise<boolean> {
  const b = await readFile(file);
  if (b.length < 14 || !/^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return false;
  const table = (packed: number) => ((packed & 0x80) !== 0 ? 3 * (2 << (packed & 7)) : 0);
  let p = 13 + table(b[10] ?? 0);
  const skipSubBlocks = (): boolean => {
    for (;;) {
      if (p >= b.length) return false;
      const len = b[p++] ?? 0;
      if (len === 0) return true;
      p += len;
    }
  };
  while (p < b.length) {
    const introducer = b[p++];
    if (introducer === 0x3b) return true;
    if (introducer === 0x21) {
      p++;
      if (!skipSubBlocks()) return false;
    } else if (introducer === 0x2c) {
      if (p + 10 > b.length) return false;
      p += 9 + table(b[p + 8] ?? 0) + 1;
      if (!skipSubBlocks()) return false;
    } else return false;
  }
  return false;
}
