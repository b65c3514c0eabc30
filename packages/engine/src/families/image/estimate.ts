import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CompressContext, CompressionLevel } from '../../types.js';
import { type ImageSource, openImage, readError, throwIfAborted } from './image-io.js';
import { Measurer } from './measurer.js';
import { type ImageJob, prepareJob } from './prepare.js';
import { anchoredBars } from './quality.js';
import { eligibleTrials } from './run.js';
import { writeSample } from './sample.js';
import { expectedTrials, LEVEL_ORDER, ladderCandidates, passingTrials, runLadder, type Track, type Trial } from './search.js';

type EstimateContext = Omit<CompressContext, 'level'>;

/** Animated pictures are sampled as a window of this size (at most) over their first frames. */
const ANIM_WINDOW = 512;
const ANIM_FRAMES = 8;
/** The estimate's mosaic: 4×4 tiles of 256 px (1 MP), a quarter of the search's, so a whole ladder takes seconds. */
const ESTIMATE_LAYOUT = { grid: 4, tile: 256 };

/**
 * A sample of an animation: a centred window (up to 512×512) of its first frames, as a lossless animated WebP, so
 * frame differencing sees consecutive frames as in the file. Returns its path, or undefined when it cannot be made.
 */
async function writeAnimationSample(source: ImageSource, out: string): Promise<string | undefined> {
  const { data, info } = await openImage(source).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const pageHeight = info.pageHeight ?? info.height;
  const pages = Math.max(1, Math.floor(info.height / pageHeight));
  const frames = Math.min(ANIM_FRAMES, pages);
  const w = Math.min(ANIM_WINDOW, info.width);
  const h = Math.min(ANIM_WINDOW, pageHeight);
  const left = Math.floor((info.width - w) / 2);
  const top = Math.floor((pageHeight - h) / 2);
  const ch = info.channels;
  const window = Buffer.alloc(w * h * frames * ch);
  for (let f = 0; f < frames; f++) {
    for (let y = 0; y < h; y++) {
      const from = ((f * pageHeight + top + y) * info.width + left) * ch;
      data.copy(window, (f * h + y) * w * ch, from, from + w * ch);
    }
  }
  await sharp(window, { raw: { width: w, height: h * frames, channels: ch as 3 | 4, pageHeight: h } })
    .webp({ lossless: true, effort: 0, loop: 0 })
    .toFile(out);
  return out;
}

/**
 * A GIF's sample cut by gifsicle: the same centred window of its first frames, in the GIF's own palettes and
 * dithering, so that the tracks reading GIFs only (gifsicle's, `Track.originalOnly`) are estimated as well. Returns
 * undefined where gifsicle cannot make it (not installed), and the other samples are used.
 */
async function writeGifSample(source: ImageSource, out: string, ctx: EstimateContext): Promise<ImageSource | undefined> {
  const meta = await openImage(source).metadata();
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = Math.min(ANIM_FRAMES, meta.pages ?? 1);
  const w = Math.min(ANIM_WINDOW, meta.width ?? 0);
  const h = Math.min(ANIM_WINDOW, pageHeight);
  const crop = `${Math.floor(((meta.width ?? 0) - w) / 2)},${Math.floor((pageHeight - h) / 2)}+${w}x${h}`;
  try {
    await ctx.runProcess(
      'gifsicle',
      [
        '--no-warnings',
        '--no-comments',
        '--no-names',
        '--no-extensions',
        '--crop',
        crop,
        source.path,
        `#0-${frames - 1}`,
        '-o',
        out,
      ],
      {
        signal: ctx.signal,
        timeoutMs: 60_000,
      },
    );
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return undefined;
  }
  return { path: out, animated: frames > 1, autoOrient: false };
}

/**
 * The picture the estimate searches, and whether it is in the file's own bytes (a GIF cut by gifsicle), which every
 * track can read; other samples are searched by the tracks that read decoded pixels.
 */
async function estimateSample(
  source: ImageSource,
  ext: string,
  ctx: EstimateContext,
): Promise<{ sample: ImageSource; ownBytes: boolean }> {
  const cut = ext === 'gif' ? await writeGifSample(source, path.join(ctx.workDir, 'estimate-sample.gif'), ctx) : undefined;
  if (cut) return { sample: cut, ownBytes: true };
  if (source.animated) {
    const out = await writeAnimationSample(source, path.join(ctx.workDir, 'estimate-sample.webp'));
    return { sample: out ? { path: out, animated: true, autoOrient: false } : source, ownBytes: false };
  }
  const out = path.join(ctx.workDir, 'estimate-sample.png');
  const written = await writeSample(source, out, ESTIMATE_LAYOUT);
  return { sample: written ? { path: out, animated: false, autoOrient: false } : source, ownBytes: false };
}

/**
 * Expected output size per level without compressing the whole picture: the same per-level search as `compress`
 * (run.ts), on a mosaic of tiles as in sample.ts (4×4 of 256 px) (or, for animations and GIFs, a window of the first
 * frames); each level's winning encoding's bytes per pixel on the sample times the picture's pixel count (all
 * frames), or for a GIF's cut its size in proportion to the cut's own. PNG light is the lossless repack of the mosaic,
 * BMP its PNG. Clamped to the original size and made monotonic.
 */
export async function estimateImageFile(
  input: string,
  ext: string,
  ctx: EstimateContext,
): Promise<Record<CompressionLevel, number>> {
  throwIfAborted(ctx.signal);
  const originalSize = (await stat(input)).size;
  const same = { light: originalSize, balanced: originalSize, maximum: originalSize };
  const prepared = await prepareJob(input, ext, ctx);
  if ('keep' in prepared) return same;
  const { job } = prepared;

  const { sample, ownBytes } = await estimateSample(job.source, ext, ctx).catch((err: unknown) => {
    throw readError(err, ctx.signal);
  });

  // The sample has no timing of its own: the animation check of the full file does not apply to it.
  const sampleJob: ImageJob = { ...job, framesShown: undefined };
  const measurer = new Measurer(sampleJob, ctx, expectedTrials(job.tracks) + 1);
  const ref = await measurer.reference(sample, job.alpha);
  const samplePixels = (ref.width * ref.pageHeight * ref.pages) / (ref.alpha ? 2 : 1);
  // A sample in the file's own bytes carries its result's ratio to the whole file (a window of a picture is rarely
  // as dense as all of it); another sample, its bytes per pixel.
  const scale = ownBytes ? originalSize / (await stat(sample.path)).size : job.pixels / samplePixels;
  const evaluate = (track: Track, knob: number): Promise<Trial> => measurer.trial(track, knob, sample, ref);
  const anchor = job.anchor ? await evaluate(job.anchor.track, job.anchor.knob) : undefined;
  const bars = anchoredBars(anchor?.ssim);
  const tracks = job.tracks.filter((track) => ownBytes || !track.originalOnly);
  const trials = await runLadder(tracks, evaluate, bars, { seed: anchor ? [anchor] : [] });

  const candidates = ladderCandidates((level) => passingTrials(eligibleTrials(trials.through(level), level), bars[level]));
  const sizes = { ...same };
  for (const level of LEVEL_ORDER) {
    const best = candidates(level)[0];
    if (best) sizes[level] = Math.round(best.size * scale);
  }
  const light = Math.min(originalSize, sizes.light);
  const balanced = Math.min(light, sizes.balanced);
  const maximum = Math.min(balanced, sizes.maximum);
  return { light, balanced, maximum };
}
