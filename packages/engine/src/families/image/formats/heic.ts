import { stat } from 'node:fs/promises';
import { EngineError } from '../../../errors.js';
import type { CompressContext } from '../../../types.js';
import type { Anchor, Track } from '../search.js';
import { QUALITY_HALVING, QUALITY_SIZING } from './lossy.js';

type ToolContext = Pick<CompressContext, 'runProcess' | 'signal'>;

const HEIF_TIMEOUT_MS = 5 * 60 * 1000;
/** x265's worker threads and frame threads through libheif's pass-through parameters. */
const X265_THREADS = ['-p', 'x265:pools=2', '-p', 'x265:frame-threads=1'];

async function nonEmpty(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
}

function isFatal(err: unknown): boolean {
  return err instanceof EngineError && (err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'tool-missing');
}

/** Remembers, for one job, that PNG output fails for this file's colour profile. */
export interface HeicRoute {
  viaJpeg?: boolean;
}

/**
 * Decodes a HEIC file with heif-convert (libheif + libde265; sharp's libheif has no HEVC decoder). PNG keeps the
 * pixels exactly, but libpng refuses to write some ICC profiles that cameras embed ("known incorrect sRGB
 * profile"); for those the decode goes through a quality-100 JPEG instead, which costs a trace of precision only.
 * Returns the decoded file's path (`base`.png or `base`.jpg).
 */
export async function decodeHeic(ctx: ToolContext, input: string, base: string, route: HeicRoute = {}): Promise<string> {
  const routes = [
    ['png', []],
    ['jpg', ['-q', '100']],
  ] as const;
  for (const [ext, extra] of route.viaJpeg ? routes.slice(1) : routes) {
    const out = `${base}.${ext}`;
    try {
      await ctx.runProcess('heif-convert', ['--quiet', ...extra, input, out], { signal: ctx.signal, timeoutMs: HEIF_TIMEOUT_MS });
      if (await nonEmpty(out)) return out;
    } catch (err) {
      if (isFatal(err)) throw err;
    }
    // Outputs carry the same colour profile as the original, so they need the same route: skip the failing one.
    route.viaJpeg = true;
  }
  throw new EngineError('invalid-input', 'The HEIC image is damaged or incomplete and cannot be read');
}

/**
 * HEIC stays HEIC: x265 through heif-enc, searched on its quality. The input is a clean PNG (pixels and colour
 * profile only), so no EXIF — GPS included — reaches the new file.
 */
export function heicTracks(ctx: ToolContext): Track[] {
  return [heicTrack(ctx)];
}

/** The standard HEIC setting, heif-enc -q 50: the same track at knob 50. */
export function heicAnchor(ctx: ToolContext): Anchor {
  return { track: heicTrack(ctx), knob: 50 };
}

function heicTrack(ctx: ToolContext): Track {
  return {
    id: 'heic-x265',
    stages: {
      light: { min: 55, max: 95, start: 75 },
      balanced: { min: 35, max: 95, start: 55 },
      maximum: { min: 20, max: 75, start: 40 },
    },
    // Each x265 encode plus decode costs about a second: settle for a coarser answer.
    precision: 5,
    halving: QUALITY_HALVING,
    sizing: QUALITY_SIZING,
    encode: async (src, q, out) => {
      // x265's output depends on its threads, which it otherwise sizes from the machine it sees (the sandbox shows
      // less of it): pinned, as x264's and libvpx's are, a result is the same bytes on every machine.
      await ctx.runProcess('heif-enc', ['-q', String(q), ...X265_THREADS, '-o', out, src.path], {
        signal: ctx.signal,
        timeoutMs: HEIF_TIMEOUT_MS,
      });
    },
    describe: (q) => `HEIC (x265) q${q}`,
  };
}
