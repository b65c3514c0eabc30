import { readFile, writeFile } from 'node:fs/promises';
import { type ImageSource, openImage, withProfile } from '../image-io.js';
import { type PngRepack, preparePngRepack, repackPng } from '../png/png-repack.js';
import { type Anchor, losslessStages, type Track } from '../search.js';

/** A PNG's own bytes read for repacking, once per job: the size floor and the repack share the work. */
type RepackOf = (source: ImageSource) => Promise<PngRepack | null>;

function repacksOfJob(): RepackOf {
  const repacks = new Map<string, Promise<PngRepack | null>>();
  return (source) => {
    let repack = repacks.get(source.path);
    if (!repack) {
      repack = readFile(source.path).then((bytes) => preparePngRepack(bytes, source.srgbProfile));
      repacks.set(source.path, repack);
    }
    return repack;
  };
}

/** The best lossless PNG of `source`: repacked from its own bytes when possible, else from a fresh encode. */
async function losslessPng(source: ImageSource, out: string, repackOf: RepackOf, signal: AbortSignal): Promise<void> {
  if (!source.autoOrient && !source.animated) {
    const own = await repackOf(source);
    if (own) return writeFile(out, await own.pack(signal));
  }
  // Interlaced, oriented or non-PNG sources: a plain lossless encode first (fast, since it is repacked anyway).
  let img = openImage(source);
  if (source.autoOrient) img = img.autoOrient();
  const plain = await withProfile(img, source).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  await writeFile(out, (await repackPng(plain, signal)) ?? plain);
}

/** Entries in a PNG's palette (PLTE length / 3), or 256 when there is none. */
function paletteSize(png: Buffer): number {
  const at = png.indexOf('PLTE', 8, 'latin1');
  return at < 4 ? 256 : png.readUInt32BE(at - 4) / 3;
}

/**
 * libimagequant through sharp at pngquant's default speed (4, sharp's effort 7), then the lossless repack (which
 * also packs small palettes into fewer bits).
 */
async function palettePng(source: ImageSource, quality: number, dither: number, out: string, signal: AbortSignal): Promise<void> {
  let img = openImage(source);
  if (source.autoOrient) img = img.autoOrient();
  const quantised = await withProfile(img, source)
    .png({ palette: true, quality, dither, effort: 7, compressionLevel: 9 })
    .toBuffer();
  // libvips' zlib-ng usually matches or beats our deflate on 8-bit indices; the repack pays off when a palette of
  // 16 colours or fewer can be packed into 4, 2 or 1 bits per pixel.
  const repacked = paletteSize(quantised) <= 16 ? await repackPng(quantised, signal) : null;
  await writeFile(out, repacked && repacked.length < quantised.length ? repacked : quantised);
}

/**
 * PNG recipes: light is lossless only (same pixels, smallest storage found); balanced and maximum add palette
 * quantisation, searched on libimagequant's quality.
 */
export function pngTracks(signal: AbortSignal): Track[] {
  const repackOf = repacksOfJob();
  const lossless: Track = {
    id: 'png-lossless',
    stages: losslessStages(),
    precision: 1,
    encode: (src, _q, out) => losslessPng(src, out, repackOf, signal),
    // A PNG's own bytes are repacked: their level-6 deflate bounds the result from below at a tenth of the cost.
    sizeFloor: async (src) => (src.autoOrient || src.animated ? 0 : ((await (await repackOf(src))?.floor(signal)) ?? 0)),
    describe: () => 'lossless PNG optimisation (reduced colour type and bit depth, best row filter, zlib level 9)',
  };
  const quantised = (dither: number, stages: Track['stages']): Track => paletteTrack(dither, stages, signal);
  // Without dithering flat graphics and screenshots come out smaller and sharper; dithering keeps gradients smooth
  // at a few more bytes, so maximum tries it too and the file decides.
  return [
    lossless,
    quantised(0, { balanced: { min: 30, max: 100, start: 80 }, maximum: { min: 10, max: 100, start: 60 } }),
    quantised(1, DITHERED_STAGES),
  ];
}

const DITHERED_STAGES: Track['stages'] = { maximum: { min: 10, max: 100, start: 60 } };

function paletteTrack(dither: number, stages: Track['stages'], signal: AbortSignal): Track {
  return {
    id: `png-palette-d${dither}`,
    stages,
    // libimagequant's quality is a coarse knob (it picks a colour count); finer steps rarely change the file.
    precision: 8,
    encode: (src, q, out) => palettePng(src, q, dither, out, signal),
    describe: (q) => `palette PNG (libimagequant quality ${q}, ${dither > 0 ? 'dithered' : 'no dithering'})`,
  };
}

/**
 * The standard PNG setting, pngquant --quality=65-80: libimagequant (the library pngquant is built on) aiming at
 * quality 80 with Floyd-Steinberg dithering, pngquant's default. It is the dithered track at knob 80, so maximum's
 * search reuses it. (pngquant would refuse to write below quality 65; as a bar that case only lowers the anchor.)
 */
export function pngAnchor(signal: AbortSignal): Anchor {
  return { track: paletteTrack(1, DITHERED_STAGES, signal), knob: 80 };
}
