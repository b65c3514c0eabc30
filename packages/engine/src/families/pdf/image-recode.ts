import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { cpuBudget } from '../../cpu-budget.js';
import { pixelSsim } from '../../quality/pixel-ssim.js';
import type { CompressContext } from '../../types.js';
import type { PdfImage } from './image-info.js';
import type { ImagePlan } from './pdf-presets.js';

/** Decoding guard: a picture above this many pixels is left alone. */
export const MAX_PIXELS = 40_000_000;
/** Quality probes per picture: the level's start, then a bisection towards the floor's boundary. */
const PROBES = 3;
/** A re-encoded picture must save at least this share, or the original bytes are kept (no needless generation loss). */
const MIN_SAVING = 0.05;
/** Below this many pixels a side, SSIM's 8×8 windows barely fit: such pictures keep their bytes. */
const MIN_SSIM_SIDE = 16;

type Tools = Pick<CompressContext, 'runProcess' | 'signal'>;

/** A picture re-encoded as JPEG, ready to replace its stream. */
export interface Recoded {
  image: PdfImage;
  file: string;
  width: number;
  height: number;
  ssim: number;
  quality: number;
}

/** A picture at the size a plan encodes it, as raw pixels in its own channels on disk. */
interface Reference {
  file: string;
  width: number;
  height: number;
}

function decoder(image: PdfImage, data: string): Sharp {
  if (image.encoding === 'jpeg') return sharp(data, { ignoreIcc: true, limitInputPixels: MAX_PIXELS });
  return sharp(data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
    limitInputPixels: MAX_PIXELS,
  });
}

/** Whether the stored data is what the image dictionary says (a JPEG of its size and channels, or raw pixels). */
async function matchesDictionary(image: PdfImage, data: string): Promise<boolean> {
  if (image.encoding === 'lossless') return (await stat(data)).size === image.width * image.height * image.channels;
  const meta = await sharp(data).metadata();
  return meta.channels === image.channels && meta.width === image.width && meta.height === image.height;
}

/** The picture's size at a plan: resampled to the plan's resolution for its largest placement, or kept. */
function plannedSize(image: PdfImage, minPpi: number, plan: ImagePlan): { width: number; height: number } {
  const factor = plan.ppi > 0 && minPpi > plan.ppi * 1.1 ? plan.ppi / minPpi : 1;
  return { width: Math.max(1, Math.round(image.width * factor)), height: Math.max(1, Math.round(image.height * factor)) };
}

/**
 * The references of extracted pictures, one per picture and size, written once and shared by every plan that
 * encodes the picture at that size. The colour space is not converted (ignoreIcc): the PDF's own colour space keeps
 * describing the pixels.
 */
export class PictureReferences {
  private readonly made = new Map<string, Promise<Reference | undefined>>();

  constructor(private readonly dir: string) {}

  /** The picture at the plan's size; undefined when its data is not what its dictionary says. */
  at(image: PdfImage, data: string, minPpi: number, plan: ImagePlan): Promise<Reference | undefined> {
    const size = plannedSize(image, minPpi, plan);
    const key = `${image.obj}-${size.width}x${size.height}`;
    let made = this.made.get(key);
    if (!made) {
      made = this.write(image, data, size, path.join(this.dir, `img-${key}.raw`));
      this.made.set(key, made);
    }
    return made;
  }

  /** Deletes every reference written so far. */
  async clear(): Promise<void> {
    const refs = await Promise.allSettled(this.made.values());
    this.made.clear();
    await Promise.all(refs.map((r) => (r.status === 'fulfilled' && r.value ? rm(r.value.file, { force: true }) : undefined)));
  }

  private async write(
    image: PdfImage,
    data: string,
    size: { width: number; height: number },
    file: string,
  ): Promise<Reference | undefined> {
    if (!(await matchesDictionary(image, data))) return undefined;
    const same = size.width === image.width && size.height === image.height;
    const resized = same ? decoder(image, data) : decoder(image, data).resize(size.width, size.height, { fit: 'fill' });
    await writeFile(
      file,
      await resized
        .toColourspace(image.channels === 1 ? 'b-w' : 'srgb')
        .raw()
        .toBuffer(),
    );
    return { file, ...size };
  }
}

/** RGB24 pixels, as SSIM takes them: grey pixels repeated in the three channels (ffmpeg reads grey the same way). */
function asRgb(pixels: Buffer, channels: number): Buffer {
  if (channels === 3) return pixels;
  const rgb = Buffer.alloc(pixels.length * 3);
  for (let i = 0, o = 0; i < pixels.length; i++, o += 3) rgb[o] = rgb[o + 1] = rgb[o + 2] = pixels[i] ?? 0;
  return rgb;
}

/** One probe: the reference encoded with mozjpeg at `quality`, decoded again and measured against the reference in process. */
async function probe(
  pixels: Buffer,
  rgb: Buffer,
  ref: Reference,
  image: PdfImage,
  plan: ImagePlan,
  quality: number,
  file: string,
) {
  const raw = { width: ref.width, height: ref.height, channels: image.channels };
  const info = await sharp(pixels, { raw, limitInputPixels: MAX_PIXELS })
    .toColourspace(image.channels === 1 ? 'b-w' : 'srgb')
    .jpeg({ quality, mozjpeg: true, chromaSubsampling: plan.chromaSubsampling })
    .toFile(file);
  const decoded = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const sameShape = info.channels === image.channels && decoded.info.width === ref.width && decoded.info.height === ref.height;
  const ssim = sameShape
    ? pixelSsim(rgb, asRgb(decoded.data, decoded.info.channels), { width: ref.width, pageHeight: ref.height, pages: 1 })
    : -1;
  return { size: info.size, ssim };
}

/**
 * The lowest quality in the level's range whose SSIM against `ref` meets the floor: the level's start, then a
 * bisection. With `learned`, one probe at that quality. Each probe (an encode and its measurement) holds a slot of the
 * engine's CPU budget. Trial files other than the winner are deleted; `name` prefixes them. The search stops when a
 * quality that misses the floor already makes a file above `maxBytes`: the higher qualities left only make bigger files.
 */
async function searchQuality(
  ref: Reference,
  image: PdfImage,
  plan: ImagePlan,
  name: string,
  tools: Tools,
  maxBytes: number,
  learned?: number,
) {
  const pixels = await readFile(ref.file);
  const rgb = asRgb(pixels, image.channels);
  let best: { file: string; size: number; ssim: number; quality: number } | undefined;
  let [lo, hi] = [plan.quality.min, plan.quality.max];
  for (let probes = 0; probes < (learned ? 1 : PROBES) && lo <= hi; probes++) {
    const quality = learned ?? (probes === 0 ? plan.quality.start : Math.round((lo + hi) / 2));
    const file = `${name}-q${quality}.jpg`;
    const { size, ssim } = await cpuBudget().run(() => probe(pixels, rgb, ref, image, plan, quality, file), tools.signal);
    if (ssim >= plan.floor) {
      if (best) await rm(best.file, { force: true });
      best = { file, size, ssim, quality };
      hi = quality - 1;
    } else {
      await rm(file, { force: true });
      if (ssim < 0 || size > maxBytes) return best;
      lo = quality + 1;
    }
  }
  return best;
}

/**
 * Re-encodes one picture with mozjpeg at a plan: resampled to the plan's resolution (for its largest placement,
 * `minPpi`), then the lowest quality in the plan's range whose SSIM against the resampled original meets the floor.
 * Undefined when the data is not what its dictionary says, the picture is too small for SSIM's windows, no quality
 * meets the floor, or the saving is too small.
 */
export async function recodePicture(
  image: PdfImage,
  data: string,
  minPpi: number,
  plan: ImagePlan,
  refs: PictureReferences,
  name: string,
  tools: Tools,
  learned?: number,
): Promise<Recoded | undefined> {
  if (plan.resampledOnly && plannedSize(image, minPpi, plan).width === image.width) return undefined;
  const ref = await refs.at(image, data, minPpi, plan);
  if (!ref || ref.width < MIN_SSIM_SIDE || ref.height < MIN_SSIM_SIDE) return undefined;
  const maxBytes = image.storedBytes * (1 - MIN_SAVING);
  const best = await searchQuality(ref, image, plan, name, tools, maxBytes, learned);
  if (!best || best.size > maxBytes) {
    if (best) await rm(best.file, { force: true });
    return undefined;
  }
  return { image, file: best.file, width: ref.width, height: ref.height, ssim: best.ssim, quality: best.quality };
}
